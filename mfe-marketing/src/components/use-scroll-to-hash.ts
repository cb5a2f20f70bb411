import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

function targetOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Brings the section named by the URL hash (`/#flow`, `/#fees`) into view when the page opens and
 * each time the hash link is followed again, and moves keyboard focus to that section's heading.
 * The first scroll is instant; later ones are smooth unless the visitor prefers reduced motion.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  const mounted = useRef(false);
  useEffect(() => {
    const smooth = mounted.current && !prefersReducedMotion();
    mounted.current = true;
    const target = targetOf(hash);
    if (!target) return;
    const frame = requestAnimationFrame(() => {
      target.scrollIntoView?.({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
      const heading = target.querySelector<HTMLElement>('h2, h1');
      if (heading) {
        heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
