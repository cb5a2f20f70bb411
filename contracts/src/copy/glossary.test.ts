import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../domain/messages';
import { describeGlossaryViolations, findGlossaryViolations, GLOSSARY, TERMS, type GlossaryEntry } from './glossary';

const variantsIn = (text: string) => findGlossaryViolations(text).map((v) => [v.match, v.term]);

describe('findGlossaryViolations: each banned variant is found, with the term to write instead', () => {
  it.each([
    ['受付番号: E-000021', '受付番号', TERMS.entryCode],
    ['受付No. E-000021', '受付No', TERMS.entryCode],
    ['お申し込み番号 E-000021', 'お申し込み番号', TERMS.entryCode],
    ['申し込み番号 E-000021', '申し込み番号', TERMS.entryCode],
    ['申請番号をお控えください', '申請番号', TERMS.entryCode],
    ['申込コード', '申込コード', TERMS.entryCode],
    ['エントリー番号', 'エントリー番号', TERMS.entryCode],
    ['お申込みを受け付けました', 'お申込', TERMS.application],
    ['お申込前の確認', 'お申込', TERMS.application],
    ['甲（譲渡人・お申込者）', 'お申込', TERMS.application],
    ['請求書買取のオンライン申込み', '申込み', TERMS.application],
    ['申込（完了）', '申込', TERMS.application],
    ['申込を取り消す', '申込', TERMS.application],
    ['こちらから申込む', '申込', TERMS.application],
    ['申込。', '申込', TERMS.application],
    ['振込口座を登録', '振込口座', TERMS.payoutAccount],
    ['振込み口座', '振込み口座', TERMS.payoutAccount],
    ['振り込み口座', '振り込み口座', TERMS.payoutAccount],
    ['入金口座を変更', '入金口座', TERMS.payoutAccount],
    ['入金先口座', '入金先口座', TERMS.payoutAccount],
    ['受取口座', '受取口座', TERMS.payoutAccount],
    ['受け取り口座', '受け取り口座', TERMS.payoutAccount],
    ['買取額をお振り込みします', 'お振り込み', TERMS.payout],
    ['買取代金のお振込先です', 'お振込先', TERMS.payout],
    ['インボイスをアップロード', 'インボイス', TERMS.invoice],
    ['請求票', '請求票', TERMS.invoice],
    ['取引先の会社名', '取引先', TERMS.obliger],
    ['販売先', '販売先', TERMS.obliger],
    ['請求先の企業', '請求先', TERMS.obliger],
    ['得意先', '得意先', TERMS.obliger],
    ['下記「お問い合わせ窓口」までご連絡ください', 'お問い合わせ窓口', TERMS.support],
    ['サポートセンターへ', 'サポートセンター', TERMS.support],
    ['サポート窓口に問い合わせる', 'サポート窓口に問い合わせ', TERMS.support],
    ['サポート窓口へ問い合わせる', 'サポート窓口へ問い合わせ', TERMS.support],
    ['詳しくはサポート窓口までお問い合わせください', 'サポート窓口までお問い合わせ', TERMS.support],
    ['お問合せください', 'お問合せ', TERMS.support],
    ['お問い合せください', 'お問い合せ', TERMS.support],
  ])('%s → 「%s」 (write %s)', (text, match, term) => {
    expect(variantsIn(text)).toEqual([[match, term]]);
  });
});

describe('the terms and the allowed compounds never trip it', () => {
  it.each([
    ...Object.values(TERMS),
    '申込番号 E-000021',
    '申込番号: E-000021',
    'お申し込み（申込番号: E-000021）を取り消しました',
    'お申し込みを受け付けました',
    'お申し込み内容',
    'この内容で申し込む',
    '買取りを申し込むことができます',
    '申し込みに登録できる請求書は5個までです。',
    '甲（譲渡人・申込者）',
    '申込者（以下「甲」といいます。）',
    '甲が申込時に提出した請求書',
    '申込日時（経過）',
    'オンライン申込サイト',
    '振込先口座を変更しました',
    'お振込み先',
    'お振込み額',
    '振込手数料',
    '売掛先からの銀行振込金額',
    '売掛先の会社名',
    '請求書額面（税込）',
    '受付時間',
    '受付を停止しています',
    '受付の確認メール',
    '税務署の受付印があるもの',
    '入金済みにする',
    'サポート窓口へのお問い合わせ',
    'ご不明な点はサポート窓口へお問い合わせください。',
    'サポート窓口でご相談を承ります',
    'サポート窓口までご連絡ください',
    'ヘルプ・お問い合わせ',
    'お申し込みからご入金まで',
  ])('%s', (text) => {
    expect(findGlossaryViolations(text)).toEqual([]);
  });

  it('every term of the glossary passes its own check, alone and in a sentence', () => {
    for (const entry of GLOSSARY) {
      expect(findGlossaryViolations(entry.term)).toEqual([]);
      expect(findGlossaryViolations(`これは${entry.term}です。`)).toEqual([]);
    }
  });
});

describe('allowed phrases: the spec’s verbatim wording and glosses', () => {
  it('keeps the spec’s §8 message 申込みに失敗しました (the messages module says it verbatim)', () => {
    expect(MESSAGES.entrySubmitFailed).toBe('申込みに失敗しました');
    expect(findGlossaryViolations(MESSAGES.entrySubmitFailed)).toEqual([]);
  });

  it.each([
    '取引先の企業（売掛先）に発行した支払期日前の請求書',
    '売掛先（請求先）の会社名',
    '売掛先（請求先の企業）の会社名',
    '本契約は、甲が取引先（以下「売掛先」といいます。）に対して有する売掛債権',
    '「売掛先」とは、利用者が請求書を発行した取引先で、その請求書の代金を支払う方をいいます。',
    'たとえば「売掛先」は、請求書の宛先である取引先の企業のことです。',
    '売掛先からの入金口座',
    'インボイス制度に対応した請求書',
  ])('%s', (text) => {
    expect(findGlossaryViolations(text)).toEqual([]);
  });

  it('excuses only inside the phrase: the same variant elsewhere in the text is still found', () => {
    const text = '申込みに失敗しました。お手数ですが、もう一度お申込みください。申込みを確認します。';
    expect(findGlossaryViolations(text).map((v) => [v.match, v.index])).toEqual([
      ['お申込', 22],
      ['申込み', 31],
    ]);
    expect(variantsIn('取引先の企業（売掛先）と、別の取引先')).toEqual([['取引先', TERMS.obliger]]);
    expect(variantsIn('振込先口座（売掛先からの入金口座ではなく）と入金口座')).toEqual([['入金口座', TERMS.payoutAccount]]);
  });
});

describe('what a report holds', () => {
  it('lists every violation in the order of the text, with a one-line context either side', () => {
    const text = 'お申込み内容\n\n受付番号: E-000021\n振込口座: みずほ銀行';
    const violations = findGlossaryViolations(text);
    expect(violations.map(({ match, variant, term, index }) => ({ match, variant, term, index }))).toEqual([
      { match: 'お申込', variant: 'お申込み', term: 'お申し込み', index: 0 },
      { match: '受付番号', variant: '受付番号', term: '申込番号', index: 8 },
      { match: '振込口座', variant: '振込口座', term: '振込先口座', index: 23 },
    ]);
    expect(violations[1]?.context).toBe('お申込み内容 受付番号: E-000021 振');
    expect(describeGlossaryViolations(violations)[0]).toBe('「お申込」(お申込み) → お申し込み: …お申込み内容 受付番号: E…');
  });

  it('finds a variant split by an invisible break (a zero-width space or soft hyphen between phrases)', () => {
    expect(variantsIn('お申\u200b込みを受け付けました')).toEqual([['お申込', TERMS.application]]);
    expect(variantsIn('受付\u00ad番号')).toEqual([['受付番号', TERMS.entryCode]]);
  });

  it('counts each occurrence, and finds nothing in an empty text', () => {
    expect(findGlossaryViolations('受付番号と受付番号')).toHaveLength(2);
    expect(findGlossaryViolations('')).toEqual([]);
  });

  it('takes another glossary (a pattern given with or without the g flag)', () => {
    const glossary: GlossaryEntry[] = [
      {
        concept: 'test',
        term: 'A',
        banned: [
          { variant: 'b', pattern: /b/ },
          { variant: 'c', pattern: /c/g },
        ],
        allowed: [],
        reason: '',
      },
    ];
    expect(findGlossaryViolations('abcb', glossary).map((v) => v.match)).toEqual(['b', 'c', 'b']);
  });
});

describe('the glossary itself', () => {
  it('names each concept once, with a term, at least one banned variant and a reason; allowed phrases have reasons', () => {
    expect(new Set(GLOSSARY.map((entry) => entry.term)).size).toBe(GLOSSARY.length);
    for (const entry of GLOSSARY) {
      expect(entry.term).not.toBe('');
      expect(entry.banned.length).toBeGreaterThan(0);
      expect(entry.reason).not.toBe('');
      for (const allowed of entry.allowed) expect(allowed.reason).not.toBe('');
    }
  });

  it('each allowed phrase really contains a variant of its entry (else it excuses nothing and is stale)', () => {
    for (const entry of GLOSSARY)
      for (const { phrase } of entry.allowed)
        expect(
          entry.banned.some(({ pattern }) => pattern.test(phrase)),
          `${phrase} holds no banned variant of ${entry.term}`,
        ).toBe(true);
  });
});
