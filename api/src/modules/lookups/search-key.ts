/**
 * One spelling for comparing Japanese names however they were typed: what the applicant types and
 * what the data holds are both turned into a search key, and keys are compared.
 *
 * - NFKC: full-width letters and digits → ASCII, half-width katakana → full width with its
 *   sound mark composed (ｶﾞ → ガ), the ideographic space → a space;
 * - hiragana → katakana (ぎんこう → ギンコウ), so kanji names written partly in hiragana
 *   (みずほ, きらぼし) match their kana too;
 * - small kana → large (ャ → ヤ, ッ → ツ): 全銀 kana has no small letters (トウキヨウ, ミツビシユ－エフジエイ);
 * - ヴ → ブ (ヴ is typed for what a bank spells ブ, and the other way round);
 * - every dash and long-vowel sign (ー ｰ － - − ‐ – —) → ー;
 * - spaces, ・ ･ . ， 、 and similar separators removed; Latin letters upper-cased.
 */
const SMALL_TO_LARGE: Readonly<Record<string, string>> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ヴ: 'ブ',
};

const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/gu;
const SMALL_KANA = /[ァィゥェォッャュョヮヵヶヴ]/gu;
const DASHES = /[-‐‑‒–—―−ｰ－ー]/gu;
const SEPARATORS = /[\s・･.,，、。'’"”`]/gu;

export function searchKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60))
    .replace(SMALL_KANA, (char) => SMALL_TO_LARGE[char] ?? char)
    .replace(DASHES, 'ー')
    .replace(SEPARATORS, '')
    .toUpperCase();
}

/** Query endings that the data abbreviates or leaves out (keys, so both scripts are covered). */
const BANK_SUFFIXES: readonly (readonly [string, string])[] = [
  ['銀行', ''],
  ['ギンコウ', ''],
  ['信用金庫', '信金'],
  ['シンヨウキンコ', 'シンキン'],
  ['信用組合', '信組'],
  ['シンヨウクミアイ', 'シンクミ'],
  ['労働金庫', '労金'],
  ['ロウドウキンコ', 'ロウキン'],
  ['農業協同組合', '農協'],
  ['ノウギヨウキヨウドウクミアイ', 'ノウキヨウ'],
  ['漁業協同組合', '漁協'],
  ['ギヨギヨウキヨウドウクミアイ', 'ギヨキヨウ'],
];

const BRANCH_SUFFIXES: readonly (readonly [string, string])[] = [
  ['支店', ''],
  ['シテン', ''],
];

function rewriteSuffix(key: string, suffixes: readonly (readonly [string, string])[]): string {
  for (const [suffix, replacement] of suffixes) {
    if (key.length > suffix.length && key.endsWith(suffix)) return key.slice(0, -suffix.length) + replacement;
  }
  return key;
}

/**
 * A bank query as a key: 全銀 data names banks without 「銀行」 (みずほ, 三菱ＵＦＪ) and abbreviates
 * 信用金庫 → 信金, 信用組合 → 信組, 労働金庫 → 労金, 農業協同組合 → 農協, so those endings are
 * rewritten the same way (in kanji or kana). 「銀行」 alone stays a query.
 */
export const bankQueryKey = (query: string): string => rewriteSuffix(searchKey(query), BANK_SUFFIXES);

/** A branch query as a key: 「支店」 is optional (全銀 data says 渋谷, not 渋谷支店). */
export const branchQueryKey = (query: string): string => rewriteSuffix(searchKey(query), BRANCH_SUFFIXES);

/**
 * A company-name query or name as a key without its legal form: 株式会社, 有限会社, 合同会社,
 * 合資会社, 合名会社 and their abbreviations (（株）, ㈱, (有) …) wherever they stand, so
 * 「トヨタ」「トヨタ自動車（株）」 and 「トヨタ自動車株式会社」 compare equal up to the name.
 */
export function corporationKey(text: string): string {
  return searchKey(text).replace(LEGAL_FORMS, '');
}

/** Legal forms as they read after `searchKey` (㈱ and （株） are (株) by then, かぶしきがいしゃ is カブシキガイシヤ). */
const LEGAL_FORMS =
  /株式会社|有限会社|合同会社|合資会社|合名会社|\((?:株|有|同|資|名)\)|カブシキガイシヤ|カブシキカイシヤ|ユウゲンガイシヤ|ユウゲンカイシヤ|ゴウドウガイシヤ|ゴウドウカイシヤ/gu;
