import { AppLink } from '@app/shared/core';
import { FEE_FORMULA } from '../../components/fee-formula';
import { feeExampleFigures } from './fee-example';
import { HomeSection } from './home-section';

function Formula() {
  const f = FEE_FORMULA;
  return (
    <p className="mk-formula">
      <span className="mk-formula__group">
        <span className="mk-formula__term mk-formula__term--result">{f.result}</span>
        <span className="mk-formula__op">＝</span>
      </span>
      <span className="mk-formula__group">
        <span className="mk-formula__term">{f.face}</span>
        <span className="mk-formula__op">×</span>
        <span className="mk-formula__term">{f.purchaseRatio}</span>
      </span>
      <span className="mk-formula__group">
        <span className="mk-formula__op">−</span>
        <span className="mk-formula__term">{f.fee}</span>
      </span>
      <span className="mk-formula__group">
        <span className="mk-formula__op">−</span>
        <span className="mk-formula__term">{f.bankCharge}</span>
      </span>
    </p>
  );
}

/** The 計算例: every figure is the domain's computation from `FEE_EXAMPLE` (see fee-example.ts). */
function Example() {
  const f = FEE_FORMULA;
  const ex = feeExampleFigures();
  return (
    <div className="mk-example">
      <table>
        <caption>
          <span className="mk-example__label">計算例</span>
          <span className="visually-hidden">（数字は説明のための仮のものです）</span>
        </caption>
        <tbody>
          <tr>
            <th scope="row">{f.face}</th>
            <td>{ex.face}</td>
          </tr>
          <tr>
            <th scope="row">
              額面 × {f.purchaseRatio}（{ex.purchaseRatio}）
              <span className="mk-example__calc">
                {ex.face} × {ex.purchaseRatio}
              </span>
            </th>
            <td>{ex.principal}</td>
          </tr>
          <tr>
            <th scope="row">{f.fee}</th>
            <td>−{ex.fee}</td>
          </tr>
          <tr>
            <th scope="row">{f.bankCharge}</th>
            <td>−{ex.bankCharge}</td>
          </tr>
          <tr className="mk-example__total">
            <th scope="row">{f.result}（お振込みする金額）</th>
            <td>{ex.payout}</td>
          </tr>
        </tbody>
      </table>
      <p className="mk-example__note">
        額面{ex.face}の請求書で、審査の結果、{f.purchaseRatio}が{ex.purchaseRatio}、{f.fee}が{ex.fee}と決まった場合の例です。
        数字はすべて説明のための仮のもので、当社の買取率や手数料を示すものではありません。
      </p>
    </div>
  );
}

/** 「手数料と買取額の決まり方」: the formula, what each term means, a worked example, the commitments. */
export function FeesSection() {
  return (
    <HomeSection
      id="fees"
      eyebrow="手数料"
      title="手数料と買取額の決まり方"
      lead={
        <>
          お振込みする買取額は、次の計算式で決まります。買取率と手数料は請求書ごとに審査で決まり、
          <strong>ご契約の前に必ず画面でお知らせします。</strong>
        </>
      }
      surface
    >
      <Formula />
      <div className="mk-fees__grid">
        <dl className="mk-terms">
          <div>
            <dt>{FEE_FORMULA.face}</dt>
            <dd>請求書に記載されている請求金額です。</dd>
          </div>
          <div>
            <dt>{FEE_FORMULA.purchaseRatio}</dt>
            <dd>額面のうち、当社が買い取る割合です。請求書ごとに、審査で決まります。</dd>
          </div>
          <div>
            <dt>{FEE_FORMULA.fee}</dt>
            <dd>本サービスの手数料です。請求書ごとに、審査で決まります。</dd>
          </div>
          <div>
            <dt>{FEE_FORMULA.bankCharge}</dt>
            <dd>買取額をご指定の口座へお振込みする際の手数料です。</dd>
          </div>
        </dl>
        <Example />
      </div>
      <div className="mk-promises">
        <h3 className="mk-tile__title">費用についてのお約束</h3>
        <ul className="mk-checklist">
          <li>実際の買取率と手数料は、請求書ごとに審査で決まります。決まった金額は、ご契約の前に必ず画面でお知らせします。</li>
          <li>会員登録、お申し込み、審査は無料です。金額をご覧になって契約しなかった場合、費用は一切かかりません。</li>
          <li>手数料と振込手数料は買取額から差し引きます。上の計算式にない費用を、後からいただくことはありません。</li>
        </ul>
        <p>
          <AppLink to="/statement" className="mk-textlink">
            私たちの約束を読む
          </AppLink>
        </p>
      </div>
    </HomeSection>
  );
}
