import { ApiError, api, ensureStyleSheet, preloadUploads } from '@app/shared';
import { useEffect, useId, useInsertionEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import * as endpoints from '@app/contracts/endpoints';
import { UPLOAD_MAX_FILE_BYTES, acceptedContentTypes, type Upload, type UploadSide } from '@app/contracts/api/upload';
import { parseUploadKey } from '@app/contracts/domain/statuses';
import { FORMAT_LABELS, acceptAttribute, isPreviewable } from './format';
import { claimUploadSlot } from './in-flight';
import { UPLOAD_FIELD_MESSAGES as M } from './messages';
import { UPLOAD_CSS, UPLOAD_STYLE_ID } from './styles';
import { checkFile, isAbortError, uploadErrorMessage, uploadFile } from './upload-file';
import { PendingFileItem, UploadedFileItem, type PendingItem } from './upload-items';

export interface UploadFieldProps {
  /** The upload key: a kind (`identity`, `pl`) or a suffixed kind (`invoice-12`, `withdrawals_detail-2`). */
  readonly uploadKey: string;
  /** Which side of an identity document (required for `identity`, not sent for other kinds). */
  readonly side?: UploadSide | undefined;
  /** The field's visible label (「表面」「請求書」). */
  readonly label: string;
  readonly description?: ReactNode;
  /** Shows 必須 beside the label and marks the input required. */
  readonly required?: boolean;
  /**
   * The files of this field, as the API answered them. The parent owns them (it keeps the ids to
   * send with its form) and gets every change through `onFilesChange`.
   */
  readonly files: readonly Upload[];
  /** Called with the new list after an upload succeeds (appended) or a delete succeeds (removed). */
  readonly onFilesChange: (files: Upload[]) => void;
  /** Several files may be chosen at once (they go up one after another). */
  readonly multiple?: boolean;
  /** How many files the field holds at most: 1 unless `multiple`, then unlimited. */
  readonly maxFiles?: number;
  /** Opens the camera on a phone (`environment`: the back camera, for documents). */
  readonly capture?: 'environment' | 'user';
  readonly disabled?: boolean;
}

let nextLocalId = 1;

const objectUrlFor = (file: File): string | null =>
  isPreviewable(file.type) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

const revoke = (url: string | null) => {
  if (url !== null && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The one file upload of the site: a drop zone with a real file input, uploads one at a time per
 * kind across the page (「他のファイルをアップロード中です」 for a second), the files checked before
 * they are sent (empty, too large), a progress bar per file announced at start, 50 % and done, a
 * preview of JPEG/PNG, name and size for the rest, delete after an inline confirmation, and each
 * failure shown on its own file (role=alert) without touching the others.
 *
 * Controlled: `files` come from the parent, which persists their ids; `onFilesChange` reports
 * each upload and delete.
 */
export function UploadField({
  uploadKey,
  side,
  label,
  description,
  required = false,
  files,
  onFilesChange,
  multiple = false,
  maxFiles = multiple ? Number.POSITIVE_INFINITY : 1,
  capture,
  disabled = false,
}: UploadFieldProps) {
  const parsed = parseUploadKey(uploadKey);
  if (parsed === null) throw new RangeError(`UploadField: unknown upload key ${JSON.stringify(uploadKey)}`);
  const { kind } = parsed;

  useInsertionEffect(() => ensureStyleSheet(UPLOAD_STYLE_ID, UPLOAD_CSS), []);
  // The client's upload path, ready before the first file is chosen (an upload would load it anyway).
  useEffect(() => void preloadUploads().catch(() => undefined), []);

  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const hintId = `${id}-hint`;
  const chooseId = `${id}-choose`;

  const [pending, setPending] = useState<PendingItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const [deleteErrors, setDeleteErrors] = useState<Readonly<Record<number, string>>>({});
  /** Where focus goes after the confirmation closes: an element id, set by the action that closed it. */
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  // The latest props for callbacks that finish later (an upload resolving after other changes).
  const filesRef = useRef(files);
  const onFilesChangeRef = useRef(onFilesChange);
  useEffect(() => {
    filesRef.current = files;
    onFilesChangeRef.current = onFilesChange;
  });
  const controllers = useRef(new Set<AbortController>());
  const previews = useRef(new Set<string>());

  // Leaving the page: stop what is being sent (its slot is given back) and free the previews.
  useEffect(() => {
    const running = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of running) controller.abort();
      for (const url of urls) revoke(url);
    };
  }, []);

  useEffect(() => {
    if (focusAfter === null) return;
    document.getElementById(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const confirmCancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming !== null) confirmCancelRef.current?.focus();
  }, [confirming]);

  const update = (localId: number, change: Partial<PendingItem>) =>
    setPending((items) => items.map((item) => (item.localId === localId ? { ...item, ...change } : item)));
  const removePending = (localId: number) =>
    setPending((items) => {
      const gone = items.find((item) => item.localId === localId);
      if (gone?.preview) {
        revoke(gone.preview);
        previews.current.delete(gone.preview);
      }
      return items.filter((item) => item.localId !== localId);
    });
  const failed = (file: File, message: string, title: string | null = M.errorTitle): PendingItem => ({
    localId: nextLocalId++,
    name: file.name,
    size: file.size,
    preview: null,
    progress: 0,
    error: { title, message },
  });

  const sendingCount = pending.filter((item) => item.error === null).length;
  const full = files.length + sendingCount >= maxFiles;
  const inactive = disabled || full;
  const limitReached = files.length >= maxFiles;

  async function send(queue: readonly { item: PendingItem; file: File }[], release: () => void) {
    const controller = new AbortController();
    controllers.current.add(controller);
    try {
      for (const { item, file } of queue) {
        let announcedHalf = false;
        setAnnouncement(M.started(item.name));
        try {
          const upload = await uploadFile(uploadKey, file, {
            side: kind === 'identity' ? side : undefined,
            signal: controller.signal,
            onProgress: ({ loaded, total }) => {
              const progress = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
              update(item.localId, { progress });
              if (progress >= 50 && progress < 100 && !announcedHalf) {
                announcedHalf = true;
                setAnnouncement(M.half(item.name));
              }
            },
          });
          removePending(item.localId);
          const next = [...filesRef.current, upload];
          filesRef.current = next;
          onFilesChangeRef.current(next);
          setAnnouncement(M.done(item.name));
        } catch (error) {
          if (isAbortError(error)) return;
          if (item.preview) {
            revoke(item.preview);
            previews.current.delete(item.preview);
          }
          update(item.localId, { preview: null, error: { title: M.errorTitle, message: uploadErrorMessage(error) } });
        }
      }
    } finally {
      controllers.current.delete(controller);
      release();
    }
  }

  function addFiles(list: FileList | readonly File[] | null) {
    const chosen = list === null ? [] : Array.from(list);
    if (chosen.length === 0 || inactive) return;
    const room = Math.max(0, maxFiles - files.length - sendingCount);
    const refused: PendingItem[] = [];
    const sendable: File[] = [];
    chosen.forEach((file, index) => {
      const problem = index >= room ? M.tooMany(maxFiles) : checkFile(file);
      if (problem === null) sendable.push(file);
      else refused.push(failed(file, problem));
    });
    let queue: { item: PendingItem; file: File }[] = [];
    let release: (() => void) | null = null;
    if (sendable.length > 0) {
      release = claimUploadSlot(uploadKey);
      if (release === null) {
        refused.push(...sendable.map((file) => failed(file, M.busy, null)));
      } else {
        queue = sendable.map((file) => {
          const preview = objectUrlFor(file);
          if (preview) previews.current.add(preview);
          return { file, item: { localId: nextLocalId++, name: file.name, size: file.size, preview, progress: 0, error: null } };
        });
      }
    }
    setPending((items) => [...items, ...queue.map((entry) => entry.item), ...refused]);
    if (release !== null && queue.length > 0) void send(queue, release);
  }

  async function remove(upload: Upload) {
    setConfirming(null);
    setDeleting((ids) => new Set(ids).add(upload.id));
    setDeleteErrors(({ [upload.id]: _old, ...rest }) => rest);
    try {
      // Already gone (deleted in another tab or device): what the person wanted has happened.
      await api(endpoints.uploads.delete, { params: { id: upload.id } }).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      const next = filesRef.current.filter((file) => file.id !== upload.id);
      filesRef.current = next;
      onFilesChangeRef.current(next);
      setAnnouncement(M.deleted(upload.name));
      setFocusAfter(inputId);
    } catch {
      setDeleteErrors((errors) => ({ ...errors, [upload.id]: M.deleteFailed }));
      setFocusAfter(`${id}-delete-${upload.id}`);
    } finally {
      setDeleting((ids) => {
        const rest = new Set(ids);
        rest.delete(upload.id);
        return rest;
      });
    }
  }

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = inactive ? 'none' : 'copy';
    if (!inactive) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const formats = [...new Set(acceptedContentTypes(kind).map((type) => FORMAT_LABELS[type] ?? type))].join('・');
  // The size limit stays on one line (never 「20MBま／で）」).
  const hint = (
    <>
      {formats}
      <span className="nobr">（1ファイル{UPLOAD_MAX_FILE_BYTES / 1024 / 1024}MBまで）</span>
    </>
  );
  const describedBy = [description ? descriptionId : null, hintId].filter(Boolean).join(' ');

  return (
    <div className={`field upload-field${disabled ? ' upload-field--disabled' : ''}`}>
      <label className="field__label" id={labelId} htmlFor={inputId}>
        {label}
        {required && <span className="field__required">必須</span>}
      </label>
      {description && (
        <div className="field__description" id={descriptionId}>
          {description}
        </div>
      )}
      <div
        className={`upload-field__dropzone${dragging ? ' upload-field__dropzone--active' : ''}${inactive ? ' upload-field__dropzone--inactive' : ''}`}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          className="upload-field__input visually-hidden"
          type="file"
          accept={acceptAttribute(kind)}
          multiple={multiple}
          capture={capture}
          disabled={inactive}
          required={required && files.length === 0}
          aria-labelledby={`${labelId} ${chooseId}`}
          aria-describedby={describedBy}
          onChange={(event) => {
            const input = event.currentTarget;
            addFiles(input.files);
            // The same file can be chosen again after a failure.
            input.value = '';
          }}
        />
        <span className="upload-field__drop-text" aria-hidden="true">
          {M.dropHere}
        </span>
        <label htmlFor={inputId} id={chooseId} className="button button--secondary upload-field__choose">
          {M.choose}
        </label>
        <span className="upload-field__hint" id={hintId}>
          {limitReached ? M.limitReached(maxFiles) : hint}
        </span>
      </div>

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {(files.length > 0 || pending.length > 0) && (
        <ul className="upload-field__files" aria-label={`${label}のファイル`}>
          {files.map((upload) => (
            <UploadedFileItem
              key={upload.id}
              upload={upload}
              fieldId={id}
              disabled={disabled}
              busy={deleting.has(upload.id)}
              deleteError={deleteErrors[upload.id]}
              confirming={confirming === upload.id}
              cancelRef={confirmCancelRef}
              onAsk={() => setConfirming(upload.id)}
              onDelete={() => void remove(upload)}
              onCancel={() => {
                setConfirming(null);
                setFocusAfter(`${id}-delete-${upload.id}`);
              }}
            />
          ))}
          {pending.map((item) => (
            <PendingFileItem key={item.localId} item={item} onDismiss={() => removePending(item.localId)} />
          ))}
        </ul>
      )}
    </div>
  );
}
