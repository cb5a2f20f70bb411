import { BRAND, ensureStyleSheet } from '@app/shared';
import { LegalDocument, type LegalArticle } from '../../components/legal-document';
import { operatorLabel } from '../../components/operator';
import { SupportLink } from '../../components/support';
import { MARKETING_CSS, MARKETING_STYLE_ID } from '../../styles';

ensureStyleSheet(MARKETING_STYLE_ID, MARKETING_CSS);

const ARTICLES: readonly LegalArticle[] = [
  {
    title: '基本方針',
    body: (
      <p>
        当社は、お客さまからお預かりした情報と当社の情報資産を、不正なアクセス、漏えい、改ざん、紛失、破壊などの脅威から守り、その機密性、完全性および可用性を確保します。
      </p>
    ),
  },
  {
    title: '適用範囲',
    body: <p>本方針は、本サービスの提供に関わるすべての情報資産と、それを取り扱う当社の役員、従業者および業務委託先に適用します。</p>,
  },
  {
    title: '管理体制',
    body: <p>当社は、情報セキュリティの責任者を置き、対策の実施と見直しに組織として責任を持って取り組みます。</p>,
  },
  {
    title: '法令などの遵守',
    body: <p>当社は、個人情報保護法その他の情報セキュリティに関する法令、国が定める指針、およびお客さまとの契約上の義務を守ります。</p>,
  },
  {
    title: '技術的な対策',
    body: (
      <>
        <p>当社は、お預かりした情報を守るため、次の対策を講じます。</p>
        <ol className="legal__sub">
          <li>通信の暗号化：入力された情報やアップロードされた書類は、暗号化した通信で送信します。</li>
          <li>アクセスの制限：お預かりした書類を閲覧できる者を、業務上必要な者に限ります。</li>
          <li>不正アクセスへの備え：システムの脆弱性への対応を継続して行い、不正な操作を検知し防止する仕組みを整えます。</li>
          <li>記録の保存：システムの操作の記録を保存し、必要に応じて確認します。</li>
        </ol>
      </>
    ),
  },
  {
    title: '従業者の教育',
    body: <p>当社は、役員と従業者に対し、情報セキュリティの重要性と守るべきルールについての教育を継続して行います。</p>,
  },
  {
    title: '委託先の管理',
    body: (
      <p>
        業務を外部に委託する場合、当社は、十分なセキュリティの水準を満たす委託先を選び、契約で必要な対策を求めたうえで、適切に管理します。
      </p>
    ),
  },
  {
    title: '事故への対応',
    body: (
      <p>
        情報セキュリティ上の事故が起きた場合、またはそのおそれがある場合、当社は速やかに原因を調べ、被害を最小限に抑えるための対応と再発の防止に取り組みます。法令に基づく報告やお客さまへのお知らせが必要な場合は、適切に行います。
      </p>
    ),
  },
  {
    title: '継続的な見直し',
    body: <p>当社は、技術の変化や新たな脅威に合わせて、本方針と取り組みを定期的に見直し、改善します。</p>,
  },
  {
    title: 'お客さまへのお願い',
    body: (
      <>
        <ul className="legal__bullets">
          <li>パスワードは、他のサービスと同じものを使わず、第三者に知られないように管理してください。</li>
          <li>当社から、メールや電話でパスワードをお尋ねすることはありません。</li>
          <li>共用のパソコンで本サービスを利用した後は、必ずログアウトしてください。</li>
        </ul>
        <p>不審なメールを受け取った場合や、身に覚えのない操作に気づいた場合は、お問い合わせ窓口までご連絡ください。</p>
        <SupportLink className="mk-textlink" paragraph>
          サポート窓口へのお問い合わせ
        </SupportLink>
      </>
    ),
  },
];

export default function SecurityPage() {
  return (
    <LegalDocument
      id="security"
      title="情報セキュリティ方針"
      numbering="decimal"
      intro={
        <p>
          {operatorLabel()}（以下「当社」といいます）は、「{BRAND.fullName}
          」（以下「本サービス」といいます）でお預かりする書類や情報を守ることを、最も大切な責任のひとつと考えています。そのため、次のとおり情報セキュリティ方針を定め、取り組みます。
        </p>
      }
      articles={ARTICLES}
    />
  );
}
