import { claimStatusLabel } from '@app/contracts/domain';
import type { Breakdown, ClaimFigures } from '../model/breakdown';
import { formatDay } from '../model/format';

function ClaimFiguresTable({ figures }: { readonly figures: ClaimFigures }) {
  const { claim } = figures;
  return (
    <li className="el-claim">
      <table className="el-figures">
        <caption>
          {claim.obliger_company_name}
          <span className="el-files">支払期日 {formatDay(claim.obliger_payment_date)}</span>
        </caption>
        <tbody>
          <tr>
            <th scope="row">請求書額面（税込）</th>
            <td>{figures.face}</td>
          </tr>
          <tr>
            <th scope="row">掛目</th>
            <td>{figures.purchaseRatio}</td>
          </tr>
          <tr>
            <th scope="row">
              買取元本<span className="el-figures__formula">額面 × 掛目</span>
            </th>
            <td>{figures.principal}</td>
          </tr>
          <tr>
            <th scope="row">手数料率</th>
            <td>{figures.feeRatio}</td>
          </tr>
          <tr>
            <th scope="row">
              手数料<span className="el-figures__formula">買取元本 × 手数料率</span>
            </th>
            <td>−{figures.fee}</td>
          </tr>
          <tr>
            <th scope="row">振込手数料</th>
            <td>−{figures.bankCharge}</td>
          </tr>
          <tr className="el-figures__total">
            <th scope="row">お振込み額</th>
            <td>{figures.paid}</td>
          </tr>
        </tbody>
      </table>
    </li>
  );
}

/**
 * The full purchase breakdown before signing: one table per claim (readable at 375 px, side by side
 * on a wide screen), the totals, and the claims that are not bought.
 */
export function PurchaseBreakdown({ breakdown }: { readonly breakdown: Breakdown }) {
  const { priced, others, totals } = breakdown;
  return (
    <>
      <ul className={`el-claims${priced.length > 1 ? ' el-claims--two' : ''}`} aria-label="請求書ごとの内訳">
        {priced.map((figures) => (
          <ClaimFiguresTable key={figures.claim.id} figures={figures} />
        ))}
      </ul>
      {totals && (
        <div className="el-totals">
          <table className="el-figures">
            <caption>合計（{priced.length}件）</caption>
            <tbody>
              <tr>
                <th scope="row">請求書額面（税込）の合計</th>
                <td>{totals.face}</td>
              </tr>
              <tr>
                <th scope="row">買取元本の合計</th>
                <td>{totals.principal}</td>
              </tr>
              <tr>
                <th scope="row">手数料の合計</th>
                <td>−{totals.fee}</td>
              </tr>
              <tr>
                <th scope="row">振込手数料の合計</th>
                <td>−{totals.bankCharge}</td>
              </tr>
              <tr className="el-figures__total">
                <th scope="row">お振込み額の合計</th>
                <td>{totals.paid}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {others.length > 0 && (
        <div>
          <h3 className="el-slot__heading">買取の対象外となった請求書</h3>
          <ul>
            {others.map((claim) => (
              <li key={claim.id}>
                {claim.obliger_company_name}（{claimStatusLabel(claim.status)}）
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
