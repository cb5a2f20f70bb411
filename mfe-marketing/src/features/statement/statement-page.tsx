import type { ReactNode } from 'react';
import { AppLink, BRAND } from '@app/shared/core';
import { FeeFormulaText } from '../../components/fee-formula';
import { operatorFields, operatorValue } from '../../components/operator';
import { Phrases } from '../../components/phrases';
import { OperatorValue } from '../../components/operator-value';
import { useSupportUrl } from '../../components/support';
import { useScrollToHash } from '../../components/use-scroll-to-hash';

const CONTACT_FIELDS = operatorFields(['email', 'phone', 'hours']);

/** How to reach support: the configured support page and whatever contact details are published. */
function SupportContact() {
  const supportUrl = useSupportUrl();
  const contacts = CONTACT_FIELDS.filter((c) => operatorValue(c.field) !== null);
  if (supportUrl === null && contacts.length === 0) {
    return (
      <p className="notice">サポート窓口の連絡先は、サービスの公開前にこのページに掲載します。準備が整うまで、しばらくお待ちください。</p>
    );
  }
  return (
    <>
      {contacts.length > 0 && (
        <dl className="mk-contact">
          {contacts.map((c) => (
            <div key={c.field}>
              <dt>{c.label}</dt>
              <dd>
                <OperatorValue field={c.field} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {supportUrl !== null && (
        <div className="mk-actions">
          <AppLink to={supportUrl} className="button button--secondary">
            サポート窓口へのお問い合わせ
          </AppLink>
        </div>
      )}
    </>
  );
}

interface Commitment {
  readonly id: string;
  /** The heading, in phrases that each stay on one line. */
  readonly title: readonly string[];
  readonly body: ReactNode;
}

const PROMISES: readonly Commitment[] = [
  {
    id: 'fees',
    title: ['手数料は、', '契約の前にすべてお見せします'],
    body: (
      <>
        <p>
          お振込みする買取額は、「
          <FeeFormulaText withResult={false} />
          」で計算します。買取率と手数料は請求書ごとに審査で決まり、その金額はご契約の前に必ず画面でお知らせします。
        </p>
        <p>
          この計算式にない費用を、後からいただくことはありません。金額をご覧になって契約しないことを選んだ場合も、費用は一切かかりません。
        </p>
        <p>
          <AppLink to="/#fees" className="mk-textlink">
            手数料と買取額の決まり方
          </AppLink>
        </p>
      </>
    ),
  },
  {
    id: 'keep',
    title: ['入力した内容と書類を、', '失くしません'],
    body: (
      <>
        <p>
          お申し込みの入力内容やアップロードした書類は保存され、次にログインしたときに続きから再開できます。書類がすべてそろっていなくても、準備ができたところから進めてください。
        </p>
        <p>途中でページを閉じたり、通信が途切れたりしても、それまでに入力した内容が失われないように作っています。</p>
      </>
    ),
  },
  {
    id: 'words',
    title: ['わかりやすい日本語で', 'お伝えします'],
    body: (
      <>
        <p>
          画面の案内やメール、契約に関するご説明は、専門用語をできるだけ使わず、落ち着いて読める日本語で書きます。どうしても必要な用語には、その場で意味を添えます。
        </p>
        <p className="mk-note">たとえば「売掛先」は、請求書の宛先である取引先の企業のことです。</p>
      </>
    ),
  },
  {
    id: 'support',
    title: ['困ったときは、', 'いつでもご相談ください'],
    body: (
      <>
        <p>書類の用意のしかたや画面の操作、審査の結果についてなど、わからないことがあれば、お気軽にお問い合わせください。</p>
        <SupportContact />
      </>
    ),
  },
];

export default function StatementPage() {
  useScrollToHash();
  return (
    <>
      <section className="mk-pagehead" aria-labelledby="statement-heading">
        <div className="mk-container mk-container--narrow">
          <p className="mk-eyebrow">{BRAND.fullName}</p>
          <h1 id="statement-heading">私たちの約束</h1>
          <p className="lead">
            請求書買取は、事業の大切なお金に関わるサービスです。はじめての方にも安心してお申し込みいただけるよう、{BRAND.name}
            は次の4つのことをお約束します。
          </p>
        </div>
      </section>
      <div className="mk-section">
        <div className="mk-container mk-container--narrow">
          <ol className="mk-promise-list">
            {PROMISES.map((promise, i) => (
              <li key={promise.id}>
                <section className="mk-promise" aria-labelledby={`promise-${promise.id}`}>
                  <span className="mk-promise__num">約束 {i + 1}</span>
                  <h2 id={`promise-${promise.id}`} className="mk-promise__title">
                    <Phrases parts={promise.title} />
                  </h2>
                  {promise.body}
                </section>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <section className="mk-section mk-section--surface" aria-labelledby="statement-next-heading">
        <div className="mk-container mk-container--narrow">
          <h2 id="statement-next-heading" className="mk-section__title">
            ご利用を検討されている方へ
          </h2>
          <p>お申し込みの手順と必要な書類は、トップページの「ご利用の流れ」でご案内しています。会員登録と審査は無料です。</p>
          <div className="mk-actions">
            <AppLink to="/register" className="button button--primary">
              無料で会員登録
            </AppLink>
            <AppLink to="/#flow" className="button button--secondary">
              ご利用の流れを見る
            </AppLink>
          </div>
        </div>
      </section>
    </>
  );
}
