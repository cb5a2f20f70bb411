import { AppLink, BRAND } from '@app/shared/core';
import { FeeFormulaText } from '../../components/fee-formula';
import { LegalDocument, type LegalArticle } from '../../components/legal-document';
import { OperatorRows } from '../../components/operator-value';

function TermsOfTrade() {
  return (
    <table className="legal-table" aria-labelledby="sct-2">
      <tbody>
        <tr>
          <th scope="row">サービスの名称</th>
          <td>{BRAND.fullName}</td>
        </tr>
        <tr>
          <th scope="row">販売価格（手数料）</th>
          <td>
            <p>本サービスは、お客さまの請求書（売掛債権）を当社が買い取るサービスです。お振込みする買取額は、次の計算式で決まります。</p>
            <p className="legal__formula">
              <FeeFormulaText />
            </p>
            <p>買取率と手数料は、請求書ごとに審査で決まり、ご契約の前に画面でお知らせします。会員登録、お申し込みおよび審査は無料です。</p>
            <p>
              <AppLink to="/#fees">手数料と買取額の決まり方</AppLink>
            </p>
          </td>
        </tr>
        <tr>
          <th scope="row">販売価格以外に必要な費用</th>
          <td>
            <p>振込手数料（買取額から差し引きます）。</p>
            <p>本サービスの利用に必要なインターネット接続の通信料は、お客さまのご負担となります。</p>
          </td>
        </tr>
        <tr>
          <th scope="row">支払方法・支払時期</th>
          <td>
            <p>手数料と振込手数料は、買取額から差し引く方法でお支払いいただきます。別にお振込みいただく必要はありません。</p>
            <p>
              売掛先から支払われる代金のお取扱い（当社へのお支払いの方法と期日を含みます）は、債権譲渡契約書に定めるとおりです。内容はご契約の前にご確認いただけます。
            </p>
          </td>
        </tr>
        <tr>
          <th scope="row">役務の提供時期</th>
          <td>ご契約の手続きが完了した後、債権譲渡契約書に定める時期に、買取額をご指定の口座へお振込みします。</td>
        </tr>
        <tr>
          <th scope="row">お申し込みの取消し（キャンセル）</th>
          <td>
            <p>ご契約の前であれば、審査中を含めていつでもお申し込みを取り消すことができます。取り消した場合に費用はかかりません。</p>
            <p>ご契約の後の解除の条件は、債権譲渡契約書に定めるとおりです。</p>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

const ARTICLES: readonly LegalArticle[] = [
  {
    title: '事業者の情報',
    body: (
      <table className="legal-table" aria-labelledby="sct-1">
        <tbody>
          <OperatorRows />
        </tbody>
      </table>
    ),
  },
  { title: '取引の条件', body: <TermsOfTrade /> },
];

export default function SctPage() {
  return (
    <LegalDocument
      id="sct"
      title="特定商取引法に基づく表記"
      numbering="decimal"
      intro={
        <p>
          「{BRAND.fullName}
          」は、法人と個人事業主の方を対象としたサービスです。お取引の条件をわかりやすくお示しするため、特定商取引法に基づく表記の形式で掲載します。
        </p>
      }
      articles={ARTICLES}
    />
  );
}
