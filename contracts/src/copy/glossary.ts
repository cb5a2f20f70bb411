/**
 * The glossary: the one Japanese term the site uses for each concept, and the variants it bans.
 * Pages, mails and the contract PDF all write these terms; `findGlossaryViolations` is the check the
 * tests run over what a page renders (e2e), every mail template and the PDF's text (API tests) and
 * the source (scripts/copy-glossary.test.mjs).
 *
 * Its own entry point (`@app/contracts/copy/glossary`), like the agreement text: no page needs it at run
 * time, so it is not in the core every page loads.
 *
 * How to read an entry: `term` is what to write; each of `banned` is a pattern that must not appear
 * in the text, except inside one of the entry's `allowed` phrases (verbatim spec text, or a gloss that
 * explains the term with a banned word right beside it). Patterns are written so that the term and
 * the allowed compounds never match them (the table tests check it).
 */

/** A variant the glossary bans: how it is named in a report and the pattern that finds it. */
export interface BannedVariant {
  readonly variant: string;
  readonly pattern: RegExp;
}

/** A phrase in which a banned variant is accepted, and why. */
export interface AllowedPhrase {
  readonly phrase: string;
  readonly reason: string;
}

export interface GlossaryEntry {
  /** The concept, in English (the code's name for it). */
  readonly concept: string;
  /** The one term to write. */
  readonly term: string;
  readonly banned: readonly BannedVariant[];
  readonly allowed: readonly AllowedPhrase[];
  /** Why this term, in one line. */
  readonly reason: string;
}

const banned = (variant: string, pattern: RegExp = new RegExp(variant)): BannedVariant => ({ variant, pattern });

/** The terms by concept, for new text written in code (`TERMS.entryCode` → 申込番号). */
export const TERMS = {
  entryCode: '申込番号',
  application: 'お申し込み',
  payoutAccount: '振込先口座',
  payout: 'お振込み',
  invoice: '請求書',
  obliger: '売掛先',
  support: 'サポート窓口',
} as const;

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: 'entry code (Entry.code, E-000021)',
    term: TERMS.entryCode,
    banned: [
      banned('受付番号', /受付(?:番号|No|ID|コード)/),
      // 申込番号 has no し: these spellings of it never match the allowed term.
      banned('お申し込み番号', /お?申し込み番号/),
      banned('申請番号'),
      banned('申込コード'),
      banned('エントリー番号'),
    ],
    allowed: [],
    reason:
      'The spec names none; the mails and マイページ already said 申込番号, so the completion page, the back office and the PDF say it too.',
  },
  {
    concept: 'application (the entry: noun お申し込み, verb 申し込む)',
    term: TERMS.application,
    banned: [
      // The honorific noun always with し and み: お申込み, お申込, お申込者 are all this one variant.
      banned('お申込み', /お申込/),
      // 申込み (okurigana without し). 申込番号 has no み, so the allowed compound never matches.
      banned('申込み', /(?<!お)申込み/),
      // 申込 standing alone as a word (申込（完了）, 申込を…, 申込む): 申込 not followed by a kanji or katakana, so
      // the established compounds 申込番号, 申込者, 申込時, 申込日時 stay allowed (公用文: compound nouns drop
      // okurigana). Not after お (the pattern above) and not before み (the one above): one report per variant.
      banned('申込（単独）', /(?<!お)申込(?![\p{Script=Han}\p{Script=Katakana}ー々み])/u),
    ],
    allowed: [
      {
        phrase: '申込みに失敗しました',
        reason: 'Spec §8 verbatim (entry save message; MESSAGES.entrySubmitFailed): the spec’s own words win.',
      },
    ],
    reason: 'お申し込み was the majority spelling in headings and mails; page titles said お申込み. One spelling: お申し込み, 申し込む.',
  },
  {
    concept: 'payout account (the applicant’s account the purchase price is paid into; bank_account)',
    term: TERMS.payoutAccount,
    banned: [banned('振込口座', /振り?込み?口座/), banned('入金口座', /入金先?口座/), banned('受取口座', /受け?取り?口座/)],
    allowed: [
      {
        phrase: '売掛先からの入金口座',
        reason:
          'Another concept: the account the obliger pays the invoice into (claim.receive_payment_account), not where we pay the applicant.',
      },
    ],
    reason: 'The profile, the mails and the issue call it 振込先口座: where the purchase price is transferred to.',
  },
  {
    concept: 'payout (the purchase price transferred to the applicant: お振込み額, お振込み先, お振込みします)',
    term: TERMS.payout,
    banned: [banned('お振り込み'), banned('お振込先')],
    allowed: [],
    reason: 'お振込み額, お振込み済み, お振込み先 are how the entry pages and mails say it; お振り込み and お振込先 were stray spellings.',
  },
  {
    concept: 'invoice (the claim’s document; 請求書額面 etc.)',
    term: TERMS.invoice,
    banned: [banned('インボイス'), banned('請求票'), banned('請求伝票')],
    allowed: [
      {
        phrase: 'インボイス制度',
        reason: 'The qualified-invoice tax system is a proper name, not our word for the document.',
      },
    ],
    reason: 'The spec says 請求書 (請求書がありません。, 請求書額面（税込）); インボイス reads as the tax system’s qualified invoice.',
  },
  {
    concept: 'obliger (the company that pays the invoice; obliger_company_name)',
    term: TERMS.obliger,
    banned: [banned('取引先'), banned('販売先'), banned('請求先'), banned('得意先')],
    allowed: [
      { phrase: '取引先の企業（売掛先）', reason: 'A gloss: the everyday words introduce the term beside it (the landing page, FAQ).' },
      { phrase: '売掛先（請求先）', reason: 'A gloss in the wizard’s label: the term first, the everyday word in brackets.' },
      { phrase: '売掛先（請求先の企業）', reason: 'A gloss (the landing page’s steps).' },
      {
        phrase: '取引先（以下「売掛先」といいます。）',
        reason: 'The agreement’s definition of the term (a legal text defines its words).',
      },
      { phrase: '「売掛先」とは、利用者が請求書を発行した取引先', reason: 'The terms of use’s definition of the term.' },
      { phrase: '「売掛先」は、請求書の宛先である取引先', reason: 'The statement page explains the term.' },
    ],
    reason: 'The spec says 売掛先 (「売掛先からの銀行振込金額」); a gloss may explain it, no other word replaces it.',
  },
  {
    concept: 'support (the operator’s contact point: runtime config supportUrl, the operator’s details)',
    term: TERMS.support,
    banned: [
      banned('お問い合わせ窓口'),
      banned('サポートセンター'),
      banned('お客様窓口'),
      banned('カスタマーサポート'),
      banned('ヘルプデスク'),
      // The link says 「サポート窓口へのお問い合わせ」 wherever it is (the issue quotes it from /mypage); a
      // sentence says 「サポート窓口へお問い合わせください」.
      banned('サポート窓口へ問い合わせる', /サポート窓口[にへ]問い合わせ/),
      banned('サポート窓口までお問い合わせ', /サポート窓口(?:に|まで)お問い合わせ/),
      // お問い合わせ spelled one way (not お問合せ, お問合わせ, お問い合せ).
      banned('お問合せ', /お問(?:合わ?せ|い合せ)/),
    ],
    allowed: [],
    reason:
      'The link said サポート窓口へのお問い合わせ, サポート窓口へ問い合わせる and サポート窓口に問い合わせる, the legal pages お問い合わせ窓口: one place, one name.',
  },
];

/** One banned variant found in a text. */
export interface GlossaryViolation {
  readonly term: string;
  readonly variant: string;
  /** The text that matched. */
  readonly match: string;
  /** Where, in the text as checked (invisible break characters removed, see below). */
  readonly index: number;
  /** The match with a few characters either side, on one line. */
  readonly context: string;
}

/** Characters that break nothing a reader sees but would hide a variant from the patterns (a phrase
 *  break inserted between お申 and 込み, say): removed before checking. */
const INVISIBLE = /\u00ad|\u200b|\u200c|\u200d|\u2060|\ufeff/g;
const CONTEXT_CHARS = 12;

const rangesOf = (text: string, phrase: string): [number, number][] => {
  const ranges: [number, number][] = [];
  for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) ranges.push([at, at + phrase.length]);
  return ranges;
};

/**
 * Every banned variant of the glossary in `text`, in order of position, with its context; `[]` when
 * the text speaks the glossary's terms. A match inside one of its entry's allowed phrases is not one.
 */
export function findGlossaryViolations(text: string, glossary: readonly GlossaryEntry[] = GLOSSARY): GlossaryViolation[] {
  const checked = text.replace(INVISIBLE, '');
  const violations: GlossaryViolation[] = [];
  for (const entry of glossary) {
    const excused = entry.allowed.flatMap((allowed) => rangesOf(checked, allowed.phrase));
    for (const { variant, pattern } of entry.banned) {
      const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
      for (const found of checked.matchAll(global)) {
        const start = found.index;
        const end = start + found[0].length;
        if (excused.some(([from, to]) => from <= start && end <= to)) continue;
        const context = checked
          .slice(Math.max(0, start - CONTEXT_CHARS), end + CONTEXT_CHARS)
          .replace(/\s+/g, ' ')
          .trim();
        violations.push({ term: entry.term, variant, match: found[0], index: start, context });
      }
    }
  }
  return violations.sort((a, b) => a.index - b.index);
}

/** The violations as lines for a test's failure message: 「受付番号」→ 申込番号 in “…context…”. */
export const describeGlossaryViolations = (violations: readonly GlossaryViolation[]): string[] =>
  violations.map((v) => `「${v.match}」(${v.variant}) → ${v.term}: …${v.context}…`);
