import { isIdentityExpired, REVIEW_STATUS, reviewStatusName, type ReviewStatus, type ReviewStatusName } from '@app/contracts/domain';
import { eq } from 'drizzle-orm';
import { profileValuesOf } from '../../accounts/profile-columns';
import { dayInJapan } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { Db } from '../../context';
import { users, type User } from '../../db/schema';
import { notifyApplicant } from '../events/notify';

/**
 * The review of an applicant's identity document (本人確認, spec §4), one function for both ways it
 * is recorded: the operator command `identity:set` (set-command.ts) and the back office's
 * `POST /api/staff/users/{id}/identity/` (staff-review/). Sets `identity_confirmation` and
 * `identity_valid_date` and writes `identity.reviewed` (before/after, the reason when given) in one
 * transaction, the applicant's row locked. The profile's `version` is not bumped (the review is not
 * an edit of the profile form).
 */

/** An account's identity state as the audit log records it. */
export interface IdentityState {
  readonly identity_confirmation: ReviewStatusName;
  readonly identity_valid_date: string | null;
}

export const identityStateOfUser = (user: Pick<User, 'identityConfirmation' | 'identityValidDate'>): IdentityState => ({
  identity_confirmation: reviewStatusName(user.identityConfirmation) ?? 'nothing',
  identity_valid_date: user.identityValidDate,
});

/** Why a review was refused: no such account, a valid date before today, or not in the status required. */
export class IdentityReviewError extends Error {
  override name = 'IdentityReviewError';
  constructor(
    readonly reason:
      | { readonly kind: 'notFound' }
      | { readonly kind: 'pastValidDate'; readonly validDate: string; readonly today: string }
      | { readonly kind: 'wrongStatus'; readonly current: ReviewStatus },
  ) {
    super(reason.kind);
  }
}

export interface IdentityReview {
  readonly userId: number;
  readonly status: ReviewStatusName;
  /**
   * The last valid day: with confirmed (required) and expired (else the stored date is kept); the
   * other statuses clear it.
   */
  readonly validDate?: string | undefined;
  /** Why the document is inadequate (kept in the audit row). */
  readonly reason?: string;
  /** Refuse unless the identity is in this status now (the back office decides only from 確認中). */
  readonly requireStatus?: ReviewStatus;
  readonly now: Date;
  /** `operator:<name>` or `staff:<id>`. */
  readonly actor: string;
}

export interface IdentityReviewResult {
  readonly user: User;
  readonly before: IdentityState;
  readonly after: IdentityState;
}

/** Records the review (see above); throws IdentityReviewError and changes nothing when refused. */
export async function reviewIdentity(db: Db, review: IdentityReview): Promise<IdentityReviewResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, review.userId)).for('update');
    if (user === undefined) throw new IdentityReviewError({ kind: 'notFound' });
    if (review.requireStatus !== undefined && user.identityConfirmation !== review.requireStatus) {
      throw new IdentityReviewError({ kind: 'wrongStatus', current: user.identityConfirmation as ReviewStatus });
    }
    const before = identityStateOfUser(user);
    const today = dayInJapan(review.now);
    const validDate = review.status === 'confirmed' || review.status === 'expired' ? (review.validDate ?? user.identityValidDate) : null;
    if (review.status === 'confirmed' && validDate !== null && isIdentityExpired(validDate, today)) {
      throw new IdentityReviewError({ kind: 'pastValidDate', validDate, today });
    }
    const after: IdentityState = { identity_confirmation: review.status, identity_valid_date: validDate };
    const [updated] = await tx
      .update(users)
      .set({ identityConfirmation: REVIEW_STATUS[review.status], identityValidDate: validDate, updatedAt: review.now })
      .where(eq(users.id, user.id))
      .returning();
    await writeAudit(tx, {
      event: 'identity.reviewed',
      at: review.now,
      actor: review.actor,
      userId: user.id,
      // The document decided, so the history can name it (「本人確認書類（運転免許証）」).
      data: {
        before,
        after,
        ...profileValuesOf(user, ['identity_document_type']),
        ...(review.reason === undefined ? {} : { reason: review.reason }),
      },
    });
    await notifyApplicant(tx, user.id, { kind: 'identity', id: user.id });
    return { user: updated ?? user, before, after };
  });
}
