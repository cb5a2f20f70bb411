import { beforeEach, describe, expect, test } from 'vitest';
import { cleanAnswers, clearDraft, loadDraft, saveDraft } from './answers-draft';

beforeEach(() => window.sessionStorage.clear());

describe('answers draft', () => {
  test.each([
    ['known answers are kept', { obliger_type: 'corporation', fixed_debt: 'no' }, { obliger_type: 'corporation', fixed_debt: 'no' }],
    ['an unknown question is dropped', { retired_question: 'yes', fixed_debt: 'yes' }, { fixed_debt: 'yes' }],
    ['a choice the question does not have is dropped', { fixed_debt: 'maybe', bank_transfer: 1 }, {}],
    ['not an object', ['fixed_debt'], {}],
    ['null', null, {}],
  ])('%s', (_label, raw, expected) => {
    expect(cleanAnswers(raw)).toEqual(expected);
  });

  test('saved per user, read back, cleared', () => {
    saveDraft(7, { obliger_type: 'corporation' });
    expect(loadDraft(7)).toEqual({ obliger_type: 'corporation' });
    expect(loadDraft(8)).toEqual({});
    clearDraft(7);
    expect(loadDraft(7)).toEqual({});
  });

  test('a broken stored value reads as no draft', () => {
    window.sessionStorage.setItem('tsumugi:pre-entry-answers:7', '{not json');
    expect(loadDraft(7)).toEqual({});
  });
});
