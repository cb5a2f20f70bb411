import type { RefObject } from 'react';
import type { Upload } from '@app/contracts/api/upload';
import { badgeOf, formatFileSize, isPreviewable, uploadContentUrl } from './format';
import { UPLOAD_FIELD_MESSAGES as M } from './messages';

/** A file being sent, waiting its turn, or refused (until the person dismisses the message). */
export interface PendingItem {
  readonly localId: number;
  readonly name: string;
  readonly size: number;
  /** An object URL of a JPEG/PNG while it is sent; null otherwise. */
  readonly preview: string | null;
  readonly progress: number;
  readonly error: { readonly title: string | null; readonly message: string } | null;
}

export interface UploadedFileItemProps {
  readonly upload: Upload;
  /** The field's `useId`, for the ids of the delete button and the confirmation. */
  readonly fieldId: string;
  readonly disabled: boolean;
  /** Its delete is on its way. */
  readonly busy: boolean;
  readonly deleteError: string | undefined;
  /** 「削除しますか？」 is asked for it now. */
  readonly confirming: boolean;
  /** The confirmation's キャンセル, focused when it opens. */
  readonly cancelRef: RefObject<HTMLButtonElement | null>;
  readonly onAsk: () => void;
  readonly onDelete: () => void;
  readonly onCancel: () => void;
}

/** One uploaded file of the field: its preview or format badge, name and size, and its delete (asked first). */
export function UploadedFileItem({
  upload,
  fieldId: id,
  disabled,
  busy,
  deleteError,
  confirming,
  cancelRef,
  onAsk,
  onDelete,
  onCancel,
}: UploadedFileItemProps) {
  return (
    <li className="upload-file">
      <div className="upload-file__main">
        {isPreviewable(upload.content_type) ? (
          <img className="upload-file__preview" src={uploadContentUrl(upload.id)} alt={`${upload.name}のプレビュー`} />
        ) : (
          <span className="upload-file__badge" aria-hidden="true">
            {badgeOf(upload.name, upload.content_type)}
          </span>
        )}
        <span className="upload-file__info">
          <span className="upload-file__name">{upload.name}</span>
          <span className="upload-file__size">{formatFileSize(upload.size)}</span>
        </span>
        {confirming ? (
          <span className="upload-file__confirm" role="group" aria-labelledby={`${id}-confirm-${upload.id}`}>
            <span id={`${id}-confirm-${upload.id}`} className="upload-file__question">
              {M.deleteConfirm}
            </span>
            <button type="button" className="button button--small upload-file__delete" onClick={onDelete}>
              削除する
            </button>
            <button type="button" ref={cancelRef} className="button button--secondary button--small" onClick={onCancel}>
              キャンセル
            </button>
          </span>
        ) : (
          <button
            type="button"
            id={`${id}-delete-${upload.id}`}
            className="button button--secondary button--small"
            aria-label={`${upload.name}を削除`}
            disabled={disabled || busy}
            onClick={onAsk}
          >
            {busy ? '削除中…' : '削除'}
          </button>
        )}
      </div>
      {deleteError && (
        <p className="upload-file__error" role="alert">
          {deleteError}
        </p>
      )}
    </li>
  );
}

/** One file on its way (a progress bar) or refused (its message, role=alert, and 閉じる). */
export function PendingFileItem({ item, onDismiss }: { readonly item: PendingItem; readonly onDismiss: () => void }) {
  return (
    <li className={`upload-file${item.error ? ' upload-file--failed' : ''}`}>
      <div className="upload-file__main">
        {item.preview ? (
          <img className="upload-file__preview" src={item.preview} alt={`${item.name}のプレビュー`} />
        ) : (
          <span className="upload-file__badge" aria-hidden="true">
            {badgeOf(item.name, '')}
          </span>
        )}
        <span className="upload-file__info">
          <span className="upload-file__name">{item.name}</span>
          <span className="upload-file__size">{formatFileSize(item.size)}</span>
        </span>
        {item.error && (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`${item.name}のエラーを閉じる`}
            onClick={onDismiss}
          >
            閉じる
          </button>
        )}
      </div>
      {item.error ? (
        <div className="upload-file__error" role="alert">
          {item.error.title && <p className="upload-file__error-title">{item.error.title}</p>}
          <p>{item.error.message}</p>
        </div>
      ) : (
        <div className="upload-file__progress">
          <div
            className="upload-progress"
            role="progressbar"
            aria-label={`${item.name}のアップロード`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
          >
            <span className="upload-progress__bar" style={{ width: `${item.progress}%` }} />
          </div>
          <span className="upload-progress__value" aria-hidden="true">
            {item.progress}%
          </span>
        </div>
      )}
    </li>
  );
}
