import { describe, expect, test } from 'vitest';
import {
  IDENTITY_DOCUMENT_MESSAGES,
  IDENTITY_DOCUMENT_RULES,
  identitySidesProblems,
  identityStatusLabel,
  isIdentityLocked,
} from './identity-documents';
import { IDENTITY_DOCUMENT_TYPES, REVIEW_STATUS, type IdentityDocumentType, type IdentitySide } from './statuses';

describe('identitySidesProblems', () => {
  test.each<[IdentityDocumentType, IdentitySide[], string[]]>([
    ['drivingLicence', ['front', 'back'], []],
    ['drivingLicence', ['back', 'front', 'front'], []],
    ['drivingLicence', ['front'], ['本人確認書類の裏面をアップロードしてください。']],
    ['drivingLicence', [], ['本人確認書類の表面をアップロードしてください。', '本人確認書類の裏面をアップロードしてください。']],
    ['passport', ['front'], []],
    ['passport', ['front', 'back'], ['パスポートの裏面は提出できません。']],
    ['passport', ['back'], ['本人確認書類の表面をアップロードしてください。', 'パスポートの裏面は提出できません。']],
    ['individualNumber', ['front'], []],
    ['individualNumber', ['front', 'back'], ['マイナンバーカードの裏面は提出できません。']],
    ['other', ['front'], []],
    ['other', ['front', 'back'], []],
    ['other', ['back'], ['本人確認書類の表面をアップロードしてください。']],
  ])('%s with %j → %j', (type, sides, problems) => {
    expect(identitySidesProblems(type, sides)).toEqual(problems);
  });

  test('every type has a label, a hint and needs the front', () => {
    for (const type of IDENTITY_DOCUMENT_TYPES) {
      expect(IDENTITY_DOCUMENT_RULES[type].label).not.toBe('');
      expect(IDENTITY_DOCUMENT_RULES[type].hint).not.toBe('');
      expect(IDENTITY_DOCUMENT_RULES[type].required).toContain('front');
    }
  });

  test('messages', () => {
    expect(IDENTITY_DOCUMENT_MESSAGES.typeRequired).toBe('本人確認書類の種類を選択してください。');
    expect(IDENTITY_DOCUMENT_MESSAGES.locked).toContain('新しい本人確認書類とあわせて提出してください');
  });
});

describe('isIdentityLocked', () => {
  test.each([
    [REVIEW_STATUS.confirming, true],
    [REVIEW_STATUS.confirmed, true],
    [REVIEW_STATUS.inadequate, false],
    [REVIEW_STATUS.nothing, false],
    [REVIEW_STATUS.expired, false],
    [null, false],
    [undefined, false],
    [99, false],
  ])('%j → %j', (status, locked) => {
    expect(isIdentityLocked(status)).toBe(locked);
  });
});

describe('identityStatusLabel', () => {
  test.each([
    [REVIEW_STATUS.confirming, false, '確認中'],
    [REVIEW_STATUS.inadequate, false, '不備'],
    [REVIEW_STATUS.confirmed, false, '確認済'],
    [REVIEW_STATUS.nothing, false, '未提出'],
    [REVIEW_STATUS.expired, false, '期限切れ'],
    [REVIEW_STATUS.confirmed, true, '期限切れ'],
    [null, false, '未提出'],
    [undefined, true, '期限切れ'],
  ])('%j (expired %j) → %s', (status, expired, label) => {
    expect(identityStatusLabel(status, expired)).toBe(label);
  });
});
