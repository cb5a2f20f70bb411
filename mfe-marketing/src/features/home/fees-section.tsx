import { AppLink } from '@app/shared';

/** Illustrative figures only (labelled as such on the page): not a rate the service offers. */
export const FEE_EXAMPLE = {
  faceValue: 1_000_000,
  ratePercent: 90,
  fee: 30_000,
  transferFee: 500,
} as const;

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

export function feeExampleResult(example: typeof FEE_EXAMPLE = FEE_EXAMPLE) {
  const purchased = (example.faceValue * example.ratePercent) / 100;
  return { purchased, payout: purchased - example.fee - example.transferFee };
}

function Formula() {
  return (
    <p className="mk-formula">
      <span className="mk-formula__group">
        <span className="mk-formula__term mk-formula__term--result">買取額</span>
        <span className="mk-formula__op">＝</span>
      </span>
      <span className="mk-formula__group">
        <span className="mk-formula__term">請求書の額面</span>
        <span className="mk-formula__op">×</span>
        <span className="mk-formula__term">買取率</span>
      </span>
      <span className="mk-formula__group">
        <span className="mk-formula__op">−</span>
        <span className="mk-formula__term">手数料</span>
      </span>
      <span className="mk-formula__group">
        <span className="mk-formula__op">−</span>
        <span className="mk-formula__term">振込手数料</span>
      </span>
    </p>
  );
}

function Example() {
  const { purchased, payout } = feeExampleResult();
  const ex = FEE_EXAMPLE;
  return (
    <div className="mk-example">
      <table>
        <caption>
          <span className="mk-example__label">計算例</span>
          <span className="visually-hidden">（数字は説明のための仮のものです）</span>
        </caption>
        <tbody>
          <tr>
            <th scope="row">請求書の額面</th>
            <td>{yen(ex.faceValue)}</td>
          </tr>
          <tr>
            <th scope="row">
              額面 × 買取率（{ex.ratePercent}%）
              <span className="mk-example__calc">
                {yen(ex.faceValue)} × {ex.ratePercent}%
              </span>
            </th>
            <td>{yen(purchased)}</td>
          </tr>
          <tr>
            <th scope="row">手数料</th>
            <td>−{yen(ex.fee)}</td>
          </tr>
          <tr>
            <th scope="row">振込手数料</th>
            <td>−{yen(ex.transferFee)}</td>
          </tr>
          <tr className="mk-example__total">
            <th scope="row">買取額（お振り込みする金額）</th>
            <td>{yen(payout)}</td>
          </tr>
        </tbody>
      </table>
      <p className="mk-example__note">
        額面{yen(ex.faceValue)}の請求書で、審査の結果、買取率が{ex.ratePercent}%、手数料が{yen(ex.fee)}と決まった場合の例です。
        数字はすべて説明のための仮のもので、当社の買取率や手数料を示すものではありません。
      </p>
    </div>
  );
}

/** 「手数料と買取額の決まり方」: the formula, what each term means, a worked example, the commitments. */
export function FeesSection() {
  return (
    <section id="fees" className="mk-section mk-section--surface" aria-labelledby="fees-heading">
      <div className="mk-container">
        <div className="mk-section__head">
          <span className="mk-eyebrow">手数料</span>
          <h2 id="fees-heading" className="mk-section__title">
            手数料と買取額の決まり方
          </h2>
          <p>
            お振り込みする買取額は、次の計算式で決まります。買取率と手数料は請求書ごとに審査で決まり、
            <strong>ご契約の前に必ず画面でお知らせします。</strong>
          </p>
        </div>
        <Formula />
        <div className="mk-fees__grid">
          <dl className="mk-terms">
            <div>
              <dt>請求書の額面</dt>
              <dd>請求書に記載されている請求金額です。</dd>
            </div>
            <div>
              <dt>買取率</dt>
              <dd>額面のうち、当社が買い取る割合です。請求書ごとに、審査で決まります。</dd>
            </div>
            <div>
              <dt>手数料</dt>
              <dd>本サービスの手数料です。請求書ごとに、審査で決まります。</dd>
            </div>
            <div>
              <dt>振込手数料</dt>
              <dd>買取額をご指定の口座へお振り込みする際の手数料です。</dd>
            </div>
          </dl>
          <Example />
        </div>
        <div className="mk-promises">
          <h3 className="mk-tile__title">費用についてのお約束</h3>
          <ul className="mk-checklist">
            <li>実際の買取率と手数料は、請求書ごとに審査で決まります。決まった金額は、ご契約の前に必ず画面でお知らせします。</li>
            <li>会員登録、お申込み、審査は無料です。金額をご覧になって契約しなかった場合、費用は一切かかりません。</li>
            <li>手数料と振込手数料は買取額から差し引きます。上の計算式にない費用を、後からいただくことはありません。</li>
          </ul>
          <p>
            <AppLink to="/statement" className="mk-textlink">
              私たちの約束を読む
            </AppLink>
          </p>
        </div>
      </div>
    </section>
  );
}
