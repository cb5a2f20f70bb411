import { MESSAGES } from '@app/contracts/domain/messages';

/**
 * What the upload field says. The spec's words (§5, §8) come from the domain's MESSAGES; the server's
 * own messages (too large, empty, unsupported type…) are UPLOAD_MESSAGES of the contracts.
 */
export const UPLOAD_FIELD_MESSAGES = {
  /** Another file of the same kind is being uploaded (one upload per kind at a time). */
  busy: MESSAGES.uploadInProgress,
  /** The heading of a failed upload, above the server's message. */
  errorTitle: MESSAGES.uploadError,
  deleteFailed: MESSAGES.deleteFailed,
  /** A failure that is neither the server's answer nor the network (should not happen). */
  failed: 'アップロードできませんでした。時間をおいてもう一度お試しください。',
  deleteConfirm: '削除しますか？',
  aborted: 'アップロードを中止しました。',
  tooMany: (max: number) => `アップロードできるファイルは${max}件までです。`,
  limitReached: (max: number) => `アップロードできるファイルは${max}件までです。差し替えるときは、先に削除してください。`,
  dropHere: 'ここにファイルをドラッグ＆ドロップするか、',
  choose: 'ファイルを選択',
  started: (name: string) => `${name} をアップロードしています`,
  half: (name: string) => `${name} のアップロード 50%`,
  done: (name: string) => `${name} のアップロードが完了しました`,
  deleted: (name: string) => `${name} を削除しました`,
} as const;
