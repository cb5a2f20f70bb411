import { REVIEW_STATUS_LABELS, reviewStatusName, reviewStatusOrDefault } from '@app/contracts/domain';
import { Badge } from '../../../ui/bits';

/** The identity's review status as a badge, `本人確認：` before it where nothing else says what it is about. */
export function IdentityBadge({ status, prefix = '本人確認：' }: { status: number; prefix?: string }) {
  const code = reviewStatusOrDefault(status);
  return <Badge kind={reviewStatusName(code) ?? 'nothing'}>{`${prefix}${REVIEW_STATUS_LABELS[code]}`}</Badge>;
}
