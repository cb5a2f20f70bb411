import { and, eq, isNull } from 'drizzle-orm';
import { PRE_ENTRY_API_MESSAGES, type PreEntryRequest, type PreEntryResult } from '@app/contracts';
import { PRE_ENTRY_QUESTIONS, screenPreEntry } from '@app/contracts/domain';
import { drfDateTime } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../context';
import { users, type PreEntryRecord, type User } from '../../db/schema';
import { ApiError } from '../../http/errors';

/** The screening as `GET /api/pre_entry/` answers it, from the user's row. */
export function preEntryResultOf(user: Pick<User, 'preEntry' | 'preEntryAnsweredAt'>): PreEntryResult {
  if (user.preEntry === null) return { outcome: 'unanswered', reasons: [], answered_at: null };
  return {
    outcome: user.preEntry.outcome,
    reasons: user.preEntry.reasons.map(({ question_id, reason, alternative }) => ({ question_id, reason, alternative })),
    answered_at: user.preEntryAnsweredAt === null ? null : drfDateTime(user.preEntryAnsweredAt),
  };
}

/**
 * Records the answers (already checked by the contract with the domain's `validatePreEntryAnswers`)
 * and the domain's verdict, once: the update only applies while `pre_entry` is still null, so a
 * second answer — also one sent at the same moment from another tab — is 409 and changes nothing.
 * A declined screening sets `has_pre_entry_declined` (the user status `preEntryDeclined`). The
 * profile's `version` is not touched: the screening is not part of the profile.
 */
export async function answerPreEntry(ctx: AppContext, user: User, answers: PreEntryRequest, meta: { ip: string }): Promise<PreEntryResult> {
  const verdict = screenPreEntry(answers);
  const record: PreEntryRecord = {
    // Only the questionnaire's questions are kept (the contract ignores other keys, so do we).
    answers: Object.fromEntries(PRE_ENTRY_QUESTIONS.map((question) => [question.id, answers[question.id] ?? null])),
    outcome: verdict.outcome,
    reasons:
      verdict.outcome === 'declined'
        ? verdict.reasons.map((r) => ({ question_id: r.questionId, reason: r.reason, alternative: r.alternative }))
        : [],
  };
  const declined = verdict.outcome === 'declined';
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ preEntry: record, preEntryAnsweredAt: now, ...(declined ? { hasPreEntryDeclined: true } : {}), updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.preEntry)))
      .returning();
    if (row === undefined) throw new ApiError(409, { detail: PRE_ENTRY_API_MESSAGES.alreadyAnswered });
    await writeAudit(tx, {
      event: 'pre_entry.answered',
      at: now,
      userId: user.id,
      data: {
        outcome: record.outcome,
        declined_by: [...new Set(record.reasons.map((r) => r.question_id))],
        answers: record.answers,
        ip: meta.ip,
      },
    });
    return row;
  });
  return preEntryResultOf(updated);
}
