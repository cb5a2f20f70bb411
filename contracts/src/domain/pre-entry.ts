/**
 * The pre-entry screening (事前審査) of issue #9: the short questionnaire of /register/pre_entry, the
 * answers that decline, and the verdict shown on /pre_entry/result — all as data, read by two pure
 * functions. The spec names the routes, `has_pre_entry_declined` and the user status
 * `preEntryDeclined` (§2–§4) but not the questions: the questions, choices and rules below are our
 * interpretation of what a Japanese invoice-factoring service screens before a profile is filled in.
 *
 * Accepted only means "go on to the profile"; the review of the entry decides the purchase.
 */
import { MAX_CLAIMS_PER_ENTRY } from './constants';
import { MESSAGES } from './messages';
import type { FieldErrors } from './validation';

/**
 * A choice of a question. `id` is what the page sends and the API stores; `label` is shown.
 * For a question about a number (days until the due date, yen), `range` gives the whole numbers the
 * choice covers, both ends included (`null`: no bound); `preEntryChoiceForValue` reads it.
 */
export interface PreEntryChoice {
  readonly id: string;
  readonly label: string;
  readonly range?: { readonly min: number | null; readonly max: number | null };
}

/** A question: an English id (the answer's key), the Japanese text, an optional help line and its choices. */
export interface PreEntryQuestion {
  readonly id: string;
  readonly text: string;
  readonly hint?: string;
  /** A required question left unanswered is a field error (`MESSAGES.required`). */
  readonly required: boolean;
  readonly choices: readonly PreEntryChoice[];
}

/** Answering one of `choiceIds` to `questionId` declines the application, for `reason`. */
export interface PreEntryDeclineRule {
  readonly questionId: string;
  readonly choiceIds: readonly string[];
  /** Why, in plain Japanese. */
  readonly reason: string;
  /** What the applicant can do instead. */
  readonly alternative: string;
}

/** A questionnaire and its decline rules; the functions take `PRE_ENTRY_SCREENING` unless told otherwise. */
export interface PreEntryScreening {
  readonly questions: readonly PreEntryQuestion[];
  readonly declineRules: readonly PreEntryDeclineRule[];
}

/**
 * The applicant's answers as a form or a request body holds them: question id → choice id.
 * Missing, null and blank mean unanswered; ids of questions not in the questionnaire are ignored.
 */
export type PreEntryAnswers = Readonly<Partial<Record<string, string | null>>>;

/** One reason the application was declined. */
export interface PreEntryDeclineReason {
  readonly questionId: string;
  readonly reason: string;
  readonly alternative: string;
}

/** The verdict of `screenPreEntry`: declined lists every reason, in question order. */
export type PreEntryOutcome =
  { readonly outcome: 'accepted' } | { readonly outcome: 'declined'; readonly reasons: readonly PreEntryDeclineReason[] };

/** Messages the spec does not word (kept apart from its verbatim `MESSAGES`). */
export const PRE_ENTRY_MESSAGES = {
  /** An answer that is none of the question's choices. */
  unknownChoice: '表示されている選択肢からお選びください。',
} as const;

/** The questions, in the order they are asked. Every one is required: each can decline. */
export const PRE_ENTRY_QUESTIONS = [
  {
    id: 'obliger_type',
    text: '売掛先（請求書の支払い元）はどちらですか',
    required: true,
    choices: [
      { id: 'corporation', label: '法人（株式会社・合同会社など）、国・地方公共団体' },
      { id: 'individual', label: '個人・個人事業主' },
    ],
  },
  {
    id: 'fixed_debt',
    text: '請求書の取引は実在し、支払いが確定していますか',
    hint: '納品やサービスの提供が終わり、請求金額と支払期日が売掛先との間で決まっている請求書が対象です。',
    required: true,
    choices: [
      { id: 'yes', label: 'はい' },
      { id: 'no', label: 'いいえ（納品前・作業中、金額や支払期日が決まっていないなど）' },
    ],
  },
  {
    id: 'bank_transfer',
    text: '売掛先からの支払いは銀行振込ですか',
    required: true,
    choices: [
      { id: 'yes', label: 'はい' },
      { id: 'no', label: 'いいえ（手形・小切手・現金・相殺など）' },
    ],
  },
  {
    id: 'payment_due',
    text: '請求書の支払期日はいつですか',
    hint: '本日から支払期日までの日数でお選びください。請求書が複数ある場合は、いちばん遅い支払期日でお選びください。',
    required: true,
    choices: [
      { id: 'within_60_days', label: '60日以内', range: { min: 0, max: 60 } },
      { id: 'within_120_days', label: '61〜120日', range: { min: 61, max: 120 } },
      { id: 'over_120_days', label: '121日以上先', range: { min: 121, max: null } },
      { id: 'undecided', label: '決まっていない・わからない' },
      { id: 'overdue', label: 'すでに支払期日を過ぎている', range: { min: null, max: -1 } },
    ],
  },
  {
    id: 'invoice_amount',
    text: '買取を希望する金額（請求書の額面の合計）はいくらですか',
    hint: `税込の額面の合計でお選びください。1回のお申し込みで、請求書は${MAX_CLAIMS_PER_ENTRY}枚まで登録できます。`,
    required: true,
    choices: [
      { id: 'under_100k', label: '10万円未満', range: { min: 1, max: 99_999 } },
      { id: 'from_100k_to_10m', label: '10万円以上1,000万円以下', range: { min: 100_000, max: 10_000_000 } },
      { id: 'over_10m', label: '1,000万円超', range: { min: 10_000_001, max: null } },
    ],
  },
  {
    id: 'tax_arrears',
    text: '税金・社会保険料の滞納はありますか',
    hint: '法人税・消費税・住民税などの税金や、年金・健康保険などの社会保険料についてお答えください。',
    required: true,
    choices: [
      { id: 'none', label: 'ない' },
      { id: 'installment', label: 'ある（分納・猶予の手続きをして納付中）' },
      { id: 'unresolved', label: 'ある（手続きをしていない）' },
    ],
  },
] as const satisfies readonly PreEntryQuestion[];

/** The id of a question of `PRE_ENTRY_QUESTIONS`. */
export type PreEntryQuestionId = (typeof PRE_ENTRY_QUESTIONS)[number]['id'];

/** The choice ids of question `Q`. */
export type PreEntryChoiceId<Q extends PreEntryQuestionId> = Extract<
  (typeof PRE_ENTRY_QUESTIONS)[number],
  { id: Q }
>['choices'][number]['id'];

/** A decline rule whose question and choice ids are checked against `PRE_ENTRY_QUESTIONS` by the compiler. */
type KnownDeclineRule = {
  readonly [Q in PreEntryQuestionId]: PreEntryDeclineRule & { readonly questionId: Q; readonly choiceIds: readonly PreEntryChoiceId<Q>[] };
}[PreEntryQuestionId];

/**
 * The answers that decline, one rule per declining answer. Worded politely and without promises:
 * the alternatives say what usually helps, not what will be accepted.
 */
export const PRE_ENTRY_DECLINE_RULES: readonly KnownDeclineRule[] = [
  {
    questionId: 'obliger_type',
    choiceIds: ['individual'],
    reason:
      '当サービスでは、法人や国・地方公共団体が支払う請求書を買取の対象としているため、売掛先が個人・個人事業主の請求書はお取り扱いしておりません。',
    alternative: '法人や国・地方公共団体宛ての請求書がある場合は、その請求書でのお申し込みをご検討ください。',
  },
  {
    questionId: 'fixed_debt',
    choiceIds: ['no'],
    reason: '納品やサービスの提供が終わっていないなど、支払いが確定していない請求書はお取り扱いしておりません。',
    alternative: '納品やサービスの提供が終わり、請求金額と支払期日が確定してから、あらためてお申し込みをご検討ください。',
  },
  {
    questionId: 'bank_transfer',
    choiceIds: ['no'],
    reason:
      '当サービスでは、売掛先から銀行振込で支払われる請求書を買取の対象としているため、手形・小切手・現金・相殺などで支払われる請求書はお取り扱いしておりません。',
    alternative: '売掛先から銀行振込で支払われる請求書がある場合は、その請求書でのお申し込みをご検討ください。',
  },
  {
    questionId: 'payment_due',
    choiceIds: ['over_120_days'],
    reason: '当サービスでは、支払期日が本日から120日以内の請求書を買取の対象としているため、それより先の請求書はお取り扱いしておりません。',
    alternative: '支払期日が120日以内の請求書でお申し込みいただくか、支払期日が近づいてから、あらためてお申し込みをご検討ください。',
  },
  {
    questionId: 'payment_due',
    choiceIds: ['undecided'],
    reason: '支払期日が決まっていない請求書は、買取の条件を確認できないため、お取り扱いしておりません。',
    alternative: '売掛先に支払期日をご確認いただき、支払期日が決まってから、あらためてお申し込みをご検討ください。',
  },
  {
    questionId: 'payment_due',
    choiceIds: ['overdue'],
    reason: '支払期日を過ぎても入金されていない請求書はお取り扱いしておりません。',
    alternative: '売掛先に入金の予定をご確認ください。支払期日がこれから来る請求書がある場合は、その請求書でのお申し込みをご検討ください。',
  },
  {
    questionId: 'invoice_amount',
    choiceIds: ['under_100k'],
    reason: '当サービスでは、請求書の額面の合計が10万円以上のお申し込みを対象としております。',
    alternative: `複数の請求書（1回のお申し込みで${MAX_CLAIMS_PER_ENTRY}枚まで）を合わせて10万円以上になる場合は、まとめてのお申し込みをご検討ください。`,
  },
  {
    questionId: 'invoice_amount',
    choiceIds: ['over_10m'],
    reason: '当サービスでは、1回のお申し込みでお取り扱いできる請求書の額面の合計を1,000万円までとしております。',
    alternative: '合計が1,000万円以下になるよう請求書を選んでお申し込みいただくか、サポート窓口までご相談ください。',
  },
  {
    questionId: 'tax_arrears',
    choiceIds: ['unresolved'],
    reason:
      '税金や社会保険料の滞納があり、分納などの手続きがされていない場合は、売掛金が差し押さえられるおそれがあるため、お申し込みをお受けしておりません。',
    alternative:
      '税務署・都道府県税事務所・市区町村・年金事務所などの窓口で、分納（分割での納付）や猶予についてご相談ください。手続きをされたうえで、あらためてお申し込みをご検討ください。なお、手続きが認められるかどうかは各窓口のご判断となります。',
  },
];

/** The questionnaire and rules in use. */
export const PRE_ENTRY_SCREENING: PreEntryScreening = { questions: PRE_ENTRY_QUESTIONS, declineRules: PRE_ENTRY_DECLINE_RULES };

/** Missing, null, or only spaces (half- or full-width). Any other value is an answer, right or wrong. */
const isUnanswered = (answer: unknown): boolean =>
  answer === undefined || answer === null || (typeof answer === 'string' && answer.trim() === '');

/**
 * Field errors of the answers (empty: valid), keyed by question id in question order: a required
 * question left unanswered gets `MESSAGES.required` (入力してください。, the spec's message for a
 * required entry field); an answer that is not one of the question's choice ids (compared exactly,
 * not trimmed; a number or other non-string from a request body included) gets
 * `PRE_ENTRY_MESSAGES.unknownChoice`. Keys that are not question ids are ignored, so a page built
 * for an older questionnaire still gets an answer for the questions that remain.
 */
export function validatePreEntryAnswers(answers: PreEntryAnswers, screening: PreEntryScreening = PRE_ENTRY_SCREENING): FieldErrors {
  const errors: Record<string, string> = {};
  for (const question of screening.questions) {
    const answer: unknown = answers[question.id];
    if (isUnanswered(answer)) {
      if (question.required) errors[question.id] = MESSAGES.required;
    } else if (!question.choices.some((choice) => choice.id === answer)) {
      errors[question.id] = PRE_ENTRY_MESSAGES.unknownChoice;
    }
  }
  return errors;
}

/**
 * The verdict: declined with every matching rule's reason (questions in questionnaire order, rules
 * of one question in rule order), else accepted. Unknown question ids are ignored, as in
 * `validatePreEntryAnswers`, and an optional question left unanswered declines nothing.
 *
 * Fails closed: answers that do not pass `validatePreEntryAnswers` throw instead of being accepted
 * (validate first and show the field errors).
 */
export function screenPreEntry(answers: PreEntryAnswers, screening: PreEntryScreening = PRE_ENTRY_SCREENING): PreEntryOutcome {
  const invalid = Object.keys(validatePreEntryAnswers(answers, screening));
  if (invalid.length > 0) throw new Error(`screenPreEntry: invalid answers for ${invalid.join(', ')}; call validatePreEntryAnswers first`);
  const reasons = screening.questions.flatMap((question) =>
    screening.declineRules
      .filter((rule) => rule.questionId === question.id && rule.choiceIds.some((choiceId) => choiceId === answers[question.id]))
      .map(({ questionId, reason, alternative }) => ({ questionId, reason, alternative })),
  );
  return reasons.length === 0 ? { outcome: 'accepted' } : { outcome: 'declined', reasons };
}

/**
 * The choice of a number question that covers `value` (days from today to the due date, or yen of
 * the face total), from the choices' `range`s; undefined for an unknown question, a question without
 * ranges, a value no choice covers (0 yen) or a value that is not a whole number. Lets the API or a
 * page check an entry's claims against the answers given.
 */
export function preEntryChoiceForValue(
  questionId: string,
  value: number,
  screening: PreEntryScreening = PRE_ENTRY_SCREENING,
): string | undefined {
  if (!Number.isInteger(value)) return undefined;
  const question = screening.questions.find(({ id }) => id === questionId);
  return question?.choices.find(
    ({ range }) => range !== undefined && (range.min === null || range.min <= value) && (range.max === null || value <= range.max),
  )?.id;
}
