import type { ReactNode } from 'react';
import { AppLink, href } from '@app/shared';
import { BankAccountRows } from '@app/shared/parts';
import type { Entry } from '@app/contracts';
import { EntrySummary } from './entry-summary';

/** One card of an entry's page, named by its heading (`{id}-heading`); `todo` marks the applicant's turn. */
export function PageSection({
  id,
  title,
  tone,
  children,
}: {
  readonly id: string;
  readonly title: ReactNode;
  readonly tone?: 'todo';
  readonly children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section className={tone ? `el-section el-section--${tone}` : 'el-section'} aria-labelledby={headingId}>
      <h2 id={headingId} className="el-section__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A card whose body is a list of facts (`<dl>`, named by `testId` for the tests), with a lead
 * before it and anything else (an action) after it.
 */
export function FactsSection({
  id,
  title,
  testId,
  lead,
  facts,
  children,
}: {
  readonly id: string;
  readonly title: ReactNode;
  readonly testId?: string;
  readonly lead?: ReactNode;
  readonly facts: ReactNode;
  readonly children?: ReactNode;
}) {
  return (
    <PageSection id={id} title={title}>
      {lead && <p>{lead}</p>}
      <dl className="el-facts el-facts--plain" data-testid={testId}>
        {facts}
      </dl>
      {children}
    </PageSection>
  );
}

/**
 * An entry's page when the entry is not in the state the page is for: the summary, why (`reason`)
 * under `title`, and the way to the entry's detail.
 */
export function NotNowSection({ entry, title, reason }: { readonly entry: Entry; readonly title: string; readonly reason: string }) {
  return (
    <>
      <EntrySummary entry={entry} />
      <PageSection id="state" title={title}>
        <p>{reason}</p>
        <div className="el-actions">
          <AppLink className="button button--primary" to={href('entryDetail', { entryId: entry.id })}>
            お申し込み内容を見る
          </AppLink>
        </div>
      </PageSection>
    </>
  );
}

/** お振込み先: the entry's payout account (masked), with a lead and anything after (the change form). */
export function PayoutAccountSection({
  account,
  lead,
  children,
}: {
  readonly account: Entry['bank_account'];
  readonly lead?: string;
  readonly children?: ReactNode;
}) {
  return (
    <FactsSection id="payout" title="お振込み先" testId="payout-account" lead={lead} facts={<BankAccountRows account={account} />}>
      {children}
    </FactsSection>
  );
}

/** The way back from an action's page to the entry's detail. */
export function BackToDetail({ entry }: { readonly entry: Entry }) {
  return (
    <p>
      <AppLink to={href('entryDetail', { entryId: entry.id })}>お申し込み内容に戻る</AppLink>
    </p>
  );
}
