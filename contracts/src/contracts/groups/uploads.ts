import { group } from '../endpoint';
import {
  ActiveDelinquencyRequestSchema,
  IdParamsSchema,
  UPLOAD_FILE_FIELD,
  UploadListSchema,
  UploadRequestFieldsSchema,
  UploadSchema,
} from '../upload';

export const uploads = group('uploads', { tag: 'uploads', access: 'applicant' }, ({ GET, POST, PATCH, DELETE }) => ({
  list: GET('/api/uploads/', {
    summary: '自分がアップロードしたファイルの一覧',
    ok: UploadListSchema,
  }),
  create: POST('/api/uploads/', {
    idempotent: true,
    summary: `ファイルのアップロード（multipart: kind、本人確認書類は side、最後に ${UPLOAD_FILE_FIELD}）。形式はファイルの中身で判定`,
    multipart: UploadRequestFieldsSchema,
    multipartFile: UPLOAD_FILE_FIELD,
    created: UploadSchema,
  }),
  content: GET('/api/uploads/{id}/content/', {
    summary: 'アップロードしたファイルの中身（添付ファイルとして、本人のみ）',
    params: IdParamsSchema,
    file: true,
    errors: ['notFound'],
  }),
  delete: DELETE('/api/uploads/{id}/', {
    summary: 'アップロードしたファイルの削除（本人のみ。プロフィールで提出済みの書類は 400）',
    params: IdParamsSchema,
    noContent: true,
    errors: ['validation', 'notFound'],
  }),
  activeDelinquency: PATCH('/api/uploads/active_delinquency/', {
    summary: '滞納に関する書類を有効にする（ids: 自分の delinquency ファイル）',
    body: ActiveDelinquencyRequestSchema,
    ok: UploadListSchema,
  }),
}));
