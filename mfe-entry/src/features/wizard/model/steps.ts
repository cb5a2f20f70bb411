import { routeById } from '@app/shared';
import { canOpenEntryStep, ENTRY_STEPS, type EntryFormStep, type EntryStep, type EntryStepsDone } from '@app/contracts/domain';

/**
 * Where each step of the wizard lives (paths from the route table). The profile step and the submit
 * are sections of the withdrawals detail page: the profile itself is edited in mfe-mypage.
 */
export interface StepPage {
  readonly path: string;
  /** The section of the page (the profile and submit sections of the last page). */
  readonly hash?: string;
  readonly label: string;
}

const invoice = routeById('entryInvoice').path;
const financial = routeById('entryFinancial').path;
const withdrawal = routeById('entryWithdrawal').path;

export const PROFILE_SECTION_ID = 'wizard-profile';
export const SUBMIT_SECTION_ID = 'wizard-submit';

export const STEP_PAGES: Readonly<Record<EntryStep, StepPage>> = {
  submitInvoices: { path: invoice, label: '請求書' },
  submitFinancialStatements: { path: financial, label: '決算書' },
  submitWithdrawalsDetail: { path: withdrawal, label: '入出金明細' },
  submitProfile: { path: withdrawal, hash: PROFILE_SECTION_ID, label: '登録情報' },
  complete: { path: withdrawal, hash: SUBMIT_SECTION_ID, label: '申し込み' },
};

/** The label of a step for this applicant (an individual submits 確定申告書, not 決算書). */
export const stepLabel = (step: EntryStep, isIndividual: boolean): string =>
  step === 'submitFinancialStatements' && isIndividual ? '確定申告書' : STEP_PAGES[step].label;

export const stepHref = (step: EntryStep): string => {
  const page = STEP_PAGES[step];
  return page.hash ? `${page.path}#${page.hash}` : page.path;
};

export interface StepItem {
  readonly step: EntryStep;
  readonly number: number;
  readonly label: string;
  readonly done: boolean;
  /** The step of the page being shown. */
  readonly current: boolean;
  /** Null when a step before it is not done yet (the entry-step guard would send the applicant back). */
  readonly href: string | null;
}

/**
 * The step indicator: 請求書 → 決算書 → 入出金明細 → 登録情報 → 申し込み, each done, current (the page's
 * step) or to do, linked when it can be opened (`canOpenEntryStep`; the sections of the last page
 * whenever that page can be opened).
 */
export function stepItems(current: EntryFormStep, done: EntryStepsDone, isIndividual: boolean): StepItem[] {
  return ENTRY_STEPS.map((step, index) => {
    const page = STEP_PAGES[step];
    const owner = page.path === withdrawal ? 'submitWithdrawalsDetail' : step;
    const open = canOpenEntryStep(owner, done);
    const isCurrent = step === current;
    return {
      step,
      number: index + 1,
      label: stepLabel(step, isIndividual),
      done: step !== 'complete' && done[step],
      current: isCurrent,
      href: open && !isCurrent ? stepHref(step) : null,
    };
  });
}
