/**
 * A rough search key for the mock backend only (the API's is api/src/modules/lookups/search-key.ts
 * and its SQL twin): NFKC (half-width kana → full width), hiragana → katakana, no spaces or legal
 * form, upper case. Enough to find the fixtures' applicants by a kana fragment while working offline.
 */
export function corporationKeyForMocks(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u3041-\u3096]/gu, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60))
    .replace(/株式会社|有限会社|合同会社|\s/gu, '')
    .toUpperCase();
}
