import { useEffect, useRef, useState } from 'react';

/** Pages drawn at most: a longer file is read in full after downloading it. */
export const PDF_MAX_PAGES = 30;

type PagesState =
  | { readonly state: 'loading' }
  | { readonly state: 'shown'; readonly pages: number; readonly total: number }
  | { readonly state: 'error'; readonly message: string };

/**
 * PDF.js, loaded only when a PDF is opened (its own chunk, ~400 KB, and its worker file). Only the
 * parser and the canvas renderer are used: no viewer, no scripting (the sandbox that runs a
 * document's JavaScript is never loaded), no XFA forms, and no `eval` for fonts. A document's
 * /OpenAction scripts, links and forms therefore never run: what the reviewer sees are pixels.
 */
async function loadPdfjs() {
  const pdfjs = await import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist');
  if (pdfjs.GlobalWorkerOptions.workerSrc === '') {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
  }
  return pdfjs;
}

/** Where the build's chunks are (publicPath `auto`: the folder its scripts were loaded from). */
declare const __webpack_public_path__: string;

/**
 * PDF.js's character maps and standard fonts' data, copied beside the build's chunks
 * (rspack.config.mjs): a Japanese PDF whose fonts are not embedded (UniJIS-UCS2-H, 90ms-RKSJ-H) is
 * drawn with them. Fetched from our own origin only when a document needs one.
 */
function pdfjsAssets(): { cMapUrl: string; cMapPacked: true; standardFontDataUrl: string } {
  const base = new URL('pdfjs/', new URL(__webpack_public_path__, document.baseURI));
  return { cMapUrl: `${base.href}cmaps/`, cMapPacked: true, standardFontDataUrl: `${base.href}standard_fonts/` };
}

const pageLabel = (name: string, page: number, total: number) => `${name}（${page}／${total}ページ）`;

/**
 * A PDF drawn page by page onto canvases (fit to the column's width, sharp on high-density
 * screens), each an image named by the file and its page number. A file PDF.js cannot read, or one
 * with a password, says so in Japanese and leaves the download link beside it.
 */
export function PdfPages({ data, name }: { data: ArrayBuffer; name: string }) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<PagesState>({ state: 'loading' });

  useEffect(() => {
    const container = pagesRef.current;
    if (container === null) return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setView({ state: 'loading' });
    (async () => {
      const pdfjs = await loadPdfjs();
      if (cancelled) return;
      // The bytes are handed to the worker (and detached): a copy, so a second opening still has them.
      const task = pdfjs.getDocument({
        data: new Uint8Array(data.slice(0)),
        isEvalSupported: false,
        enableXfa: false,
        ...pdfjsAssets(),
      });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      const total = pdf.numPages;
      const shown = Math.min(total, PDF_MAX_PAGES);
      for (let number = 1; number <= shown; number++) {
        if (cancelled) return;
        const page = await pdf.getPage(number);
        const natural = page.getViewport({ scale: 1 });
        const cssWidth = Math.max(1, container.clientWidth || natural.width);
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (cssWidth / natural.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${cssWidth}px`;
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', pageLabel(name, number, total));
        container.append(canvas);
        await page.render({ canvas, viewport }).promise;
        canvas.dataset.rendered = 'true';
      }
      if (!cancelled) setView({ state: 'shown', pages: shown, total });
    })().catch((error: unknown) => {
      if (cancelled) return;
      const password = (error as { name?: string } | null)?.name === 'PasswordException';
      setView({
        state: 'error',
        message: password
          ? 'パスワードで保護されたPDFはページ内で表示できません。ダウンロードしてご確認ください。'
          : 'このPDFはページ内で表示できませんでした。ダウンロードしてご確認ください。',
      });
    });
    return () => {
      cancelled = true;
      void destroy?.().catch(() => undefined);
      container.replaceChildren();
    };
  }, [data, name]);

  return (
    <div className="bo-pdf" aria-busy={view.state === 'loading'}>
      {view.state === 'loading' && (
        <p className="bo-muted" role="status">
          PDFを読み込んでいます…
        </p>
      )}
      {view.state === 'error' && (
        <p className="bo-alert" role="alert">
          {view.message}
        </p>
      )}
      {view.state === 'shown' && view.total > view.pages && (
        <p className="bo-muted bo-small">
          全{view.total}ページのうち最初の{view.pages}ページを表示しています。続きはダウンロードしてご確認ください。
        </p>
      )}
      {/* A scrolling region must take focus so the keyboard can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={pagesRef} className="bo-pdf__pages" role="group" aria-label={`${name}のページ`} tabIndex={0} />
    </div>
  );
}
