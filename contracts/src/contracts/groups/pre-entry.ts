import { group } from '../endpoint';
import { PreEntryRequestSchema, PreEntryResultSchema } from '../pre-entry';

export const preEntry = group('preEntry', { tag: 'profile', access: 'applicant' }, ({ GET, POST }) => ({
  get: GET('/api/pre_entry/', {
    summary: '事前確認の結果（未回答・通過・お断り）',
    ok: PreEntryResultSchema,
  }),
  submit: POST('/api/pre_entry/', {
    summary: '事前確認の回答（質問 id → 選択肢 id）。お断りの場合 has_pre_entry_declined が立つ。回答は一度だけ',
    body: PreEntryRequestSchema,
    ok: PreEntryResultSchema,
    errors: ['conflict'],
  }),
}));
