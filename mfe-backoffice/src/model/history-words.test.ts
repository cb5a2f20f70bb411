import { describe, expect, test } from 'vitest';
import { AUDIT_EVENT_NAMES } from '@app/contracts';
import { HISTORY_FORMATTERS, NO_TARGET, UNKNOWN_EVENT, describeHistoryEvent, type HistoryWords } from './history-words';

const context = {
  claims: [
    { id: 5, obliger_company_name: '株式会社サンプル商事' },
    { id: 6, obliger_company_name: '有限会社テスト' },
  ],
};

type Row = {
  event: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  data?: Record<string, unknown>;
};

/** An audit row as the history endpoint answers it: before/after lifted out of data. */
const row = ({ event, before = null, after = null, data = {} }: Row) => ({
  event,
  before,
  after,
  data: { ...data, ...(before ? { before } : {}), ...(after ? { after } : {}) },
});

const unpriced = {
  status: 1,
  purchase_ratio: null,
  purchase_fee_ratio: null,
  bank_charge: null,
  purchase_principal_amount: null,
  purchase_fee: null,
  purchase_amount: null,
};
const priced = {
  status: 3,
  purchase_ratio: '0.8000',
  purchase_fee_ratio: '0.0500',
  bank_charge: '660.00',
  purchase_principal_amount: '800000.00',
  purchase_fee: '40000.00',
  purchase_amount: '759340.00',
};

/** The records the API writes (api/src/modules/**: the shapes of `writeAudit`'s data), and their words. */
const CASES: readonly [string, Row, HistoryWords][] = [
  [
    'an invoice confirmed, named by its claim',
    {
      event: 'entry.document_reviewed',
      data: { group: 'invoice', claim_id: 5, decision: 'confirmed' },
      before: { confirmation_status: 1, reason: null },
      after: { confirmation_status: 3, reason: null },
    },
    { action: '書類の判定', target: '請求書1 株式会社サンプル商事宛の請求書', details: ['判定 確認中 → 確認済'] },
  ],
  [
    'the bank statements sent back with the reason',
    {
      event: 'entry.document_reviewed',
      data: { group: 'withdrawals_detail', claim_id: null, decision: 'inadequate' },
      before: { confirmation_status: 1, reason: null },
      after: { confirmation_status: 2, reason: '3か月分そろっていません。' },
    },
    { action: '書類の判定', target: '入出金明細', details: ['判定 確認中 → 不備', '差し戻しの理由「3か月分そろっていません。」'] },
  ],
  [
    'the financial statements',
    {
      event: 'entry.document_reviewed',
      data: { group: 'financial_statements', claim_id: null },
      before: { confirmation_status: 2, reason: '古い' },
      after: { confirmation_status: 3, reason: null },
    },
    { action: '書類の判定', target: '決算書・確定申告書など', details: ['判定 不備 → 確認済'] },
  ],
  [
    'the second claim’s additional documents',
    {
      event: 'entry.document_reviewed',
      data: { group: 'additional_doc', claim_id: 6 },
      before: { confirmation_status: 1, reason: null },
      after: { confirmation_status: 3, reason: null },
    },
    { action: '書類の判定', target: '請求書2 有限会社テスト宛の追加書類', details: ['判定 確認中 → 確認済'] },
  ],
  [
    'an old decision that did not record its document',
    { event: 'entry.document_reviewed', before: { confirmation_status: 1 }, after: { confirmation_status: 3 } },
    { action: `書類の判定（${NO_TARGET}）`, target: null, details: ['判定 確認中 → 確認済'] },
  ],
  [
    'a decision on a claim no longer in the entry',
    { event: 'entry.document_reviewed', data: { group: 'invoice', claim_id: 99 }, after: { confirmation_status: 3 } },
    { action: '書類の判定', target: `請求書（${NO_TARGET}）の請求書`, details: ['判定 確認済'] },
  ],
  [
    'a claim priced: every figure in yen',
    { event: 'claim.decided', data: { claim_id: 5, claim_code: 'C-000031', decision: 'can_buy' }, before: unpriced, after: priced },
    {
      action: '買取可否の判定',
      target: '請求書1 株式会社サンプル商事宛',
      details: [
        '判定 審査中 → 買取可',
        '掛目 0.8',
        '手数料率 0.05',
        '振込手数料 660円',
        '買取元本 800,000円',
        '手数料 40,000円',
        '買取額 759,340円',
      ],
    },
  ],
  [
    'a claim priced again: only what changed',
    {
      event: 'claim.decided',
      data: { claim_id: 6, claim_code: 'C-000032', decision: 'can_buy' },
      before: priced,
      after: { ...priced, bank_charge: '0.00', purchase_amount: '760000.00' },
    },
    {
      action: '買取可否の判定',
      target: '請求書2 有限会社テスト宛',
      details: ['振込手数料 660円 → 0円', '買取額 759,340円 → 760,000円'],
    },
  ],
  [
    'a priced claim turned down; a claim unknown to the entry by its code',
    { event: 'claim.decided', data: { claim_id: 77, claim_code: 'C-000077' }, before: priced, after: { ...unpriced, status: 8 } },
    {
      action: '買取可否の判定',
      target: '請求書（C-000077）',
      details: [
        '判定 買取可 → 買取不可',
        '掛目 0.8 → なし',
        '手数料率 0.05 → なし',
        '振込手数料 660円 → なし',
        '買取元本 800,000円 → なし',
        '手数料 40,000円 → なし',
        '買取額 759,340円 → なし',
      ],
    },
  ],
  [
    'sent back: the entry, the claims moved and each document with its reason',
    {
      event: 'entry.marked_inadequate',
      data: {
        action: 'markInadequate',
        documents: [
          { group: 'withdrawals_detail', claim_id: null, reason: '3か月分ください。' },
          { group: 'invoice', claim_id: 5, reason: '不鮮明です。' },
        ],
      },
      before: {
        status: 1,
        claims: [
          { id: 5, code: 'C-000031', status: 1 },
          { id: 6, code: 'C-000032', status: 1 },
        ],
      },
      after: {
        status: 2,
        claims: [
          { id: 5, code: 'C-000031', status: 2 },
          { id: 6, code: 'C-000032', status: 1 },
        ],
      },
    },
    {
      action: '不備として差し戻し',
      target: null,
      details: [
        '状態 審査中 → 書類の不備あり',
        '請求書1 株式会社サンプル商事宛 審査中 → 書類の不備あり',
        '差し戻した書類：入出金明細（理由「3か月分ください。」）',
        '差し戻した書類：請求書1 株式会社サンプル商事宛の請求書（理由「不鮮明です。」）',
      ],
    },
  ],
  [
    'お断り with its reason',
    {
      event: 'entry.rejected',
      data: { action: 'reject', reason: '売掛先の確認が取れませんでした。' },
      before: { status: 1, claims: [{ id: 5, code: 'C-000031', status: 1 }] },
      after: { status: 6, claims: [{ id: 5, code: 'C-000031', status: 8 }] },
    },
    {
      action: 'お断り',
      target: null,
      details: [
        '状態 審査中 → 終了',
        '請求書1 株式会社サンプル商事宛 審査中 → 買取不可',
        'お断りの理由「売掛先の確認が取れませんでした。」',
      ],
    },
  ],
  [
    'a takeover of the entry (担当)',
    {
      event: 'entry.assignee_changed',
      data: {},
      before: { staff_id: 1, staff_name: '審査 一郎' },
      after: { staff_id: 2, staff_name: '承認 花子' },
    },
    { action: '担当', target: null, details: ['担当 審査 一郎 → 承認 花子'] },
  ],
  [
    'letting the entry go',
    {
      event: 'entry.assignee_changed',
      data: {},
      before: { staff_id: 2, staff_name: '承認 花子' },
      after: { staff_id: null, staff_name: null },
    },
    { action: '担当を外す', target: null, details: ['担当 承認 花子 → なし'] },
  ],
  [
    'the approval: the last day to sign, each claim’s purchase and the total',
    {
      event: 'entry.approved',
      data: {
        claims: [
          { id: 5, code: 'C-000031', ...priced, priced_by: 2 },
          { id: 6, code: 'C-000032', ...unpriced, status: 8, priced_by: null },
        ],
        purchase_amount: '759340',
        contract_party: { name: '…' },
      },
      before: { status: 1, contract_period: null },
      after: { status: 3, contract_period: '2026-12-05' },
    },
    {
      action: '買取条件の承認',
      target: null,
      details: [
        '状態 審査中 → 審査完了・ご契約手続き待ち',
        '契約期限 2026年12月5日',
        '請求書1 株式会社サンプル商事宛 買取額 759,340円',
        '買取額の合計 759,340円',
      ],
    },
  ],
  [
    'the identity confirmed, its document named',
    {
      event: 'identity.reviewed',
      data: { identity_document_type: 'drivingLicence' },
      before: { identity_confirmation: 'confirming', identity_valid_date: null },
      after: { identity_confirmation: 'confirmed', identity_valid_date: '2029-04-01' },
    },
    { action: '本人確認の判定', target: '本人確認書類（運転免許証）', details: ['本人確認 確認中 → 確認済', '有効期限 2029年4月1日'] },
  ],
  [
    'an operator put the applicant in a segment',
    { event: 'account.segment_changed', data: {}, before: { user_segment: null }, after: { user_segment: 'pilot' } },
    { action: 'ユーザーセグメントの変更', target: null, details: ['セグメント なし → pilot'] },
  ],
  [
    'an identity review written before the document type was recorded, with its reason',
    {
      event: 'identity.reviewed',
      data: { reason: '氏名が読み取れません。' },
      before: { identity_confirmation: 'confirming', identity_valid_date: null },
      after: { identity_confirmation: 'inadequate', identity_valid_date: null },
    },
    { action: '本人確認の判定', target: '本人確認書類', details: ['本人確認 確認中 → 不備', '不備の理由「氏名が読み取れません。」'] },
  ],
  [
    'the identity document submitted (statuses as codes)',
    {
      event: 'identity.submitted',
      data: { files: [12, 13] },
      before: { identity_confirmation: 4, identity_document_type: null },
      after: { identity_confirmation: 1, identity_document_type: 'passport' },
    },
    { action: '本人確認書類の提出', target: '本人確認書類（パスポート）', details: ['本人確認 未提出 → 確認中'] },
  ],
  [
    'the entry created',
    {
      event: 'entry.created',
      data: {
        code: 'E-000021',
        status: 1,
        claims: [
          { id: 5, code: 'C-000031', status: 1 },
          { id: 6, code: 'C-000032', status: 1 },
        ],
        files: [1, 2],
      },
      before: { withdrawals_detail_status: 4, financial_statements_status: 4 },
      after: { withdrawals_detail_status: 1, financial_statements_status: 1 },
    },
    {
      action: 'お申し込み',
      target: null,
      details: ['申込番号 E-000021', '請求書 2件', '請求書1 株式会社サンプル商事宛', '請求書2 有限会社テスト宛'],
    },
  ],
  [
    'resubmitted: which documents came again',
    {
      event: 'entry.resubmitted',
      data: {
        code: 'E-000021',
        files: [
          { id: 40, group: 'withdrawals_detail', claim_id: null, kind: 'withdrawals_detail' },
          { id: 41, group: 'withdrawals_detail', claim_id: null, kind: 'withdrawals_detail' },
          { id: 42, group: 'invoice', claim_id: 5, kind: 'invoice' },
        ],
      },
      before: { status: 2, inadequate_documents: [{ group: 'withdrawals_detail' }], claims: [{ id: 5, code: 'C-000031', status: 2 }] },
      after: { status: 1, inadequate_documents: [], claims: [{ id: 5, code: 'C-000031', status: 1 }] },
    },
    {
      action: '書類の再提出',
      target: null,
      details: [
        '状態 書類の不備あり → 審査中',
        '請求書1 株式会社サンプル商事宛 書類の不備あり → 審査中',
        '再提出した書類：入出金明細、請求書1 株式会社サンプル商事宛の請求書',
      ],
    },
  ],
  [
    'cancelled by the applicant',
    {
      event: 'entry.cancelled',
      data: { code: 'E-000021' },
      before: { status: 1, cancelled_at: null, claims: [{ id: 5, code: 'C-000031', status: 1 }] },
      after: { status: 6, cancelled_at: '2026-11-20T01:00:00.000Z', claims: [{ id: 5, code: 'C-000031', status: 9 }] },
    },
    { action: '申込者による取り消し', target: null, details: ['状態 審査中 → 終了', '請求書1 株式会社サンプル商事宛 審査中 → 取り消し'] },
  ],
  [
    'signed',
    {
      event: 'entry.contracted',
      data: { code: 'E-000021', agreed: true, contract_period: '2026-12-05', purchase_amount: '759340', contract_document_bytes: 2000 },
      before: { status: 3, contracted_at: null, claims: [{ id: 5, code: 'C-000031', status: 3 }] },
      after: { status: 4, contracted_at: '2026-11-21T01:00:00.000Z', claims: [{ id: 5, code: 'C-000031', status: 4 }] },
    },
    {
      action: '契約（署名）',
      target: null,
      details: [
        '状態 審査完了・ご契約手続き待ち → ご契約済み',
        '請求書1 株式会社サンプル商事宛 買取可 → ご契約済み',
        '買取額の合計 759,340円',
        '契約期限 2026年12月5日',
      ],
    },
  ],
  [
    '入金',
    {
      event: 'entry.transferred',
      data: { action: 'transfer' },
      before: { status: 4, claims: [{ id: 5, code: 'C-000031', status: 4 }] },
      after: { status: 5, claims: [{ id: 5, code: 'C-000031', status: 5 }] },
    },
    {
      action: '入金',
      target: null,
      details: ['状態 ご契約済み → お振込み済み', '請求書1 株式会社サンプル商事宛 ご契約済み → お振込み済み'],
    },
  ],
  [
    'an open offer ended with its reason',
    {
      event: 'entry.archived',
      data: { action: 'archive', reason: '売掛先が倒産しました。', offerOpen: true },
      before: { status: 3, claims: [{ id: 5, code: 'C-000031', status: 3 }] },
      after: { status: 6, claims: [{ id: 5, code: 'C-000031', status: 9 }] },
    },
    {
      action: '終了',
      target: null,
      details: [
        '状態 審査完了・ご契約手続き待ち → 終了',
        '請求書1 株式会社サンプル商事宛 買取可 → 取り消し',
        '契約期限前にご提案を終了',
        '終了の理由「売掛先が倒産しました。」',
      ],
    },
  ],
  [
    'the payout account changed (masked as stored)',
    {
      event: 'entry.bank_account_changed',
      data: { status: 4, payout_hold: true },
      before: { bank_account: 'りそな 東京営業部 普通 ****567' },
      after: { bank_account: 'みずほ 渋谷 当座 ****321' },
    },
    {
      action: '振込先口座の変更（入金保留）',
      target: null,
      details: ['振込先口座 りそな 東京営業部 普通 ****567 → みずほ 渋谷 当座 ****321'],
    },
  ],
  [
    'the changed account confirmed',
    {
      event: 'entry.bank_account_confirmed',
      data: {
        bank_account: 'みずほ 渋谷 当座 ****321',
        previous: 'りそな 東京営業部 普通 ****567',
        held_since: '2026-11-21T01:00:00.000Z',
      },
    },
    {
      action: '変更後の振込先口座の確認（入金の保留を解除）',
      target: null,
      details: ['振込先口座 りそな 東京営業部 普通 ****567 → みずほ 渋谷 当座 ****321'],
    },
  ],
  [
    'a claim paid late',
    {
      event: 'claim.delayed',
      data: { claim_id: 5, claim_code: 'C-000031', action: 'delay' },
      before: { status: 5, returned_at: null },
      after: { status: 7, returned_at: null },
    },
    { action: '支払遅延', target: '請求書1 株式会社サンプル商事宛', details: ['状態 お振込み済み → 支払遅延'] },
  ],
  [
    'a claim collected',
    {
      event: 'claim.returned',
      data: { claim_id: 6, claim_code: 'C-000032', action: 'return' },
      before: { status: 7, returned_at: null },
      after: { status: 6, returned_at: '2026-12-01T01:00:00.000Z' },
    },
    { action: '回収', target: '請求書2 有限会社テスト宛', details: ['状態 支払遅延 → 回収済み'] },
  ],
  [
    'the signed contract opened by staff',
    { event: 'entry.contract_viewed_by_staff', data: { code: 'E-000021' } },
    { action: '契約書の閲覧（スタッフ）', target: null, details: [] },
  ],
  [
    'a file opened by staff, by its name',
    { event: 'upload.viewed_by_staff', data: { user_id: 7, kind: 'invoice', name: '請求書.pdf' } },
    { action: 'ファイルの閲覧（スタッフ）', target: '請求書.pdf', details: [] },
  ],
  [
    'an event this page does not know yet',
    { event: 'entry.assignment_taken', data: { from: 2, to: 3 }, before: { staff: 2 }, after: { staff: 3 } },
    { action: UNKNOWN_EVENT, target: null, details: [] },
  ],
  [
    'a status the domain does not know is never its code',
    {
      event: 'entry.transferred',
      before: { status: 42, claims: [{ id: 5, status: 99 }] },
      after: { status: 5, claims: [{ id: 5, status: 5 }] },
    },
    {
      action: '入金',
      target: null,
      details: ['状態 不明な状態 → お振込み済み', '請求書1 株式会社サンプル商事宛 不明な状態 → お振込み済み'],
    },
  ],
];

/** What must never show: JSON, a record's key, a bare number (a status code). */
function expectPlainWords(words: HistoryWords) {
  for (const line of [words.action, words.target ?? '', ...words.details]) {
    expect(line).not.toMatch(/[{}[\]"]/);
    expect(line).not.toMatch(/[a-z]_[a-z]/);
    expect(line).not.toMatch(/(?:^|[\s：→])\d+(?:$|\s|→)/);
  }
}

describe('the history in words', () => {
  test.each(CASES)('%s', (_name, input, words) => {
    const described = describeHistoryEvent(row(input), context);
    expect(described).toEqual(words);
    expectPlainWords(described);
  });

  test('every event the API can write has its own words (not the unknown event’s), even from an empty record', () => {
    expect(Object.keys(HISTORY_FORMATTERS).sort()).toEqual([...AUDIT_EVENT_NAMES].sort());
    for (const event of AUDIT_EVENT_NAMES) {
      const words = describeHistoryEvent({ event, before: null, after: null, data: {} }, context);
      expect(words.action, event).not.toBe(UNKNOWN_EVENT);
      expect(words.action, event).toMatch(/\p{Script=Han}|\p{Script=Katakana}|\p{Script=Hiragana}/u);
      expectPlainWords(words);
    }
  });

  test('every event the API writes in its decisions is covered by a case above', () => {
    const covered = new Set(CASES.map(([, input]) => input.event));
    const written = AUDIT_EVENT_NAMES.filter((event) => /^(entry|claim|identity)\./.test(event));
    expect(written.filter((event) => !covered.has(event))).toEqual([]);
  });

  test('a record of the wrong shape reads as words all the same', () => {
    const words = describeHistoryEvent(
      {
        event: 'entry.marked_inadequate',
        before: { status: 'x', claims: 'none' },
        after: { status: null },
        data: { documents: [null, 3] },
      },
      context,
    );
    expect(words).toEqual({
      action: '不備として差し戻し',
      target: null,
      details: [`差し戻した書類：${NO_TARGET}`, `差し戻した書類：${NO_TARGET}`],
    });
    expect(describeHistoryEvent({ event: 'constructor', before: null, after: null, data: {} }, context).action).toBe(UNKNOWN_EVENT);
    expect(
      describeHistoryEvent({ event: 'entry.document_reviewed', before: null, after: null, data: { group: 'toString' } }, context).action,
    ).toBe(`書類の判定（${NO_TARGET}）`);
  });
});
