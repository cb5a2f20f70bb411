import type { ReactNode } from 'react';
import { AppLink, getRuntimeConfig } from '@app/shared/core';
import { HomeSection } from './home-section';

interface Faq {
  readonly id: string;
  readonly question: string;
  readonly answer: ReactNode;
}

function faqs(individualsSupported: boolean): readonly Faq[] {
  return [
    {
      id: 'cost',
      question: '会員登録や審査に費用はかかりますか？',
      answer: (
        <p>
          かかりません。費用が発生するのは、審査の結果をご確認のうえで契約された場合だけです。その場合も、手数料と振込手数料は買取額から差し引きます。
        </p>
      ),
    },
    {
      id: 'when-fee',
      question: '買取率や手数料は、いつわかりますか？',
      answer: (
        <>
          <p>
            審査が終わると、請求書ごとの買取率・手数料・買取額を画面でお知らせします。金額をご確認いただき、ご納得いただけた場合にだけ契約へお進みください。
          </p>
          <p>
            計算の仕組みは<AppLink to="/#fees">手数料と買取額の決まり方</AppLink>をご覧ください。
          </p>
        </>
      ),
    },
    {
      id: 'which-invoices',
      question: 'どのような請求書が対象になりますか？',
      answer: (
        <p>
          取引先の企業（売掛先）に発行した支払期日前の請求書のうち、金額が確定していて、売掛先から銀行振込で支払われる予定のものが対象です。1回のお申し込みで5件まで登録できます。
        </p>
      ),
    },
    {
      id: 'loan',
      question: '融資（借入れ）とは何が違いますか？',
      answer: (
        <p>
          請求書買取は、お持ちの請求書（売掛債権）を当社が買い取る取引で、お金を借りる融資とは仕組みが異なります。取引の条件は、ご契約の前に契約書面でご確認いただけます。
        </p>
      ),
    },
    {
      id: 'individual',
      question: '個人事業主でも申し込めますか？',
      answer: individualsSupported ? (
        <p>
          はい、お申し込みいただけます。決算書の代わりに確定申告書の控えを、まだ確定申告をしていない場合は開業届の控えをご提出ください。
        </p>
      ) : (
        <p>
          申し訳ございません。現在、個人事業主の方からのお申し込みは受け付けておりません。詳しくは
          <AppLink to="/unsupported">個人事業主の方のお申し込みについて</AppLink>をご覧ください。
        </p>
      ),
    },
    {
      id: 'resume',
      question: '入力の途中でやめても大丈夫ですか？',
      answer: <p>大丈夫です。入力した内容とアップロードした書類は保存されます。次にログインしたときに、続きから再開できます。</p>,
    },
  ];
}

/** 「よくあるご質問」 as native disclosure widgets (keyboard and screen-reader friendly as is). */
export function FaqSection() {
  const { individualsSupported } = getRuntimeConfig();
  return (
    <HomeSection id="faq" eyebrow="FAQ" title="よくあるご質問" surface>
      <div className="mk-faq">
        {faqs(individualsSupported).map((faq) => (
          <details key={faq.id}>
            <summary>
              <span className="mk-faq__q" aria-hidden="true">
                Q.
              </span>
              {faq.question}
            </summary>
            <div className="mk-faq__answer">{faq.answer}</div>
          </details>
        ))}
      </div>
    </HomeSection>
  );
}
