import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { authStore, entryStep, FormAlert, guardContextFrom, useAuth } from '@app/shared';
import { LoadingFields } from '@app/shared/parts';
import type { IdentityState } from '@app/contracts/domain';
import { focusField } from './error-summary';
import { ConflictNotice } from './conflict-notice';
import { SaveStatusLine } from './save-status';
import { StepIndicator } from './step-indicator';
import { firstIncompleteStepPath, wizardProgress, type WizardProgress } from '../model/progress';
import { stepItems, stepLabel } from '../model/steps';
import { useWizard, wizard } from '../model/wizard-store';
import { ensureWizardStyles } from '../styles';

/** What a step page gets from the frame. */
export interface StepContext {
  readonly identity: IdentityState;
  readonly progress: WizardProgress;
}

/** Navigation state the wizard passes between its pages. */
export interface WizardLocationState {
  /** A field to focus once the page is shown (an error link from another step). */
  readonly focus?: string;
  /** The page the applicant asked for, when the entry-step guard sent them back here. */
  readonly resumedFrom?: string;
}

/**
 * Saves at once when the tab is hidden or the page left, sends a last save that outlives a closed
 * tab, retries when the connection is back, and checks for a newer draft when the tab comes back.
 */
function useWizardLifecycle(): void {
  useEffect(() => {
    const w = wizard();
    const onOnline = () => {
      const kind = w.store.getState().save.kind;
      if (kind === 'offline' || kind === 'failed') w.retry();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void w.flush();
      else void w.refresh();
    };
    const onPageHide = () => w.saveOnExit();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void w.refresh();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      // Leaving the step (another step, /mypage): save now.
      void w.flush();
    };
  }, []);
}

const TITLES: Readonly<
  Record<'submitInvoices' | 'submitFinancialStatements' | 'submitWithdrawalsDetail', (individual: boolean) => string>
> = {
  submitInvoices: () => '請求書の登録',
  submitFinancialStatements: (individual) => (individual ? '確定申告書の提出' : '決算書の提出'),
  submitWithdrawalsDetail: () => '入出金明細の提出',
};

/**
 * The frame of every step page: reads the draft (once per tab), applies the entry-step guard with
 * the first incomplete step computed from the draft and the current user (a deep link to a later
 * step lands on the first one not done), and shows the title, the step indicator, the autosave
 * state and a conflict with another tab. The step itself renders once the draft is there.
 */
export function WizardFrame({
  step,
  children,
}: {
  readonly step: 'submitInvoices' | 'submitFinancialStatements' | 'submitWithdrawalsDetail';
  readonly children: (context: StepContext) => ReactNode;
}) {
  ensureWizardStyles();
  const userId = useAuth((s) => s.userId);
  const identity = useAuth((s) => s.identity);
  const load = useWizard((s) => s.load);
  const loadError = useWizard((s) => s.loadError);
  const data = useWizard((s) => s.data);
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as WizardLocationState;
  const [guarded, setGuarded] = useState(false);
  useWizardLifecycle();

  useEffect(() => {
    if (userId !== null) void wizard().ensureLoaded(userId);
  }, [userId]);

  const progress = useMemo(() => (identity === null ? null : wizardProgress(data, identity)), [data, identity]);

  // The entry-step guard (shared), once per page: with the first incomplete step from the draft.
  useEffect(() => {
    if (guarded || load !== 'ready' || progress === null) return;
    const context = { ...guardContextFrom(authStore.getState()), entry: { firstIncompleteStepPath: firstIncompleteStepPath(progress) } };
    const result = entryStep(context, location);
    if (result.kind === 'redirect') {
      // A first visit (nothing saved yet) just starts at the beginning; a return says why it is not where it asked.
      const resumed = wizard().store.getState().version > 0;
      void navigate(result.to, { replace: true, state: (resumed ? { resumedFrom: location.pathname } : {}) satisfies WizardLocationState });
      return;
    }
    setGuarded(true);
  }, [guarded, load, progress, location, navigate]);

  // A field named by an error link, or a section named by the hash, once the step is shown.
  useEffect(() => {
    if (!guarded) return;
    const timer = setTimeout(() => {
      if (state.focus) focusField(state.focus);
      else if (location.hash) {
        const section = document.getElementById(location.hash.slice(1));
        section?.scrollIntoView?.({ block: 'start' });
        section?.focus({ preventScroll: true });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [guarded, state.focus, location.hash]);

  const individual = identity?.isIndividual ?? false;
  const title = TITLES[step](individual);
  return (
    <div className="wizard">
      <div className="wizard__header">
        <h1 className="page-heading wizard__title">{title}</h1>
        {progress !== null && load === 'ready' && <StepIndicator items={stepItems(step, progress.done, individual)} />}
        {load === 'ready' && <SaveStatusLine />}
      </div>
      {load === 'failed' ? (
        <section className="card">
          <FormAlert messages={[loadError ?? '']} />
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            再読み込み
          </button>
        </section>
      ) : !guarded || progress === null || identity === null ? (
        <WizardSkeleton />
      ) : (
        <>
          <ConflictNotice />
          {state.resumedFrom && (
            <div className="notice" role="status">
              <p>まだ済んでいないステップがあるため、「{stepLabel(step, individual)}」から続けてください。</p>
            </div>
          )}
          {children({ identity, progress })}
        </>
      )}
    </div>
  );
}

function WizardSkeleton() {
  return (
    <div className="stack" aria-busy="true">
      <LoadingFields count={4} />
    </div>
  );
}
