import { LOGGED_OUT, authStore, todayInJapan } from '@app/shared';
import type { Me } from '@app/contracts';
import { REVIEW_STATUS, identityStateOf, isIndividual } from '@app/contracts/domain';
import { meFixture } from '@app/mocks';

/** An applicant whose profile and identity are done (identity under review) — test code only. */
export const applicant = (over: Partial<Me> = {}): Me =>
  meFixture({ id: 7, identity_confirmation: REVIEW_STATUS.confirming, has_satisfied_profile: true, ...over });

/** Puts `me` in the shared auth store as a logged-in applicant, as the shell does after `POST /api/me/`. */
export function signIn(me: Me): void {
  authStore.setState(
    {
      ...LOGGED_OUT,
      status: 'login',
      userId: me.id,
      isIndividual: isIndividual(me.corporate_division),
      hasSatisfiedProfile: me.has_satisfied_profile,
      me,
      identity: identityStateOf(me, todayInJapan()),
      loaded: true,
    },
    true,
  );
}
