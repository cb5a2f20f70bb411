import { describe, expect, test } from 'vitest';
import {
  ActiveDelinquencyRequestSchema,
  UploadFileItemSchema,
  UploadKeySchema,
  UploadKindSchema,
  UploadRequestFieldsSchema,
} from './upload';

const item = {
  kind: 'invoice-3',
  name: '請求書.pdf',
  content_type: 'application/pdf',
  image: null,
  error: false,
  message: null,
  id: 12,
  isTargetOfBulkDelete: false,
};

describe('UploadKindSchema / UploadKeySchema', () => {
  test.each([
    ['identity', true, true],
    ['delinquency', true, true],
    ['invoice-3', false, true],
    ['withdrawals_detail-2', false, true],
    ['additional_doc-a1', false, true],
    ['withdrawals_detail-x', false, false],
    ['pl-1', false, false],
    ['invoice-', false, false],
    ['unknown', false, false],
    ['', false, false],
  ])('%j: kind %s, key %s', (value, kind, key) => {
    expect(UploadKindSchema.safeParse(value).success).toBe(kind);
    expect(UploadKeySchema.safeParse(value).success).toBe(key);
  });
});

describe('UploadRequestFieldsSchema', () => {
  test.each([
    [{ kind: 'invoice' }, true],
    [{ kind: 'withdrawals_detail' }, true],
    [{ kind: 'invoice-3' }, false], // the API gets the part before the dash
    [{}, false],
  ])('%o → %s', (value, valid) => {
    expect(UploadRequestFieldsSchema.safeParse(value).success).toBe(valid);
  });
});

describe('UploadFileItemSchema', () => {
  test.each<Record<string, unknown>>([
    {},
    { id: null }, // while uploading
    { error: true, message: 'アップロードエラー', id: null },
    { kind: 'identity', image: 'blob:https://example.com/1', content_type: 'image/jpeg', isTargetOfBulkDelete: true },
  ])('accepts %o', (overrides) => {
    expect(UploadFileItemSchema.safeParse({ ...item, ...overrides }).success).toBe(true);
  });

  test.each<Record<string, unknown>>([
    { kind: 'pl-1' },
    { name: '' },
    { id: 0 },
    { error: 'no' },
    { isTargetOfBulkDelete: undefined },
    { image: undefined },
  ])('refuses %o', (overrides) => {
    expect(UploadFileItemSchema.safeParse({ ...item, ...overrides }).success).toBe(false);
  });
});

describe('ActiveDelinquencyRequestSchema', () => {
  test.each([
    [{ ids: [1, 2] }, true],
    [{ ids: [1] }, true],
    [{ ids: [] }, false],
    [{ ids: ['1'] }, false],
    [{}, false],
  ])('%o → %s', (value, valid) => {
    expect(ActiveDelinquencyRequestSchema.safeParse(value).success).toBe(valid);
  });
});
