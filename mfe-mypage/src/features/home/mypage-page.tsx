import { useMemo } from 'react';
import { api, useAuth } from '@app/shared';
import { LogoutButton } from '@app/shared/parts';
import { CLAIM_STATUS } from '@app/contracts/domain';
import { type Upload } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { useResource } from './api/use-resource';
import { buildChecklist } from './model/checklist';
import { ChecklistSection } from './components/checklist-section';
import { DelinquencySection } from './components/delinquency-section';
import { EntriesSection } from './components/entries-section';
import { CardPaymentBanner, HelpSection } from './components/help-section';
import { NewsSection } from './components/news-section';
import { ensureHomeStyles } from './styles';

ensureHomeStyles();

const loadPreEntry = () => api(endpoints.preEntry.get);
const loadEntries = () => api(endpoints.entries.list);
const loadNews = () => api(endpoints.news.list);
const loadDelinquency = (): Promise<readonly Upload[]> =>
  api(endpoints.uploads.list).then((uploads) => uploads.filter((u) => u.kind === 'delinquency'));
/**
 * The profile group (its PATCH schemas check phone numbers: the numbering plan's metadata) is
 * loaded only for this rare call, not with the page.
 */
const loadDelayPermission = () =>
  import('@app/contracts/endpoints').then(({ profile }) => api(profile.get)).then((answer) => answer.has_entry_permission_when_delayed);
const noDelayPermissionNeeded = () => Promise.resolve(null);

/**
 * /mypage, the logged-in home: who is logged in, the checklist to a first entry with the next step
 * emphasised (and the new-entry button or the reason it is not possible), the entries, the
 * delinquency documents (only for whom they concern), news, help and the logout. Each section loads on its own: one failing call
 * leaves the others working, with a quiet line and a retry where it failed.
 */
export default function MypagePage() {
  const me = useAuth((s) => s.me);
  const identity = useAuth((s) => s.identity);
  const suppressEntries = useAuth((s) => s.suppressEntries);

  const preEntry = useResource(loadPreEntry);
  const entries = useResource(loadEntries);
  const news = useResource(loadNews);
  const delinquency = useResource(loadDelinquency);

  // has_entry_permission_when_delayed (profile) matters only when a claim is delayed.
  const hasDelayedClaim =
    entries.resource.status === 'ready' && entries.resource.data.some((e) => e.claims.some((c) => c.status === CLAIM_STATUS.delay));
  const delayPermission = useResource(hasDelayedClaim ? loadDelayPermission : noDelayPermissionNeeded);

  const checklist = useMemo(() => {
    if (!me || !identity) return null;
    if (preEntry.resource.status === 'loading' || entries.resource.status === 'loading' || delayPermission.resource.status === 'loading')
      return null;
    const permissionUnknown = hasDelayedClaim && delayPermission.resource.status === 'failed';
    return buildChecklist({
      identity,
      me,
      preEntry: preEntry.resource.status === 'ready' ? preEntry.resource.data.outcome : null,
      entries: entries.resource.status === 'ready' && !permissionUnknown ? entries.resource.data : null,
      suppressEntries,
      hasEntryPermissionWhenDelayed: delayPermission.resource.status === 'ready' ? delayPermission.resource.data : null,
    });
  }, [me, identity, suppressEntries, preEntry.resource, entries.resource, delayPermission.resource, hasDelayedClaim]);
  // 滞納に関する書類 are for an applicant the spec ties them to: one with a delayed claim (§3
  // has_entry_permission_when_delayed, §6 "controls entry while delinquent"), or one who already has
  // such documents (to see and complete them). Nobody else is asked for them.
  const hasDelinquencyDocuments = delinquency.resource.status === 'ready' && delinquency.resource.data.length > 0;
  const showDelinquency = hasDelayedClaim || hasDelinquencyDocuments;
  const checklistFailed = [preEntry.resource, entries.resource, delayPermission.resource].some((r) => r.status === 'failed');
  const retryChecklist = () => {
    if (preEntry.resource.status === 'failed') preEntry.reload();
    if (entries.resource.status === 'failed') entries.reload();
    if (delayPermission.resource.status === 'failed') delayPermission.reload();
  };

  const name = [me?.last_name, me?.first_name].filter(Boolean).join(' ');
  return (
    <div className="mp-page">
      <header className="mp-hello">
        <div>
          <h1 id="mypage-heading">マイページ</h1>
          <p className="mp-hello__who">
            {me?.company_name && <span className="mp-hello__company">{me.company_name}</span>}
            <span data-testid="mypage-name">{name || me?.email}</span> 様
          </p>
        </div>
        <LogoutButton className="button button--secondary button--small mp-logout" />
      </header>

      <CardPaymentBanner />

      <div className="mp-layout">
        <div className="mp-column">
          <ChecklistSection checklist={checklist} failed={checklistFailed} onRetry={retryChecklist} />
          <EntriesSection entries={entries.resource} onRetry={entries.reload} />
          {showDelinquency && (
            <DelinquencySection documents={delinquency.resource} onDocumentsChange={delinquency.set} onRetry={delinquency.reload} />
          )}
        </div>
        <div className="mp-column">
          <NewsSection news={news.resource} onRetry={news.reload} />
          <HelpSection />
        </div>
      </div>
    </div>
  );
}
