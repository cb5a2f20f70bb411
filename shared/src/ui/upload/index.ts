/**
 * @app/shared/upload — the file upload every remote uses (`<UploadField>`) and the request under it
 * (`uploadFile`). Its own entry point, not part of `@app/shared`, so pages without an upload (the
 * landing page) do not download it. It reaches the API client and the UI kit through the
 * `@app/shared` singleton, so it adds no second copy of them to a remote.
 *
 * ```tsx
 * import { UploadField } from '@app/shared/upload';
 *
 * const [front, setFront] = useState<Upload[]>([]);
 * <UploadField uploadKey="identity" side="front" label="表面" required capture="environment" files={front} onFilesChange={setFront} />
 * // later: api(endpoints.profile.patchNameAndIdentity, { body: { …, addfiles: front.map((f) => f.id) } })
 * ```
 */
export { UploadField, type UploadFieldProps } from './upload-field';
export {
  UPLOAD_FILE_FIELD,
  checkFile,
  isAbortError,
  uploadErrorMessage,
  uploadFile,
  type UploadFileOptions,
  type UploadProgress,
} from './upload-file';
export { claimUploadSlot, isUploadInFlight } from './in-flight';
export { acceptAttribute, formatFileSize, isPreviewable, uploadContentUrl } from './format';
export { UPLOAD_FIELD_MESSAGES } from './messages';
