import { useEffect, useRef } from 'react';

/**
 * The inline 「削除しますか？」 of a claim or a bank: the question, 削除する and キャンセル. キャンセル
 * gets the focus when it opens (the safe choice under the keyboard).
 */
export function ConfirmRemove({
  label,
  question,
  onConfirm,
  onCancel,
}: {
  readonly label: string;
  readonly question: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="notice notice--warning" role="group" aria-label={label}>
      <p>{question}</p>
      <div className="button-row">
        <button type="button" className="button button--primary button--small" onClick={onConfirm}>
          削除する
        </button>
        <button ref={cancelRef} type="button" className="button button--secondary button--small" onClick={onCancel}>
          キャンセル
        </button>
      </div>
    </div>
  );
}
