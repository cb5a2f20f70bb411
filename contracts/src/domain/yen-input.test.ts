import { describe, expect, test } from 'vitest';
import { YEN_INPUT_LIMIT, YEN_INPUT_MESSAGES, formatYenInput, parseYenInput } from './yen-input';

describe('parseYenInput', () => {
  test.each([
    ['1000000', '1000000'],
    ['1,000,000', '1000000'],
    ['１０００００', '100000'],
    ['１，０００，０００', '1000000'],
    ['100万', '1000000'],
    ['１００万', '1000000'],
    ['100万円', '1000000'],
    ['1億', '100000000'],
    ['1億2,000万', '120000000'],
    ['1億2000万5千300', '120005300'],
    ['5千', '5000'],
    ['1万5千', '15000'],
    ['100万5000', '1005000'],
    ['1.5万', '15000'],
    ['0.5億', '50000000'],
    ['¥50,000', '50000'],
    ['￥５０，０００', '50000'],
    ['\\50000', '50000'],
    ['1000円', '1000'],
    [' 1 000 000 ', '1000000'],
    ['1　000', '1000'],
    ['0', '0'],
    ['007', '7'],
    ['1000.00', '1000'],
    ['10,000万', '100000000'],
    ['999999999999', '999999999999'],
  ])('%j → %s', (text, value) => {
    expect(parseYenInput(text)).toEqual({ kind: 'yen', value });
  });

  test.each(['', '   ', '　'])('%j is empty', (text) => {
    expect(parseYenInput(text)).toEqual({ kind: 'empty' });
  });

  test.each([
    ['abc', 'invalid'],
    ['円', 'invalid'],
    ['¥', 'invalid'],
    ['-100', 'invalid'],
    ['+100', 'invalid'],
    ['1,00', 'invalid'],
    ['1,0000', 'invalid'],
    [',100', 'invalid'],
    ['100,', 'invalid'],
    ['1.', 'invalid'],
    ['.5', 'invalid'],
    ['1e6', 'invalid'],
    ['万', 'invalid'],
    ['100万億', 'invalid'],
    ['1万1万', 'invalid'],
    ['1千1万', 'invalid'],
    ['百万', 'invalid'],
    ['100ドル', 'invalid'],
    ['円100', 'invalid'],
    ['100円円', 'invalid'],
    ['100¥', 'invalid'],
    ['1.5', 'fraction'],
    ['1000.01', 'fraction'],
    ['1.23456万', 'fraction'],
    ['1000000000000', 'tooLarge'],
    ['1兆', 'invalid'],
    ['10000億', 'tooLarge'],
  ] as const)('%j is refused (%s)', (text, problem) => {
    expect(parseYenInput(text)).toEqual({ kind: 'invalid', problem, message: YEN_INPUT_MESSAGES[problem] });
  });

  test('the limit is 1兆円 exactly: one yen below is read', () => {
    expect(YEN_INPUT_LIMIT.toFixed()).toBe('1000000000000');
    expect(parseYenInput('999,999,999,999')).toEqual({ kind: 'yen', value: '999999999999' });
  });

  test('the messages', () => {
    expect(YEN_INPUT_MESSAGES).toEqual({
      invalid: '金額は数字で入力してください（例: 1,000,000 または 100万）。',
      fraction: '1円未満の端数は入力できません。',
      tooLarge: '金額は1兆円未満で入力してください。',
    });
  });
});

describe('formatYenInput', () => {
  test.each([
    ['1000000', '1,000,000'],
    ['1000000.00', '1,000,000'],
    ['100', '100'],
    ['1000', '1,000'],
    ['0', '0'],
    ['007000', '7,000'],
    ['123456789012', '123,456,789,012'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['100万', '100万'],
    ['1000.5', '1000.5'],
    ['-1000', '-1000'],
  ])('%j → %j', (value, shown) => {
    expect(formatYenInput(value)).toBe(shown);
  });
});
