import * as z from 'zod/mini';
import { UPLOAD_KINDS, parseUploadKey } from '../domain/statuses';
import { IdSchema } from './common';

/**
 * Uploads (spec §3 "Upload kinds", "Upload file item"; §7 `/api/uploads/`).
 */

export const UploadKindSchema = z.enum(UPLOAD_KINDS);

/** An upload key: a kind, or a suffixed kind with its suffix (`withdrawals_detail-2`, `invoice-12`). */
export const UploadKeySchema = z.string().check(z.refine((key) => parseUploadKey(key) !== null));

/**
 * The text fields of `POST /api/uploads/` (multipart): `kind` is the part of the upload key before
 * the dash (`apiUploadKind`); the file itself travels as the multipart `content_file` part.
 */
export const UploadRequestFieldsSchema = z.object({ kind: UploadKindSchema });
export type UploadRequestFields = z.infer<typeof UploadRequestFieldsSchema>;

/**
 * One file in the upload state (spec §3): its key, name, content type, a preview (`image`: an object
 * or data URL for images, null otherwise), the error flag with its message, the server id once
 * uploaded (null while uploading or after a failure) and whether it is ticked for a bulk delete.
 */
export const UploadFileItemSchema = z.object({
  kind: UploadKeySchema,
  name: z.string().check(z.minLength(1)),
  content_type: z.string(),
  image: z.nullable(z.string()),
  error: z.boolean(),
  message: z.nullable(z.string()),
  id: z.nullable(IdSchema),
  isTargetOfBulkDelete: z.boolean(),
});
export type UploadFileItem = z.infer<typeof UploadFileItemSchema>;

/** `PATCH /api/uploads/active_delinquency/`: the ids of the delinquency files to activate. */
export const ActiveDelinquencyRequestSchema = z.object({ ids: z.array(IdSchema).check(z.minLength(1)) });
export type ActiveDelinquencyRequest = z.infer<typeof ActiveDelinquencyRequestSchema>;
