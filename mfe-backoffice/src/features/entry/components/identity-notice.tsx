import { Link } from 'react-router-dom';
import { href } from '@app/shared';
import type { StaffApplicant } from '@app/contracts';
import { REVIEW_STATUS, REVIEW_STATUS_LABELS, reviewStatusOrDefault } from '@app/contracts/domain';

/**
 * The first thing the entry view says when the applicant's identity is not 確認済: the entry cannot
 * be approved until it is (the approval itself is refused by the API), and where to review it.
 */
export function IdentityNotice({ applicant }: { applicant: StaffApplicant }) {
  const status = reviewStatusOrDefault(applicant.identity_confirmation);
  if (status === REVIEW_STATUS.confirmed) return null;
  return (
    <div className="bo-note" role="note" aria-label="本人確認が済んでいません">
      <p
        style={{ margin: 0, fontWeight: 700 }}
      >{`本人確認が「${REVIEW_STATUS_LABELS[status]}」です。確認済になるまで、このお申し込みは承認できません。`}</p>
      <p style={{ margin: 0 }}>
        {status === REVIEW_STATUS.confirming
          ? '下の「申込者」で本人確認書類を判定するか、'
          : '申込者の本人確認書類の提出を待ってください。'}
        <Link to={href('backofficeApplicant', { applicantId: applicant.id })}>申込者のページ</Link>
        を開いてください。
      </p>
    </div>
  );
}
