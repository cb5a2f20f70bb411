import type { Claim } from '@app/contracts';
import { claimStatusLabel, formatYen } from '@app/contracts/domain';
import { claimFigures } from '../model/breakdown';
import { formatDay } from '../model/format';

/** One claim of the entry: obliger, face amount, payment date, status, and its purchase figures once priced. */
export function ClaimCard({ claim }: { readonly claim: Claim }) {
  const figures = claimFigures(claim);
  const headingId = `claim-${claim.id}-heading`;
  return (
    <li>
      <article aria-labelledby={headingId} className="el-claim">
        <div className="el-claim__header">
          <h3 id={headingId} className="el-claim__name">
            {claim.obliger_company_name}
          </h3>
          <span className="el-badge">{claimStatusLabel(claim.status)}</span>
        </div>
        <dl className="el-facts">
          <dt>請求書額面（税込）</dt>
          <dd>{formatYen(claim.amount)}</dd>
          <dt>支払期日</dt>
          <dd>{formatDay(claim.obliger_payment_date, { weekday: false })}</dd>
          {figures && (
            <>
              <dt>掛目</dt>
              <dd>{figures.purchaseRatio}</dd>
              <dt>買取元本</dt>
              <dd>{figures.principal}</dd>
              <dt>手数料（{figures.feeRatio}）</dt>
              <dd>{figures.fee}</dd>
              <dt>振込手数料</dt>
              <dd>{figures.bankCharge}</dd>
              <dt>お振込み額</dt>
              <dd className="el-facts__strong">{figures.paid}</dd>
            </>
          )}
        </dl>
      </article>
    </li>
  );
}
