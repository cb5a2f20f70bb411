import * as z from 'zod/mini';
import { MESSAGES } from '../domain/messages';
import { hasForbiddenCharacters, PROFILE_FIELD_MAX_LENGTHS, PROFILE_MESSAGES } from '../domain/profile';
import { ACCOUNT_MESSAGES } from './account-messages';
import { addIssue, typeError } from './fields';

/**
 * Human text: what a person types and other people read later — on pages, in the back office, in
 * mails and in the contract PDF. One rule for all of it (issue 23), so that no field lets through
 * what another refuses:
 *
 * - trimmed and NFC-normalised, at most `maxLength` characters (code points);
 * - one line unless the field is meant to hold several (`multiline`: a reason, a summary): a line
 *   break where a line is meant is refused with its own message, not silently joined;
 * - no control characters (tab and line breaks only in multi-line text) and no bidirectional or
 *   invisible formatting characters (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C, U+2028/9,
 *   U+FEFF: `hasForbiddenCharacters` of the domain);
 * - for names (`noLinks`), no link: a name is printed in mails that carry our own links, where a
 *   URL beside it would read as ours.
 *
 * Used by registration, the profile's names and company name, and the entry, its draft and claims
 * (payer names, addresses, bank fields, purpose: `nullishHumanText`), and the staff's reasons
 * (`STAFF_REASON`), and the staff's notes (`STAFF_NOTE`, staff-applicants.ts: blank and too long in
 * the note's own words).
 */
export interface HumanTextRule {
  readonly maxLength: number;
  /** Tab and line breaks allowed (text of several lines); otherwise one line. */
  readonly multiline?: boolean;
  /** No URL or web address (names and company names). */
  readonly noLinks?: boolean;
}

export const HUMAN_TEXT_MESSAGES = {
  lineBreak: '改行は入力できません。1行で入力してください。',
  forbiddenCharacters: PROFILE_MESSAGES.forbiddenCharacters,
  link: 'URLやウェブサイトのアドレスは入力できません。',
} as const;

/** A person's family or given name. */
export const PERSON_NAME: HumanTextRule = { maxLength: PROFILE_FIELD_MAX_LENGTHS.first_name, noLinks: true };
/** A company's name (法人名・屋号). */
export const COMPANY_NAME: HumanTextRule = { maxLength: PROFILE_FIELD_MAX_LENGTHS.company_name, noLinks: true };

/** Line breaks of every kind (LF, CR, NEL, LS, PS, VT, FF). */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;
/** A URL (any scheme written with `://` or a web scheme) or a `www.` address, in any letter case. */
const LINK = /:\/\/|(?:^|[^a-z0-9])www\.|(?:^|[^a-z0-9])(?:https?|ftp|mailto|javascript|data):/iu;

/** The first rule a (trimmed, non-empty) text breaks, as its Japanese message; null when it is fine. */
export function humanTextProblem(value: string, rule: HumanTextRule): string | null {
  if ([...value].length > rule.maxLength) return ACCOUNT_MESSAGES.tooLong(rule.maxLength);
  const multiline = rule.multiline === true;
  if (!multiline && LINE_BREAK.test(value)) return HUMAN_TEXT_MESSAGES.lineBreak;
  if (hasForbiddenCharacters(value, { multiline })) return HUMAN_TEXT_MESSAGES.forbiddenCharacters;
  if (rule.noLinks === true && LINK.test(value)) return HUMAN_TEXT_MESSAGES.link;
  return null;
}

const checked = (rule: HumanTextRule, blank: 'refuse' | 'allow') =>
  z.superRefine((value: string, ctx) => {
    if (value === '') {
      if (blank === 'refuse') addIssue(ctx, MESSAGES.blank);
      return;
    }
    const problem = humanTextProblem(value, rule);
    if (problem !== null) addIssue(ctx, problem);
  });

/** Required human text (DRF CharField): missing → required, null → not null, blank → この項目は空にできません. */
export const humanText = (rule: HumanTextRule) =>
  z.string({ error: typeError(ACCOUNT_MESSAGES.notAString) }).check(z.trim(), z.normalize('NFC'), checked(rule, 'refuse'));

/**
 * Human text of a form that may still be incomplete (the entry wizard's draft and the entry): missing,
 * null or blank pass, and the text is kept as typed (no trim: autosave sends it mid-typing); what is
 * there must keep the rule. Whether the field is required is the domain's to say.
 */
export const nullishHumanText = (rule: HumanTextRule) =>
  z.nullish(
    z.string({ error: ACCOUNT_MESSAGES.notAString }).check(
      z.superRefine((value: string, ctx) => {
        if (value.trim() === '') return;
        const problem = humanTextProblem(value, rule);
        if (problem !== null) addIssue(ctx, problem);
      }),
    ),
  );

/** A line of an entry or its draft: a payer's or a bank's name, an address, an account number. */
export const ENTRY_LINE: HumanTextRule = { maxLength: 255 };
/** The purpose of an entry (資金使途): several lines. */
export const ENTRY_PURPOSE: HumanTextRule = { maxLength: 1000, multiline: true };

/** A staff member's reason the applicant reads (an inadequate document, a declined identity, a refusal, an ended offer). */
export const STAFF_REASON: HumanTextRule = { maxLength: 1000, multiline: true };

/** A staff note on an applicant (issue 25): an internal memo of several lines. */
export const STAFF_NOTE: HumanTextRule = { maxLength: 2000, multiline: true };

/** Optional human text: missing, null or blank read as "". */
export const optionalHumanText = (rule: HumanTextRule) =>
  z.pipe(
    z.nullish(z.string({ error: ACCOUNT_MESSAGES.notAString }).check(z.trim(), z.normalize('NFC'))),
    z.transform((value: string | null | undefined) => value ?? '').check(checked(rule, 'allow')),
  );
