import { describe, expect, test } from 'vitest';
import {
  DOCUMENT_GROUPS,
  DOCUMENT_GROUP_LABELS,
  documentGroupKinds,
  documentGroupOfKind,
  isClaimDocumentGroup,
  needsResubmission,
} from './document-review';
import { REVIEW_STATUS, UPLOAD_KINDS } from './statuses';

describe('document groups', () => {
  test.each([
    ['withdrawals_detail', false],
    ['financial_statements', false],
    ['invoice', true],
    ['additional_doc', true],
  ] as const)('%s decided per claim: %s', (group, perClaim) => {
    expect(isClaimDocumentGroup(group)).toBe(perClaim);
  });

  test('every group has a Japanese label', () => {
    expect(DOCUMENT_GROUPS.map((group) => DOCUMENT_GROUP_LABELS[group])).toEqual([
      '入出金明細',
      '決算書・確定申告書など',
      '請求書',
      '追加書類',
    ]);
  });

  test.each([
    ['withdrawals_detail', 'withdrawals_detail'],
    ['passbook_cover', 'withdrawals_detail'],
    ['passbook_details', 'withdrawals_detail'],
    ['ib_info', 'withdrawals_detail'],
    ['ib_details', 'withdrawals_detail'],
    ['financial_statements', 'financial_statements'],
    ['pl', 'financial_statements'],
    ['bs', 'financial_statements'],
    ['breakdown_statement', 'financial_statements'],
    ['sga_expenses', 'financial_statements'],
    ['tb_pl', 'financial_statements'],
    ['tb_bs', 'financial_statements'],
    ['tax_returns', 'financial_statements'],
    ['business_opening', 'financial_statements'],
    ['invoice', 'invoice'],
    ['additional_doc', 'additional_doc'],
    ['identity', null],
    ['delinquency', null],
    ['invoice-3', null],
    ['', null],
  ])('kind %s → group %s', (kind, group) => {
    expect(documentGroupOfKind(kind)).toBe(group);
  });

  test('each upload kind is in at most one group and the group lists agree', () => {
    for (const kind of UPLOAD_KINDS) {
      const group = documentGroupOfKind(kind);
      if (group !== null) expect(documentGroupKinds(group)).toContain(kind);
    }
    expect(documentGroupKinds('invoice')).toEqual(['invoice']);
    expect(documentGroupKinds('withdrawals_detail')[0]).toBe('withdrawals_detail');
  });

  test.each([
    [REVIEW_STATUS.confirming, false],
    [REVIEW_STATUS.inadequate, true],
    [REVIEW_STATUS.confirmed, false],
    [REVIEW_STATUS.nothing, false],
    [REVIEW_STATUS.expired, false],
  ])('status %i needs resubmission: %s', (status, expected) => {
    expect(needsResubmission(status)).toBe(expected);
  });
});
