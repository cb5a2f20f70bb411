import { AppLink, BRAND, getRuntimeConfig, isLoggedIn, useAuth } from '@app/shared/core';
import { Phrases } from '../../components/phrases';
import { useScrollToHash } from '../../components/use-scroll-to-hash';
import { FaqSection } from './faq-section';
import { FeesSection } from './fees-section';
import { HomeSection } from './home-section';

/** The registration / login pair, or the way back to 「マイページ」 for someone logged in. */
function StartActions({ large = false }: { large?: boolean }) {
  const loggedIn = useAuth(isLoggedIn);
  const size = large ? ' button--large' : '';
  if (loggedIn) {
    return (
      <div className="mk-actions">
        <AppLink to="/mypage" className={`button button--primary${size}`}>
          マイページへ進む
        </AppLink>
      </div>
    );
  }
  return (
    <div className="mk-actions">
      <AppLink to="/register" className={`button button--primary${size}`}>
        無料で会員登録
      </AppLink>
      <AppLink to="/login" className={`button button--secondary${size}`}>
        ログイン
      </AppLink>
    </div>
  );
}

const HERO_POINTS = [
  { title: '買取額は、契約の前にお知らせします', text: '請求書ごとの買取率と手数料を、画面でご確認いただいてから契約に進みます。' },
  { title: '契約しなければ、費用はかかりません', text: '会員登録と審査は無料です。金額にご納得いただけなければ、そこで終えられます。' },
  { title: '入力した内容は保存されます', text: '書類がそろっていなくても大丈夫です。途中で中断しても、続きから再開できます。' },
] as const;

function Hero() {
  return (
    <section className="mk-hero" aria-labelledby="home-heading" data-build-label={__BUILD_LABEL__}>
      <div className="mk-container mk-hero__grid">
        <div>
          <p className="mk-eyebrow">
            <Phrases parts={['法人・個人事業主のための', '請求書買取（ファクタリング）']} />
          </p>
          <h1 id="home-heading" className="mk-hero__title">
            <Phrases parts={BRAND.tagline.split(/(?<=、)/)} />
          </h1>
          <p className="mk-hero__lead">
            {BRAND.fullName}
            は、お手元の請求書（売掛金）を支払期日より前に買い取り、資金に換えるオンラインサービスです。会員登録から書類の提出、ご契約まで、ウェブ上で手続きできます。
          </p>
          <StartActions large />
          <p className="mk-hero__note">会員登録と審査は無料です。ご契約いただくまで、費用はかかりません。</p>
        </div>
        <aside className="mk-hero__panel" aria-labelledby="hero-points-heading">
          <h2 id="hero-points-heading" className="mk-hero__panel-title">
            {BRAND.name}が大切にしていること
          </h2>
          <ul className="mk-points">
            {HERO_POINTS.map((point, i) => (
              <li key={point.title}>
                <span className="mk-points__mark" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="mk-points__title">{point.title}</span>
                <span className="mk-points__text">{point.text}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}

function AudienceSection() {
  const { individualsSupported } = getRuntimeConfig();
  return (
    <HomeSection
      id="for"
      eyebrow="対象"
      title="ご利用いただける方"
      lead="取引先の企業（売掛先）に発行した支払期日前の請求書のうち、金額が確定していて、売掛先から銀行振込で支払われる予定のものが対象です。"
    >
      <ul className="mk-grid mk-grid--2">
        <li className="mk-tile">
          <h3 className="mk-tile__title">法人の方</h3>
          <p>株式会社・合同会社などの法人で、売掛先の企業への請求書をお持ちの方。</p>
          <p className="mk-note">決算書をご提出いただきます。まだ決算を迎えていない場合は、試算表をご提出ください。</p>
        </li>
        <li className="mk-tile">
          <h3 className="mk-tile__title">個人事業主の方</h3>
          {individualsSupported ? (
            <>
              <p>フリーランスの方を含め、個人で事業を営み、売掛先の企業への請求書をお持ちの方。</p>
              <p className="mk-note">確定申告書をご提出いただきます。まだ確定申告をしていない場合は、開業届をご提出ください。</p>
            </>
          ) : (
            <>
              <p className="mk-audience__label">現在、受け付けを停止しています</p>
              <p>
                申し訳ございません。個人事業主の方からのお申し込みは、現在受け付けておりません。
                <AppLink to="/unsupported">詳しいご案内</AppLink>をご覧ください。
              </p>
            </>
          )}
        </li>
      </ul>
      <div className="mk-situations">
        <h3 className="mk-situations__title">たとえば、こんなときに</h3>
        <ul className="mk-checklist">
          <li>売掛先からの入金は来月末なのに、その前に仕入れや外注費の支払いがある</li>
          <li>大きな仕事を受注して、材料費や人件費を先に用意したい</li>
          <li>入金を待つ期間を短くして、資金繰りに余裕を持たせたい</li>
        </ul>
      </div>
    </HomeSection>
  );
}

const STEPS = [
  { title: '会員登録', text: 'メールアドレスで会員登録し、届いたメールで確認を済ませたら、会社や事業の基本情報を入力します。' },
  { title: '本人確認', text: 'お申し込みされる方の本人確認書類を、表面と裏面の両方アップロードします。' },
  {
    title: '請求書の登録',
    text: '買い取りを希望する請求書のファイルをアップロードし、売掛先（請求先の企業）の会社名や金額、支払期日を入力します。1回のお申し込みで5件まで登録できます。',
  },
  { title: '書類の提出', text: '直近4か月分ほどの入出金明細と、決算書（個人事業主の方は確定申告書）をアップロードします。' },
  { title: '審査', text: '当社が内容を確認し、請求書ごとに買取率と手数料を決めます。追加の書類をお願いすることがあります。' },
  { title: 'オンライン契約', text: '買取額と手数料を画面で確認し、ご納得いただけたら、そのままオンラインで契約します。' },
  { title: 'ご入金', text: '契約の手続きが済んだら、買取額をご指定の口座へお振込みします。' },
] as const;

function FlowSection() {
  return (
    <HomeSection
      id="flow"
      eyebrow="ご利用の流れ"
      title="お申し込みからご入金までの流れ"
      lead="手続きはすべてウェブ上で、次の7つのステップで進みます。入力した内容とアップロードした書類は保存されるため、途中で中断しても続きから再開できます。"
      surface
    >
      <ol className="mk-steps">
        {STEPS.map((step, i) => (
          <li key={step.title} className={i === STEPS.length - 1 ? 'mk-steps__item--goal' : undefined}>
            <h3 className="mk-steps__title">{step.title}</h3>
            <p className="mk-steps__text">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="mk-flow__after">
        審査の結果をご覧になって契約しないことを選んでも、費用はかかりません。{' '}
        <AppLink to="/#fees" className="mk-textlink">
          手数料の仕組みを見る
        </AppLink>
      </p>
    </HomeSection>
  );
}

function DocumentsSection() {
  return (
    <HomeSection
      id="documents"
      eyebrow="必要書類"
      title="ご用意いただく書類"
      lead="書類は、お手続きの画面からアップロードして提出します。郵送の必要はありません。"
    >
      <ul className="mk-grid mk-grid--2">
        <li className="mk-tile">
          <h3 className="mk-doc__title">本人確認書類</h3>
          <p>
            お申し込みされる方ご本人の本人確認書類です。表面と裏面の両方をアップロードします。ご利用いただける書類の種類は、お手続きの画面でご案内します。
          </p>
        </li>
        <li className="mk-tile">
          <h3 className="mk-doc__title">請求書</h3>
          <p>
            買い取りを希望する請求書のファイルです。1回のお申し込みで5件まで登録できます。あわせて、売掛先の会社名、請求金額（税込）、振込予定額、支払期日を入力します。
          </p>
          <p className="mk-note">金額が確定していて、売掛先から銀行振込で支払われる請求書が対象です。</p>
        </li>
        <li className="mk-tile">
          <h3 className="mk-doc__title">入出金明細（直近4か月分ほど）</h3>
          <p>事業のお金の出入りがわかる口座の明細です。口座ごとに、次のどちらかをご用意ください。</p>
          <ul className="mk-doc__who">
            <li>
              <span className="mk-doc__who-label">通帳の場合</span>
              <span>通帳の表紙（口座番号などがわかるページ）と、直近4か月分ほどが記帳されたページ</span>
            </li>
            <li>
              <span className="mk-doc__who-label">ネットバンキングの場合</span>
              <span>口座の情報がわかる画面と、直近4か月分ほどの入出金明細</span>
            </li>
          </ul>
        </li>
        <li className="mk-tile">
          <h3 className="mk-doc__title">決算書・確定申告書</h3>
          <p>事業の状況を確認するための書類です。法人の方と個人事業主の方とで異なります。</p>
          <ul className="mk-doc__who">
            <li>
              <span className="mk-doc__who-label">法人の方</span>
              <span>
                直近の決算書（損益計算書・貸借対照表・勘定科目内訳書など）。まだ決算を迎えていない場合は試算表（損益計算書・貸借対照表）
              </span>
            </li>
            <li>
              <span className="mk-doc__who-label">個人事業主の方</span>
              <span>直近の確定申告書の控え。まだ確定申告をしていない場合は開業届の控え</span>
            </li>
          </ul>
        </li>
      </ul>
      <p className="mk-note mk-flow__after">
        書類がすべてそろっていなくても、お申し込みの入力は始められます。途中で保存して、準備ができてから提出してください。
      </p>
    </HomeSection>
  );
}

function SafetySection() {
  return (
    <HomeSection id="safety" eyebrow="安心してお使いいただくために" title="大切な書類と、大切なお金のために">
      <ul className="mk-grid mk-grid--3">
        <li className="mk-tile">
          <h3 className="mk-tile__title">書類は暗号化した通信で送信</h3>
          <p>入力した情報やアップロードした書類は、暗号化した通信（HTTPS）で送信します。</p>
          <p>
            <AppLink to="/policy/security">情報セキュリティ方針</AppLink>
          </p>
        </li>
        <li className="mk-tile">
          <h3 className="mk-tile__title">契約の前に、金額を必ず確認</h3>
          <p>買取額・手数料・振込手数料を画面でご確認いただいてから、契約に進みます。金額を確認する前に契約が成立することはありません。</p>
        </li>
        <li className="mk-tile">
          <h3 className="mk-tile__title">お預かりした情報の取り扱い</h3>
          <p>お預かりした個人情報や書類は、プライバシーポリシーに定めた目的の範囲で取り扱います。</p>
          <p>
            <AppLink to="/policy/privacy">プライバシーポリシー</AppLink>
          </p>
        </li>
      </ul>
    </HomeSection>
  );
}

function ClosingSection() {
  return (
    <section className="mk-section" aria-labelledby="start-heading">
      <div className="mk-container mk-container--narrow">
        <div className="mk-cta">
          <h2 id="start-heading" className="mk-section__title">
            まずは無料の会員登録から
          </h2>
          <p>登録しても、契約するまで費用はかかりません。書類の準備は、登録のあとで進められます。</p>
          <StartActions large />
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  useScrollToHash();
  return (
    <>
      <Hero />
      <AudienceSection />
      <FlowSection />
      <DocumentsSection />
      <FeesSection />
      <SafetySection />
      <FaqSection />
      <ClosingSection />
    </>
  );
}
