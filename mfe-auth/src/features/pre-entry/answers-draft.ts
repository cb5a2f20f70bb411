import { PRE_ENTRY_QUESTIONS } from '@app/contracts/domain';

/**
 * The answers not sent yet, kept in this tab's sessionStorage so a reload (or a dropped connection)
 * loses nothing. One draft per user; what is read back is only what the questionnaire still knows
 * (a question id with one of its choice ids). Storage that is full or disabled is ignored: the page
 * works without it.
 */
export type DraftAnswers = Record<string, string>;

const keyFor = (userId: number | null) => `tsumugi:pre-entry-answers:${userId ?? 'anonymous'}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps only known questions answered with one of their choices. */
export function cleanAnswers(raw: unknown): DraftAnswers {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const answers: DraftAnswers = {};
  for (const question of PRE_ENTRY_QUESTIONS) {
    const value = record[question.id];
    if (question.choices.some((choice) => choice.id === value)) answers[question.id] = value as string;
  }
  return answers;
}

export function loadDraft(userId: number | null): DraftAnswers {
  try {
    const text = storage()?.getItem(keyFor(userId));
    return text ? cleanAnswers(JSON.parse(text)) : {};
  } catch {
    return {};
  }
}

export function saveDraft(userId: number | null, answers: DraftAnswers): void {
  try {
    storage()?.setItem(keyFor(userId), JSON.stringify(answers));
  } catch {
    // Full or disabled storage: the answers stay on the page, only a reload would lose them.
  }
}

export function clearDraft(userId: number | null): void {
  try {
    storage()?.removeItem(keyFor(userId));
  } catch {
    // Nothing to do.
  }
}
