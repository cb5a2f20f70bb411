import * as z from 'zod/mini';
import { UPLOAD_KINDS, parseUploadKey, type UploadKind } from '../domain/statuses';
import { DateTimeSchema, IdSchema } from './common';

/**
 * The multipart part that carries the file of `POST /api/uploads/` (the endpoint says so too:
 * `multipartFile`). Named here once: the upload, the API, the mocks and the field errors use it.
 */
export const UPLOAD_FILE_FIELD = 'content_file';

/**
 * Uploads (spec §3 "Upload kinds", "Upload file item"; §7 `/api/uploads/`).
 */

export const UploadKindSchema = z.enum(UPLOAD_KINDS);

/** An upload key: a kind, or a suffixed kind with its suffix (`withdrawals_detail-2`, `invoice-12`). */
export const UploadKeySchema = z.string().check(z.refine((key) => parseUploadKey(key) !== null));

/**
 * The text fields of `POST /api/uploads/` (multipart): `kind` is the part of the upload key before
 * the dash (`apiUploadKind`); the file itself travels as the multipart part UPLOAD_FILE_FIELD.
 */
export const UploadSideSchema = z.enum(['front', 'back']);
export type UploadSide = z.infer<typeof UploadSideSchema>;

/** `side`: which side of an identity document (required for `identity`, refused for other kinds). */
export const UploadRequestFieldsSchema = z.object({ kind: UploadKindSchema, side: z.optional(UploadSideSchema) }).check(
  z.superRefine((fields, ctx) => {
    if (fields.kind === 'identity' && fields.side === undefined)
      ctx.addIssue({ code: 'custom', message: UPLOAD_MESSAGES.sideRequired, path: ['side'] });
    if (fields.kind !== 'identity' && fields.side !== undefined)
      ctx.addIssue({ code: 'custom', message: UPLOAD_MESSAGES.sideNotForKind, path: ['side'] });
  }),
);
export type UploadRequestFields = z.infer<typeof UploadRequestFieldsSchema>;

/** Upload limits (the API enforces them; the page says them). */
export const UPLOAD_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const UPLOAD_MAX_USER_BYTES = 500 * 1024 * 1024;

/** What a file's own bytes must be, per kind: documents are images or PDF; bank statements also CSV. */
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf'] as const;
export const STATEMENT_KINDS: readonly UploadKind[] = ['withdrawals_detail', 'ib_details'];
export function acceptedContentTypes(kind: UploadKind): readonly string[] {
  return STATEMENT_KINDS.includes(kind) ? [...DOCUMENT_CONTENT_TYPES, 'text/csv'] : DOCUMENT_CONTENT_TYPES;
}

/** Japanese messages of the upload endpoints (shown under 「アップロードエラー」, spec §8). */
export const UPLOAD_MESSAGES = {
  noFile: 'ファイルを選択してください。',
  empty: 'ファイルが空です。内容のあるファイルをお選びください。',
  tooLarge: `ファイルが大きすぎます。1ファイル${UPLOAD_MAX_FILE_BYTES / 1024 / 1024}MBまでです。`,
  quota: `アップロードできる容量の上限（合計${UPLOAD_MAX_USER_BYTES / 1024 / 1024}MB）を超えます。不要なファイルを削除してから、もう一度お試しください。`,
  unsupported: (kind: UploadKind) =>
    STATEMENT_KINDS.includes(kind)
      ? 'このファイルの形式には対応していません。JPEG・PNG・HEIC・PDF・CSVのファイルをお選びください。'
      : 'このファイルの形式には対応していません。JPEG・PNG・HEIC・PDFのファイルをお選びください。',
  pathInName: 'ファイル名にフォルダの区切り（/ や \\）を含めることはできません。',
  interrupted: 'アップロードが途中で途切れました。もう一度お試しください。',
  sideRequired: '本人確認書類の表面か裏面かを選択してください。',
  sideNotForKind: '表面・裏面の指定は本人確認書類のみです。',
  notDelinquency: (id: number) => `ファイル "${id}" は滞納に関する書類ではありません。`,
  submitted: '提出済みの書類は削除できません。差し替える場合は、新しい書類を提出してください。',
} as const;

/** An uploaded file as the API answers it: the id to attach elsewhere, and what to show. */
export const UploadSchema = z.object({
  id: IdSchema,
  kind: UploadKindSchema,
  side: z.nullable(UploadSideSchema),
  name: z.string(),
  content_type: z.string(),
  size: z.int().check(z.positive()),
  active: z.boolean(),
  created_at: DateTimeSchema,
});
export type Upload = z.infer<typeof UploadSchema>;
export const UploadListSchema = z.array(UploadSchema);

/** `{id}` in a path: digits (an id that is not someone's gets 404). */
export const IdParamsSchema = z.object({ id: z.pipe(z.string().check(z.regex(/^[0-9]{1,9}$/)), z.transform(Number)) });

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
