import {
  NEW_ENTRY_BLOCK_LABELS,
  REVIEW_STATUS,
  checkNewEntry,
  identityStatusLabel,
  type IdentityState,
  type NewEntryEligibilityInput,
} from '@app/contracts/domain';
import type { PreEntryResult } from '@app/contracts';

/**
 * The /mypage checklist: the four steps to a first entry (事前確認 → 基本情報 → 本人確認 → 新規申し込み),
 * each with its state, derived only from the domain's rules (identity state, new-entry
 * eligibility). Exactly one step is the next one to take.
 */
export type StepId = 'preEntry' | 'profile' | 'identity' | 'newEntry';

/**
 * done: nothing left to do; waiting: done on the applicant's side, we are checking; todo: the
 * applicant can act now; blocked: cannot go on (the description says why); skipped: does not apply;
 * unknown: could not be loaded.
 */
export type StepState = 'done' | 'waiting' | 'todo' | 'blocked' | 'skipped' | 'unknown';

export interface StepAction {
  readonly label: string;
  readonly to: string;
}

export interface ChecklistStep {
  readonly id: StepId;
  readonly title: string;
  readonly state: StepState;
  /** A short status shown as a badge (回答済み, 確認中…). */
  readonly status: string;
  /** What is done, or what to do, in one or two sentences. */
  readonly description: string;
  readonly action?: StepAction;
}

export interface Checklist {
  readonly steps: readonly ChecklistStep[];
  readonly nextStepId: StepId;
}

export interface ChecklistInput {
  /** From the auth store (`identityStateOf(me, today)`). */
  readonly identity: IdentityState;
  /** The current user's fields the checklist reads. */
  readonly me: {
    readonly office_zipcode: string | null;
    readonly owner_zipcode: string | null;
    readonly user_segment: string | null;
  };
  /** GET /api/pre_entry/; null when it could not be loaded. */
  readonly preEntry: PreEntryResult['outcome'] | null;
  /** GET /api/entries/; null when they could not be loaded. */
  readonly entries: NewEntryEligibilityInput['entries'] | null;
  readonly suppressEntries: NewEntryEligibilityInput['suppressEntries'];
  /** The profile's has_entry_permission_when_delayed, when known (it matters only with a delayed claim). */
  readonly hasEntryPermissionWhenDelayed?: boolean | null;
}

export const IDENTITY_ANCHOR = '/profile#identity';

function preEntryStep({ preEntry, identity }: ChecklistInput): ChecklistStep {
  const base = { id: 'preEntry', title: '事前確認' } as const;
  switch (preEntry) {
    case 'accepted':
      return { ...base, state: 'done', status: '回答済み', description: 'お取り扱いの対象となる請求書であることを確認しました。' };
    case 'declined':
      return {
        ...base,
        state: 'blocked',
        status: 'お受けできません',
        description: '事前確認の結果、現在はお申し込みをお受けすることができません。理由と、ご検討いただける方法をご案内しています。',
        action: { label: '結果と理由を見る', to: '/pre_entry/result' },
      };
    case 'unanswered':
      // The questions come before the profile: once the profile is complete the questionnaire is
      // no longer offered (the authenticatedRedirect guard of /register/pre_entry).
      return identity.hasSatisfiedProfile
        ? { ...base, state: 'skipped', status: '回答不要', description: '基本情報の登録がお済みのため、回答の必要はありません。' }
        : {
            ...base,
            state: 'todo',
            status: '未回答',
            description: '請求書についての簡単な質問にお答えください。選ぶだけで、約1分で終わります。',
            action: { label: '事前確認に回答する', to: '/register/pre_entry' },
          };
    case null:
      return { ...base, state: 'unknown', status: '読み込めません', description: '事前確認の状況を読み込めませんでした。' };
  }
}

function profileStep({ identity, me }: ChecklistInput): ChecklistStep {
  const base = { id: 'profile', title: '基本情報の登録' } as const;
  if (identity.hasSatisfiedProfile)
    return {
      ...base,
      state: 'done',
      status: '登録済み',
      description: '会社と代表者の情報を登録済みです。',
      action: { label: '登録情報を確認・変更する', to: '/profile' },
    };
  // No postal code at all (the API sends '' for a new account): the first profile step was never done.
  const blank = (value: string | null) => value === null || value.trim() === '';
  const neverStarted = blank(me.office_zipcode) && blank(me.owner_zipcode);
  return neverStarted
    ? {
        ...base,
        state: 'todo',
        status: '未登録',
        description: '会社と代表者の連絡先などをご登録ください。',
        action: { label: '基本情報を登録する', to: '/register/profile' },
      }
    : {
        ...base,
        state: 'todo',
        status: '未完了',
        description: '登録情報に、まだ入力されていない項目があります。',
        action: { label: '登録情報を入力する', to: '/profile' },
      };
}

function identityStep({ identity }: ChecklistInput): ChecklistStep {
  const base = {
    id: 'identity',
    title: '本人確認',
    status: identityStatusLabel(identity.identity_confirmation, identity.isIdentityExpired),
  } as const;
  if (identity.isIdentityExpired || identity.identity_confirmation === REVIEW_STATUS.expired)
    return {
      ...base,
      state: 'todo',
      description: '本人確認書類の有効期限が切れています。有効な書類を提出してください。',
      action: { label: '本人確認書類を再提出する', to: IDENTITY_ANCHOR },
    };
  switch (identity.identity_confirmation) {
    case REVIEW_STATUS.confirmed:
      return { ...base, state: 'done', description: '本人確認が完了しています。' };
    case REVIEW_STATUS.confirming:
      return {
        ...base,
        state: 'waiting',
        description: '提出いただいた書類を確認しています。確認中でも、お申し込みいただけます。',
        action: { label: '提出内容を見る', to: IDENTITY_ANCHOR },
      };
    case REVIEW_STATUS.inadequate:
      return {
        ...base,
        state: 'todo',
        description: '提出いただいた書類では確認できませんでした。お手数ですが、もう一度提出してください。',
        action: { label: '本人確認書類を再提出する', to: IDENTITY_ANCHOR },
      };
    default:
      return {
        ...base,
        state: 'todo',
        description: '運転免許証などの本人確認書類を提出してください。提出後すぐに、お申し込みいただけます。',
        action: { label: '本人確認書類を提出する', to: IDENTITY_ANCHOR },
      };
  }
}

function newEntryStep(input: ChecklistInput): ChecklistStep {
  const base = { id: 'newEntry', title: '新規申し込み' } as const;
  if (input.entries === null)
    return { ...base, state: 'unknown', status: '読み込めません', description: 'お申し込みの状況を読み込めませんでした。' };
  const eligibility = checkNewEntry({
    identity: input.identity,
    suppressEntries: input.suppressEntries,
    userSegment: input.me.user_segment,
    entries: input.entries,
    hasEntryPermissionWhenDelayed: input.hasEntryPermissionWhenDelayed,
  });
  if (!eligibility.allowed)
    return { ...base, state: 'blocked', status: NEW_ENTRY_BLOCK_LABELS[eligibility.reason.code], description: eligibility.reason.message };
  return {
    ...base,
    state: 'todo',
    status: '申し込みできます',
    description: '買取を希望する請求書と、必要な書類をご用意のうえお申し込みください。',
    action: { label: '新規申し込みをはじめる', to: '/entry' },
  };
}

/**
 * The first step, in order, that the applicant can act on or that stops them (a declined pre-entry
 * comes before an unfinished profile: there is no point filling it in); else the first still being
 * checked or not loaded; else the last.
 */
function nextStep(steps: readonly ChecklistStep[]): StepId {
  const first = (...states: StepState[]) => steps.find((step) => states.includes(step.state));
  return (first('todo', 'blocked') ?? first('waiting', 'unknown') ?? steps[steps.length - 1]!).id;
}

/** After a declined pre-entry, the profile and identity steps lead nowhere: they are not asked for. */
const notAskedAfterDecline = (step: ChecklistStep): ChecklistStep =>
  step.state === 'todo'
    ? {
        id: step.id,
        title: step.title,
        state: 'skipped',
        status: step.status,
        description: '事前確認の結果により、現在はご対応いただく必要はありません。',
      }
    : step;

export function buildChecklist(input: ChecklistInput): Checklist {
  const declined = input.preEntry === 'declined';
  const middle = [profileStep(input), identityStep(input)].map((step) => (declined ? notAskedAfterDecline(step) : step));
  const steps = [preEntryStep(input), ...middle, newEntryStep(input)];
  return { steps, nextStepId: nextStep(steps) };
}
