import { group, endpoint } from '../endpoint';
import { ActiveDelinquencyRequestSchema, IdParamsSchema, UploadListSchema, UploadRequestFieldsSchema, UploadSchema } from '../upload';

export const uploads = group('uploads', {
  list: endpoint({
    method: 'GET',
    path: '/api/uploads/',
    tag: 'uploads',
    summary: '自分がアップロードしたファイルの一覧',
    access: 'applicant',
    success: { status: 200, schema: UploadListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/uploads/',
    tag: 'uploads',
    summary: 'ファイルのアップロード（multipart: kind、本人確認書類は side、最後に content_file）。形式はファイルの中身で判定',
    access: 'applicant',
    multipart: UploadRequestFieldsSchema,
    success: { status: 201, schema: UploadSchema },
    errors: ['validation'],
  }),
  content: endpoint({
    method: 'GET',
    path: '/api/uploads/{id}/content/',
    tag: 'uploads',
    summary: 'アップロードしたファイルの中身（添付ファイルとして、本人のみ）',
    access: 'applicant',
    params: IdParamsSchema,
    success: { status: 200, schema: null, file: true },
    errors: ['notFound'],
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/uploads/{id}/',
    tag: 'uploads',
    summary: 'アップロードしたファイルの削除（本人のみ。プロフィールで提出済みの書類は 400）',
    access: 'applicant',
    params: IdParamsSchema,
    success: { status: 204, schema: null },
    errors: ['validation', 'notFound'],
  }),
  activeDelinquency: endpoint({
    method: 'PATCH',
    path: '/api/uploads/active_delinquency/',
    tag: 'uploads',
    summary: '滞納に関する書類を有効にする（ids: 自分の delinquency ファイル）',
    access: 'applicant',
    body: ActiveDelinquencyRequestSchema,
    success: { status: 200, schema: UploadListSchema },
    errors: ['validation'],
  }),
});
