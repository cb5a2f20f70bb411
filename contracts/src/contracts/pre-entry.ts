import * as z from 'zod/mini';
import { validatePreEntryAnswers } from '../domain/pre-entry';
import { ACCOUNT_MESSAGES } from './account-messages';
import { addIssue } from './fields';

/**
 * The pre-entry screening (事前審査, /register/pre_entry → /pre_entry/result): the answers as
 * question id → choice id (the questionnaire is data in `domain/pre-entry.ts`), checked by the
 * domain's `validatePreEntryAnswers` (errors keyed by question id, like any DRF field), and the
 * verdict the API records (`has_pre_entry_declined`).
 */
export const PreEntryRequestSchema = z
  .record(z.string(), z.nullable(z.string({ error: ACCOUNT_MESSAGES.notAString })), {
    error: ACCOUNT_MESSAGES.invalidData,
  })
  .check(
    z.superRefine((answers, ctx) => {
      for (const [questionId, message] of Object.entries(validatePreEntryAnswers(answers))) addIssue(ctx, message, [questionId]);
    }),
  );
export type PreEntryRequest = z.infer<typeof PreEntryRequestSchema>;

export const PreEntryDeclineReasonSchema = z.object({ question_id: z.string(), reason: z.string(), alternative: z.string() });

/**
 * The applicant's screening: `unanswered` until submitted, then `accepted` or `declined` with the
 * reasons (and what to do instead) in plain Japanese. The answers are recorded once.
 */
export const PreEntryResultSchema = z.object({
  outcome: z.enum(['unanswered', 'accepted', 'declined']),
  reasons: z.array(PreEntryDeclineReasonSchema),
  answered_at: z.nullable(z.iso.datetime({ offset: true })),
});
export type PreEntryResult = z.infer<typeof PreEntryResultSchema>;

export const PRE_ENTRY_API_MESSAGES = {
  alreadyAnswered: '事前確認には回答済みです。結果はマイページでご確認いただけます。',
} as const;
