import { useAuth, type PageProps } from '@app/shared';
import { FACTORING_AGREEMENT } from '@app/contracts/copy/agreement';
import type { Entry } from '@app/contracts';
import { formatYen } from '@app/contracts/domain';
import { useEntry } from './api/use-entry';
import { EntryGate } from './components/entry-gate';
import { purchaseBreakdown } from './model/breakdown';
import { formatDay } from './model/format';

/**
 * 甲: the party the approval fixed (`entry.contract_party`, issue 23) — the company with its
 * representative, or the person — and only for an offer approved before that, the profile.
 */
function useApplicantName(entry: Entry): string {
  const me = useAuth((state) => state.me);
  const party = entry.contract_party;
  if (party) {
    const person = [party.last_name, party.first_name].filter(Boolean).join(' ');
    return party.corporate_division === 'corporate' ? `${party.company_name}（代表者 ${person}）` : person;
  }
  if (!me) return 'お客様';
  const person = [me.last_name, me.first_name].filter(Boolean).join(' ');
  return me.company_name ? `${me.company_name}${person ? `（代表者 ${person}）` : ''}` : person || 'お客様';
}

function AgreementText({ entry }: { readonly entry: Entry }) {
  const applicant = useApplicantName(entry);
  const { priced } = purchaseBreakdown(entry.claims);
  const claims = priced.length > 0 ? priced.map((f) => f.claim) : entry.claims;
  return (
    <article className="el-agreement" aria-labelledby="agreement-heading">
      <div className="el-agreement__toolbar">
        <button type="button" className="button button--secondary button--small" onClick={() => window.print()}>
          印刷する
        </button>
      </div>
      <h1 id="agreement-heading">{FACTORING_AGREEMENT.title}</h1>
      <dl className="el-facts el-facts--plain el-agreement__parties">
        <dt>申込番号</dt>
        <dd>{entry.code}</dd>
        <dt>甲（譲渡人）</dt>
        <dd>{applicant}</dd>
        <dt>乙（譲受人）</dt>
        <dd>当社（本サービスの運営者）</dd>
        {entry.contract_period && (
          <>
            <dt>ご契約の期限</dt>
            <dd>{formatDay(entry.contract_period)}</dd>
          </>
        )}
      </dl>
      <p>{FACTORING_AGREEMENT.preamble}</p>
      {FACTORING_AGREEMENT.articles.map((article) => (
        <section key={article.heading} aria-label={article.heading}>
          <h2>{article.heading}</h2>
          {article.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section aria-labelledby="schedule-heading">
        <h2 id="schedule-heading">別紙 譲渡対象債権</h2>
        <ol className="el-schedule">
          {claims.map((claim) => (
            <li key={claim.id}>
              <p className="el-schedule__name">{claim.obliger_company_name}</p>
              <dl className="el-facts">
                <dt>額面金額（税込）</dt>
                <dd>{formatYen(claim.amount)}</dd>
                <dt>支払期日</dt>
                <dd>{formatDay(claim.obliger_payment_date)}</dd>
                <dt>お振込み額</dt>
                <dd>{claim.purchase_amount === null ? '審査後に決定' : formatYen(claim.purchase_amount)}</dd>
              </dl>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

/**
 * /entry/{entryId}/factoring_service_agreement (plain layout, printable): the agreement of
 * `FACTORING_AGREEMENT` with the entry's parties and claims filled in.
 */
export default function EntryAgreementPage({ params }: PageProps) {
  const entryId = params.entryId ?? '';
  const { resource, reload } = useEntry(entryId);
  if (resource.status === 'ready') return <AgreementText entry={resource.entry} />;
  return (
    <EntryGate title={FACTORING_AGREEMENT.title} resource={resource} onRetry={reload}>
      {() => null}
    </EntryGate>
  );
}
