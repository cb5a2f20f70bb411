import * as z from 'zod/mini';

/**
 * Look-ups the entry wizard calls: 法人番号 suggestions (National Tax Agency data, issue #10) and
 * 全銀 bank and branch search (zengin-code data served by our API).
 */
export const LOOKUP_MESSAGES = {
  queryTooShort: '検索する文字を入力してください。',
} as const;

const query = z.string().check(
  z.trim(),
  z.refine((value) => [...value].length >= 1, { error: LOOKUP_MESSAGES.queryTooShort }),
  z.maxLength(100),
);

/** `?name=`: part of a company name (株式会社 and the like may be left out). */
export const HoujinbangouQuerySchema = z.object({ name: query });
export const CorporationSchema = z.object({
  /** 13 digits, check digit valid. */
  houjinbangou: z.string().check(z.regex(/^[0-9]{13}$/)),
  name: z.string(),
  address: z.string(),
});
export type Corporation = z.infer<typeof CorporationSchema>;
export const CorporationListSchema = z.array(CorporationSchema);

/** `?q=`: a bank or branch name in kanji, hiragana, katakana (full or half width) or its code. */
export const BankQuerySchema = z.object({ q: query });
export const BankSchema = z.object({ code: z.string().check(z.regex(/^[0-9]{4}$/)), name: z.string(), kana: z.string() });
export type Bank = z.infer<typeof BankSchema>;
export const BankListSchema = z.array(BankSchema);

export const BankCodeParamsSchema = z.object({ code: z.string().check(z.regex(/^[0-9]{4}$/)) });
export const BranchSchema = z.object({ code: z.string().check(z.regex(/^[0-9]{3}$/)), name: z.string(), kana: z.string() });
export type Branch = z.infer<typeof BranchSchema>;
export const BranchListSchema = z.array(BranchSchema);
