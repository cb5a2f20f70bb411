import { group, endpoint } from '../endpoint';
import { PreEntryRequestSchema, PreEntryResultSchema } from '../pre-entry';

export const preEntry = group('preEntry', {
  get: endpoint({
    method: 'GET',
    path: '/api/pre_entry/',
    tag: 'profile',
    summary: '事前確認の結果（未回答・通過・お断り）',
    access: 'applicant',
    success: { status: 200, schema: PreEntryResultSchema },
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/pre_entry/',
    tag: 'profile',
    summary: '事前確認の回答（質問 id → 選択肢 id）。お断りの場合 has_pre_entry_declined が立つ。回答は一度だけ',
    access: 'applicant',
    body: PreEntryRequestSchema,
    success: { status: 200, schema: PreEntryResultSchema },
    errors: ['validation', 'conflict'],
  }),
});
