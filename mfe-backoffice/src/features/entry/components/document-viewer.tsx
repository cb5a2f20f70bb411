import { Suspense, lazy, useEffect, useState } from 'react';
import { csrfHeaders } from '@app/shared';
import type { ContentFile } from '@app/contracts';

// PDF.js only when a PDF is opened (pdf-pages.tsx): the entry page itself never loads it.
const PdfPages = lazy(() => import(/* webpackChunkName: "bo-pdf-pages" */ './pdf-pages').then((m) => ({ default: m.PdfPages })));

/** `GET /api/staff/uploads/{id}/content/` (the file as an attachment; each view is audited). */
export const staffFileUrl = (id: number): string => `/api/staff/uploads/${id}/content/`;

type ViewState =
  | { readonly state: 'closed' }
  | { readonly state: 'loading' }
  | { readonly state: 'shown'; readonly url: string; readonly type: string; readonly bytes: ArrayBuffer; readonly downloadName: string }
  | { readonly state: 'error'; readonly message: string };

const isImage = (type: string) => /^image\/(jpeg|png|gif|webp)$/.test(type);
const isPdf = (type: string) => type === 'application/pdf';

/**
 * The name the server gave the download (Content-Disposition's `filename*`, RFC 5987): the stored
 * name with the extension of the file's detected type (`invoice.html` that is a PDF → `invoice.pdf`).
 */
export function dispositionFileName(header: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(header ?? '')?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * One applicant file, viewable in the page: fetched with the staff session, an image shown in <img>
 * from an object URL, a PDF drawn onto canvases by PDF.js with no scripting (pdf-pages.tsx: the
 * browser's own PDF viewer would run the document's JavaScript over the back office), with a
 * download link under the server's name for it. Nothing is fetched until the reviewer opens it;
 * the object URL is released on close.
 */
export function DocumentViewer({ file, url = staffFileUrl(file.id) }: { file: ContentFile; url?: string }) {
  const [view, setView] = useState<ViewState>({ state: 'closed' });
  const name = file.name ?? `ファイル ${file.id}`;
  useEffect(() => {
    if (view.state !== 'shown') return;
    const shown = view.url;
    return () => URL.revokeObjectURL(shown);
  }, [view]);
  const open = () => {
    setView({ state: 'loading' });
    // The staff page's token: the API audits (and serves) a file view only for the back office's own request.
    fetch(url, { credentials: 'include', headers: csrfHeaders(document.cookie) })
      .then(async (response) => {
        if (!response.ok) {
          if (response.status === 404) throw new Error('ファイルが見つかりません。');
          // The API's own Japanese reason when it gives one (a 403 says how to open the file).
          const detail = await response
            .json()
            .then((body: unknown) => (body as { detail?: unknown } | null)?.detail)
            .catch(() => undefined);
          throw new Error(typeof detail === 'string' ? detail : `ファイルを開けませんでした（ステータス ${response.status}）。`);
        }
        const bytes = await response.arrayBuffer();
        const type = file.content_type ?? response.headers.get('Content-Type')?.split(';')[0] ?? 'application/octet-stream';
        const downloadName = dispositionFileName(response.headers.get('Content-Disposition')) ?? name;
        setView({ state: 'shown', url: URL.createObjectURL(new Blob([bytes], { type })), type, bytes, downloadName });
      })
      .catch((error: unknown) =>
        setView({
          state: 'error',
          message: error instanceof TypeError ? '通信できませんでした。' : error instanceof Error ? error.message : String(error),
        }),
      );
  };
  return (
    <li className="bo-file">
      <div className="bo-file__row">
        <span className="bo-file__name">{name}</span>
        {file.content_type && <span className="bo-muted bo-small">{file.content_type}</span>}
        {view.state === 'shown' ? (
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setView({ state: 'closed' })}
              aria-label={`${name}を閉じる`}
            >
              閉じる
            </button>
            <a className="button button--secondary" href={view.url} download={view.downloadName}>
              ダウンロード
            </a>
          </>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={open}
            disabled={view.state === 'loading'}
            aria-label={`${name}を表示`}
          >
            {view.state === 'loading' ? '読み込み中…' : '表示'}
          </button>
        )}
      </div>
      {view.state === 'error' && (
        <p className="bo-alert" role="alert">
          {view.message}
        </p>
      )}
      {view.state === 'shown' && (
        <div className="bo-viewer">
          {isImage(view.type) ? (
            <img src={view.url} alt={name} />
          ) : isPdf(view.type) ? (
            <Suspense
              fallback={
                <p className="bo-muted" role="status">
                  PDFを読み込んでいます…
                </p>
              }
            >
              <PdfPages data={view.bytes} name={name} />
            </Suspense>
          ) : (
            <p className="bo-muted">この形式はページ内で表示できません。ダウンロードしてご確認ください。</p>
          )}
        </div>
      )}
    </li>
  );
}
