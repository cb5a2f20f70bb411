/**
 * The entry wizard's steps (spec §2, §4): their order and paths, which step a path belongs to, the
 * first step still to do, and whether a step has unsaved changes.
 */
import { isFinancialStatementsDone, isWithdrawalsDetailDone } from './identity';

export const ENTRY_STEPS = ['submitInvoices', 'submitFinancialStatements', 'submitWithdrawalsDetail', 'submitProfile', 'complete'] as const;
export type EntryStep = (typeof ENTRY_STEPS)[number];
/** The steps the applicant fills in (all but complete). */
export type EntryFormStep = Exclude<EntryStep, 'complete'>;

/** The page of each step (spec §2 "entry paths used for step logic", and /entry/complete/). */
export const ENTRY_STEP_PATH_BY_STEP: Readonly<Record<EntryStep, string>> = {
  submitInvoices: '/entry/entry_invoice/',
  submitFinancialStatements: '/entry/',
  submitWithdrawalsDetail: '/entry/withdrawal_details/',
  submitProfile: '/register/profile/',
  complete: '/entry/complete/',
};

export const entryStepPath = (step: EntryStep): string => ENTRY_STEP_PATH_BY_STEP[step];

/** The step after `step` (null after complete). */
export const nextEntryStep = (step: EntryStep): EntryStep | null => ENTRY_STEPS[ENTRY_STEPS.indexOf(step) + 1] ?? null;
/** The step before `step` (null before submitInvoices). */
export const previousEntryStep = (step: EntryStep): EntryStep | null => ENTRY_STEPS[ENTRY_STEPS.indexOf(step) - 1] ?? null;

// ---------------------------------------------------------------------------------------------
// Path rules (spec §2)
// ---------------------------------------------------------------------------------------------

/** The path without query, hash and trailing slashes (so '/' becomes ''); used only to compare. */
function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return (end === -1 ? path : path.slice(0, end)).replace(/\/+$/, '');
}

/**
 * The financial statements step is a path ending in `entry` (spec §2): /entry, /entry/, /entry?x=1.
 * "Ending in entry" is read as a last path segment equal to `entry`, so /reentry is not it.
 */
export const isFinancialStatementsStepPath = (path: string): boolean => /(^|\/)entry$/.test(pathnameOf(path));
/** The invoice step is a path containing /entry/entry_invoice (spec §2). */
export const isInvoiceStepPath = (path: string): boolean => path.includes('/entry/entry_invoice');
/** The withdrawal details step is a path containing /entry/withdrawal_details (spec §2). */
export const isWithdrawalsDetailStepPath = (path: string): boolean => path.includes('/entry/withdrawal_details');
/** The profile step is a path containing /register/profile. */
export const isProfileStepPath = (path: string): boolean => path.includes('/register/profile');
/** The complete step is /entry/complete (with or without the trailing slash). */
export const isCompleteStepPath = (path: string): boolean => pathnameOf(path) === '/entry/complete';

/** The step a path belongs to, or null for a path outside the wizard. */
export function entryStepOfPath(path: string): EntryStep | null {
  if (isInvoiceStepPath(path)) return 'submitInvoices';
  if (isWithdrawalsDetailStepPath(path)) return 'submitWithdrawalsDetail';
  if (isFinancialStatementsStepPath(path)) return 'submitFinancialStatements';
  if (isProfileStepPath(path)) return 'submitProfile';
  if (isCompleteStepPath(path)) return 'complete';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Progress
// ---------------------------------------------------------------------------------------------

/** Whether each form step is done. */
export type EntryStepsDone = Readonly<Record<EntryFormStep, boolean>>;

/** The first step, in order, that is not done; complete when every form step is done (spec §4). */
export function firstIncompleteStep(done: EntryStepsDone): EntryStep {
  return ENTRY_STEPS.find((step) => step === 'complete' || !done[step]) as EntryStep;
}

/** The applicant may open `step` when it is not further on than the first incomplete step. */
export const canOpenEntryStep = (step: EntryStep, done: EntryStepsDone): boolean =>
  ENTRY_STEPS.indexOf(step) <= ENTRY_STEPS.indexOf(firstIncompleteStep(done));

export interface EntryProgressInput {
  /** Invoice requirements complete (spec §5), from the invoice step's state. */
  readonly invoiceRequirementsComplete: boolean;
  /** `isFinancialStatementsComplete(...)` of the files uploaded in this entry. */
  readonly financialStatementsComplete: boolean;
  /** The current user's financial_statements_status. */
  readonly financialStatementsStatus: number | null | undefined;
  /** `areAccountActivityStatementsComplete(...)` of this entry's statements. */
  readonly accountActivityStatementsComplete: boolean;
  /** The current user's withdrawals_detail_status. */
  readonly withdrawalsDetailStatus: number | null | undefined;
  /** `isAccountStepDone(identityState)`. */
  readonly accountStepDone: boolean;
}

/**
 * Which steps are done. A document step is done when its files are complete in this entry, or when
 * the applicant's earlier submission counts as done (confirming or confirmed, spec §4), so documents
 * already with the operator are not asked for again. The profile step is the account step.
 */
export function entryStepsDone(input: EntryProgressInput): EntryStepsDone {
  return {
    submitInvoices: input.invoiceRequirementsComplete,
    submitFinancialStatements: input.financialStatementsComplete || isFinancialStatementsDone(input.financialStatementsStatus),
    submitWithdrawalsDetail: input.accountActivityStatementsComplete || isWithdrawalsDetailDone(input.withdrawalsDetailStatus),
    submitProfile: input.accountStepDone,
  };
}

// ---------------------------------------------------------------------------------------------
// Change detection (spec §4)
// ---------------------------------------------------------------------------------------------

/** A value of a step's form (JSON-like). */
export type StepInputValue =
  string | number | boolean | null | undefined | readonly StepInputValue[] | { readonly [key: string]: StepInputValue };

/** An uploaded file of a step: its upload key (e.g. `invoice-3`) and server id. */
export interface StepFile {
  readonly kind: string;
  /** null while uploading. */
  readonly id: number | string | null;
  readonly error?: boolean;
}

/** What a step holds: its form values and its files. */
export interface StepSnapshot {
  readonly inputs: Readonly<Record<string, StepInputValue>>;
  readonly files: readonly StepFile[];
}

export interface StepChanges {
  /** Top-level input names whose value differs. */
  readonly changedInputs: readonly string[];
  /** Files present now but not saved. */
  readonly addedFiles: readonly StepFile[];
  /** Saved files no longer present. */
  readonly removedFiles: readonly StepFile[];
}

const isBlank = (value: StepInputValue): boolean => value === null || value === undefined || value === '';

/**
 * Whether two input values are the same for the applicant: blanks are equal to each other (null,
 * undefined, '' — a form field left empty is not a change from a value never saved), arrays compare
 * item by item in order, objects key by key (a missing key is blank); anything else must be
 * identical (so 1 and '1' differ).
 */
export function sameStepInput(a: StepInputValue, b: StepInputValue): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item: StepInputValue, index) => sameStepInput(item, b[index] as StepInputValue));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const x = a as Readonly<Record<string, StepInputValue>>;
    const y = b as Readonly<Record<string, StepInputValue>>;
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].every((key) => sameStepInput(x[key], y[key]));
  }
  return a === b;
}

/** Files that count: uploaded (an id) and not failed. Key: upload key and id. */
function fileCounts(files: readonly StepFile[]): Map<string, { file: StepFile; count: number }> {
  const counts = new Map<string, { file: StepFile; count: number }>();
  for (const file of files) {
    if (file.id === null || file.error === true) continue;
    const key = JSON.stringify([file.kind, String(file.id)]);
    const entry = counts.get(key);
    counts.set(key, { file, count: (entry?.count ?? 0) + 1 });
  }
  return counts;
}

function missingFrom(from: readonly StepFile[], other: readonly StepFile[]): StepFile[] {
  const mine = fileCounts(from);
  const theirs = fileCounts(other);
  const missing: StepFile[] = [];
  for (const [key, { file, count }] of mine) {
    const extra = count - (theirs.get(key)?.count ?? 0);
    for (let i = 0; i < extra; i++) missing.push(file);
  }
  return missing;
}

/**
 * What differs between the saved state of a step and the current one: input names whose values
 * differ (see `sameStepInput`), and uploaded files added or removed (by upload key and id, in any
 * order; files still uploading or failed are not counted).
 */
export function stepChanges(saved: StepSnapshot, current: StepSnapshot): StepChanges {
  const names = [...new Set([...Object.keys(current.inputs), ...Object.keys(saved.inputs)])];
  return {
    changedInputs: names.filter((name) => !sameStepInput(saved.inputs[name], current.inputs[name])),
    addedFiles: missingFrom(current.files, saved.files),
    removedFiles: missingFrom(saved.files, current.files),
  };
}

/** Whether the step has changes to save (spec §4 "step changes are detected by comparing…"). */
export function hasStepChanged(saved: StepSnapshot, current: StepSnapshot): boolean {
  const changes = stepChanges(saved, current);
  return changes.changedInputs.length > 0 || changes.addedFiles.length > 0 || changes.removedFiles.length > 0;
}
