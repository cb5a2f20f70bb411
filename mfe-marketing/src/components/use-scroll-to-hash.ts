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
 * Where a page opens. With a hash (`/#flow`, `/#fees`) the named section comes into view, when the
 * page opens and each time the hash link is followed again, and keyboard focus moves to its
 * heading; the first scroll is instant, later ones smooth unless reduced motion is preferred.
 * Without a hash, the shared route view already opens a page reached inside the site at its top.
 */
export function useScrollToHash(): void {
  const { hash, key } = useLocation();
  const mounted = useRef(false);
  useEffect(() => {
    const firstRun = !mounted.current;
    mounted.current = true;
    const target = targetOf(hash);
    if (!target) return;
    const smooth = !firstRun && !prefersReducedMotion();
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
