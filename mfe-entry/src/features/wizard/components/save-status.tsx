import { useWizard, wizard, type SaveStatus } from '../model/wizard-store';

const timeOf = (at: number): string =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' }).format(new Date(at));

export function saveStatusText(status: SaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return '入力内容は自動で保存されます';
    case 'pending':
    case 'saving':
      return '保存中…';
    case 'saved':
      return `保存済み（${timeOf(status.at)}）`;
    case 'offline':
      return '保存できませんでした（オフライン）。接続が戻ると自動で保存します';
    case 'failed':
      return status.message;
    case 'conflict':
      return '自動保存を止めています';
  }
}

/**
 * The autosave state, announced politely (role=status), with 「再試行」 when a save failed. The
 * conflict itself is explained by ConflictNotice.
 */
export function SaveStatusLine() {
  const status = useWizard((state) => state.save);
  const canRetry = status.kind === 'offline' || status.kind === 'failed';
  return (
    <div className={`save-status save-status--${status.kind}`}>
      <p className="save-status__text" role="status">
        <span className="save-status__icon" aria-hidden="true" />
        {saveStatusText(status)}
      </p>
      {canRetry && (
        <button type="button" className="button button--secondary button--small" onClick={() => wizard().retry()}>
          再試行
        </button>
      )}
    </div>
  );
}
