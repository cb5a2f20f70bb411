import { useState } from 'react';
import { changedPaths, withDefaults } from '../model/document';
import { fieldLabel, inPageOrder } from '../model/checks';
import { useWizard, wizard } from '../model/wizard-store';

const timeOf = (iso: string | null): string | null =>
  iso === null
    ? null
    : new Intl.DateTimeFormat('ja-JP', {
        timeZone: 'Asia/Tokyo',
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(iso));

export const CONFLICT_MESSAGES = {
  title: 'ほかのタブまたは端末で、この申し込みの下書きが保存されました',
  body: 'この画面の入力内容は、まだ保存していません（消えてはいません）。どちらの内容で続けるかを選んでください。',
  unreadable: '保存された下書きを読み込めませんでした。通信環境をご確認のうえ、もう一度お試しください。',
} as const;

/**
 * A 409 on save: another tab or device saved the draft first. Nothing is overwritten until the
 * applicant chooses: load the other one (what was typed here is dropped) or keep this page's.
 */
export function ConflictNotice() {
  const status = useWizard((state) => state.save.kind);
  const server = useWizard((state) => state.conflict);
  const mine = useWizard((state) => state.data);
  const [busy, setBusy] = useState(false);
  if (status !== 'conflict') return null;
  const choose = (choice: 'theirs' | 'mine') => {
    setBusy(true);
    void wizard()
      .resolveConflict(choice)
      .finally(() => setBusy(false));
  };
  const when = timeOf(server?.updated_at ?? null);
  const labels = server === null ? [] : [...new Set(inPageOrder(changedPaths(mine, withDefaults(server.data))).map(fieldLabel))];
  return (
    <div className="notice notice--warning conflict-notice" role="alert" data-testid="draft-conflict">
      <p>
        <strong>{CONFLICT_MESSAGES.title}</strong>
      </p>
      {server === null ? (
        <>
          <p>{CONFLICT_MESSAGES.unreadable}</p>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => choose('theirs')}>
            もう一度読み込む
          </button>
        </>
      ) : (
        <>
          <p>
            {CONFLICT_MESSAGES.body}
            {when && <>（ほかの画面で保存された日時: {when}）</>}
          </p>
          {labels.length > 0 && (
            <>
              <p className="conflict-notice__label">内容が異なる項目:</p>
              <ul>
                {labels.slice(0, 8).map((label) => (
                  <li key={label}>{label}</li>
                ))}
                {labels.length > 8 && <li>ほか {labels.length - 8} 項目</li>}
              </ul>
            </>
          )}
          <div className="button-row">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => choose('theirs')}>
              保存された内容を読み込む
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => choose('mine')}>
              この画面の内容で上書きする
            </button>
          </div>
        </>
      )}
    </div>
  );
}
