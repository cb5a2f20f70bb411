import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The line-break check of issue 22: on the page as it is now, every paragraph, heading, button,
 * label and badge whose text wraps must not end with a line of one or two characters (「受け付けま／
 * した」, 「必／須」). Measured on the real line boxes: each character's box (`Range.getClientRects`
 * over it), grouped into lines by their vertical position. A text that fits on one line is never
 * reported, however short (a 2-character button 戻る).
 */

/** The elements whose last line is checked. */
export const CHECKED_SELECTOR = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'li',
  'dt',
  'dd',
  'th',
  'td',
  'label',
  'legend',
  'summary',
  'button',
  'a.button',
  '[role="button"]',
  '[class*="badge"]',
  '[class*="__required"]',
  '[class*="__optional"]',
  '[class*="-tag"]',
].join(', ');

/** At most this many characters on the last line of a wrapped text is a fault. */
export const MAX_SHORT_LINE = 2;

export interface ShortLastLine {
  /** `tag.class` of the element. */
  readonly element: string;
  /** Its whole text, spaces collapsed. */
  readonly text: string;
  /** Its lines, as laid out. */
  readonly lines: readonly string[];
}

/** Every checked element on the page whose text wraps and ends with a line of 1–2 characters. */
export async function shortLastLines(page: Page, selector = CHECKED_SELECTOR): Promise<ShortLastLine[]> {
  return page.evaluate(
    ({ selector, maxShort }) => {
      interface Glyph {
        readonly char: string;
        readonly top: number;
        readonly bottom: number;
      }
      const SKIPPED_PARENTS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SELECT', 'OPTION', 'TEXTAREA']);

      const displays = new Map<Element, string>();
      const displayOf = (element: Element) => {
        let display = displays.get(element);
        if (display === undefined) displays.set(element, (display = getComputedStyle(element).display));
        return display;
      };
      /**
       * Whether the text lies in the element's own lines: no block between them (a paragraph inside
       * a list item, a flex item inside a label) — that block is checked as an element of its own.
       */
      const inOwnLines = (parent: Element, element: Element) => {
        for (let el: Element | null = parent; el && el !== element; el = el.parentElement) {
          const display = displayOf(el);
          if (!display.startsWith('inline') && display !== 'contents') return false;
        }
        return true;
      };

      /** The characters of the element's visible text in its own lines, each with its box. */
      const glyphsOf = (element: Element): Glyph[] => {
        const glyphs: Glyph[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || SKIPPED_PARENTS.has(parent.tagName) || !inOwnLines(parent, element)) continue;
          // Text for screen readers only (.visually-hidden: a 1 px box) is not laid out for the eye.
          const box = parent.getBoundingClientRect();
          if (box.width <= 2 || box.height <= 2) continue;
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const char = text[i]!;
            if (/\s/.test(char)) continue;
            // A surrogate pair (an emoji, a rare kanji) is one character.
            const end = text.codePointAt(i)! > 0xffff ? i + 2 : i + 1;
            range.setStart(node, i);
            range.setEnd(node, end);
            const rect = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0);
            if (rect) glyphs.push({ char: text.slice(i, end), top: rect.top, bottom: rect.bottom });
            i = end - 1;
          }
        }
        return glyphs;
      };

      /** Groups glyphs (in text order) into lines: a glyph starts a new line when it lies below the current one. */
      const linesOf = (glyphs: readonly Glyph[]): string[] => {
        const lines: { text: string; top: number; bottom: number }[] = [];
        for (const glyph of glyphs) {
          const line = lines[lines.length - 1];
          const middle = (glyph.top + glyph.bottom) / 2;
          if (line && middle > line.top && middle < line.bottom) {
            line.text += glyph.char;
            line.top = Math.min(line.top, glyph.top);
            line.bottom = Math.max(line.bottom, glyph.bottom);
          } else {
            lines.push({ text: glyph.char, top: glyph.top, bottom: glyph.bottom });
          }
        }
        return lines.map((line) => line.text);
      };

      const visible = (element: Element) => {
        const style = getComputedStyle(element);
        return style.visibility !== 'hidden' && style.display !== 'none' && element.getClientRects().length > 0;
      };

      const found: { element: string; text: string; lines: string[] }[] = [];
      for (const element of Array.from(document.querySelectorAll(selector))) {
        if (!visible(element) || element.closest('[aria-hidden="true"], [hidden]')) continue;
        const lines = linesOf(glyphsOf(element));
        const last = lines[lines.length - 1];
        if (lines.length < 2 || last === undefined || [...last].length > maxShort) continue;
        const classes = Array.from(element.classList).join('.');
        found.push({
          element: `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`,
          text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
          lines,
        });
      }
      return found;
    },
    { selector, maxShort: MAX_SHORT_LINE },
  );
}

/** The faults as lines a person reads in a test report: where, the text, and how it broke. */
export const describeShortLines = (url: string, faults: readonly ShortLastLine[]): string[] =>
  faults.map((f) => `${new URL(url).pathname}: ${f.element} 「${f.text}」 broke as 「${f.lines.join('／')}」`);

/** Waits for the page's content, then reports every short last line on it (softly: every page is walked). */
export async function checkLines(page: Page, path: string | null, heading?: string | RegExp) {
  if (path !== null) await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-prerendered]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect.soft(describeShortLines(page.url(), await shortLastLines(page))).toEqual([]);
}
