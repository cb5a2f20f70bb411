import { AppLink, routeById } from '@app/shared';
import { isAccountStepDone, REVIEW_STATUS, type IdentityState } from '@app/contracts/domain';
import { PROFILE_SECTION_ID } from '../model/steps';
import { useWizard } from '../model/wizard-store';

/** Why the profile step is not done yet, each with where to fix it (the profile pages of mfe-mypage). */
export interface ProfileReason {
  readonly text: string;
  readonly action: string;
  readonly to: string;
}

const BEFORE_ENTRY = routeById('profileBeforeEntry').path;
const IDENTITY = `${routeById('profile').path}#identity`;

export function profileReasons(identity: IdentityState): ProfileReason[] {
  const reasons: ProfileReason[] = [];
  if (!identity.hasSatisfiedProfile) {
    reasons.push({
      text: identity.isIndividual
        ? 'ご本人（事業主）の氏名・住所・電話番号の登録が済んでいません。'
        : '会社と代表者の情報（会社名・住所・電話番号など）の登録が済んでいません。',
      action: '登録情報を入力する',
      to: BEFORE_ENTRY,
    });
  }
  const identityText = identity.isIdentityExpired
    ? '本人確認書類の有効期限が切れています。新しい書類をご提出ください。'
    : identity.identity_confirmation === REVIEW_STATUS.inadequate
      ? '提出いただいた本人確認書類では確認ができませんでした。お手数ですが、もう一度ご提出ください。'
      : identity.identity_confirmation === REVIEW_STATUS.confirming || identity.identity_confirmation === REVIEW_STATUS.confirmed
        ? null
        : '本人確認書類（運転免許証など）が提出されていません。';
  if (identityText !== null) reasons.push({ text: identityText, action: '本人確認書類を提出する', to: IDENTITY });
  return reasons;
}

/**
 * The profile step (spec §4 account step): done when the profile is complete and the identity
 * document is submitted and valid; otherwise why, with links to the profile pages (the draft stays
 * saved meanwhile).
 */
export function ProfileSection({ identity }: { readonly identity: IdentityState }) {
  const done = isAccountStepDone(identity);
  const reasons = done ? [] : profileReasons(identity);
  const serverError = useWizard((state) => state.errors.profile);
  return (
    <section id={PROFILE_SECTION_ID} className="card" aria-labelledby="profile-step-heading" tabIndex={-1} data-field="profile">
      <div className="claim__header">
        <h2 id="profile-step-heading" className="section-heading">
          登録情報・本人確認
        </h2>
        <span className={`status-badge ${done ? 'status-badge--success' : 'status-badge--danger'}`}>{done ? '完了' : '未完了'}</span>
      </div>
      {done ? (
        <p>登録情報の入力と本人確認書類の提出は済んでいます。</p>
      ) : (
        <>
          <p>
            お申し込みには、登録情報の入力と本人確認書類の提出が必要です。ここまでの入力内容は保存されているので、済ませてからこのページに戻って続けられます。
          </p>
          <ul className="reason-list">
            {reasons.map((reason) => (
              <li key={reason.text}>
                <p>{reason.text}</p>
                <AppLink className="button button--secondary button--small" to={reason.to}>
                  {reason.action}
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {serverError && <p className="field__error">{serverError}</p>}
    </section>
  );
}
