import { describe, expect, test } from 'vitest';
import { MESSAGES } from './messages';
import {
  PRE_ENTRY_DECLINE_RULES,
  PRE_ENTRY_MESSAGES,
  PRE_ENTRY_QUESTIONS,
  PRE_ENTRY_SCREENING,
  preEntryChoiceForValue,
  screenPreEntry,
  validatePreEntryAnswers,
  type PreEntryAnswers,
  type PreEntryChoice,
  type PreEntryOutcome,
  type PreEntryQuestion,
  type PreEntryScreening,
} from './pre-entry';

/** Answers that pass: a corporation's fixed invoice, paid by transfer within 60 days, 10万〜1,000万円, no arrears. */
const ok = {
  obliger_type: 'corporation',
  fixed_debt: 'yes',
  bank_transfer: 'yes',
  payment_due: 'within_60_days',
  invoice_amount: 'from_100k_to_10m',
  tax_arrears: 'none',
} as const satisfies PreEntryAnswers;

const QUESTION_IDS = PRE_ENTRY_QUESTIONS.map(({ id }) => id);

/** The declined outcome of these rules, in the order given. */
const declined = (...rules: { questionId: string; reason: string; alternative: string }[]): PreEntryOutcome => ({
  outcome: 'declined',
  reasons: rules.map(({ questionId, reason, alternative }) => ({ questionId, reason, alternative })),
});

const ruleFor = (questionId: string, choiceId: string) => {
  const rule = PRE_ENTRY_DECLINE_RULES.find((r) => r.questionId === questionId && (r.choiceIds as readonly string[]).includes(choiceId));
  if (rule === undefined) throw new Error(`no rule for ${questionId}=${choiceId}`);
  return rule;
};

const isDeclining = (questionId: string, choiceId: string): boolean =>
  PRE_ENTRY_DECLINE_RULES.some((r) => r.questionId === questionId && (r.choiceIds as readonly string[]).includes(choiceId));

describe('the questionnaire as data', () => {
  test('six questions, asked in this order', () => {
    expect(QUESTION_IDS).toEqual(['obliger_type', 'fixed_debt', 'bank_transfer', 'payment_due', 'invoice_amount', 'tax_arrears']);
  });

  test.each(PRE_ENTRY_QUESTIONS.map((q): [string, PreEntryQuestion] => [q.id, q]))(
    '%s: required, Japanese text, distinct choices',
    (_id, q) => {
      expect(q.required).toBe(true);
      expect(q.text).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      expect(q.choices.length).toBeGreaterThanOrEqual(2);
      expect(new Set(q.choices.map((c) => c.id)).size).toBe(q.choices.length);
      for (const choice of q.choices) {
        expect(choice.id).toMatch(/^[a-z0-9_]+$/);
        expect(choice.label).toMatch(/[ぁ-んァ-ヶ一-龠]|^はい$/);
      }
      // Somebody must be able to pass every question.
      expect(q.choices.some((c) => !isDeclining(q.id, c.id))).toBe(true);
    },
  );

  test('question ids are distinct, English snake_case', () => {
    expect(new Set(QUESTION_IDS).size).toBe(QUESTION_IDS.length);
    for (const id of QUESTION_IDS) expect(id).toMatch(/^[a-z_]+$/);
  });

  test.each(PRE_ENTRY_DECLINE_RULES.map((r) => [`${r.questionId}=${r.choiceIds.join('|')}`, r] as const))(
    'rule %s: names a real choice and says why and what to do instead',
    (_name, rule) => {
      const question = PRE_ENTRY_QUESTIONS.find((q) => q.id === rule.questionId);
      expect(question).toBeDefined();
      expect(rule.choiceIds.length).toBeGreaterThan(0);
      for (const choiceId of rule.choiceIds) expect(question?.choices.map((c) => c.id)).toContain(choiceId);
      expect(rule.reason).toMatch(/。$/);
      expect(rule.alternative).toMatch(/。$/);
      expect(rule.reason).not.toBe(rule.alternative);
      // No legal promises: nothing is guaranteed.
      expect(`${rule.reason}${rule.alternative}`).not.toMatch(/必ず|確実|保証/);
    },
  );

  test('no answer is declined by two rules', () => {
    const pairs = PRE_ENTRY_DECLINE_RULES.flatMap((r) => r.choiceIds.map((c) => `${r.questionId}=${c}`));
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  test('the declining answers', () => {
    expect(PRE_ENTRY_DECLINE_RULES.flatMap((r) => r.choiceIds.map((c) => `${r.questionId}=${c}`))).toEqual([
      'obliger_type=individual',
      'fixed_debt=no',
      'bank_transfer=no',
      'payment_due=over_120_days',
      'payment_due=undecided',
      'payment_due=overdue',
      'invoice_amount=under_100k',
      'invoice_amount=over_10m',
      'tax_arrears=unresolved',
    ]);
  });

  test('the individual obliger is told in the words of the brief', () => {
    expect(ruleFor('obliger_type', 'individual').reason).toContain('売掛先が個人・個人事業主の請求書はお取り扱いしておりません。');
    expect(ruleFor('obliger_type', 'individual').alternative).toContain('宛ての請求書');
    expect(ruleFor('tax_arrears', 'unresolved').alternative).toContain('分納');
  });

  test('the default screening is the questions and the rules', () => {
    expect(PRE_ENTRY_SCREENING).toEqual({ questions: PRE_ENTRY_QUESTIONS, declineRules: PRE_ENTRY_DECLINE_RULES });
  });
});

describe('boundaries of the number questions (ranges as data)', () => {
  const ranged = (questionId: string): PreEntryChoice[] =>
    (PRE_ENTRY_QUESTIONS.find((q) => q.id === questionId)?.choices ?? [])
      .filter((c: PreEntryChoice) => c.range !== undefined)
      .sort((a: PreEntryChoice, b: PreEntryChoice) => (a.range?.min ?? -Infinity) - (b.range?.min ?? -Infinity));

  test.each<[string, string, (number | null)[][]]>([
    [
      'payment_due',
      'days from today: overdue below 0, then 0–60, 61–120, 121 and later',
      [
        [null, -1],
        [0, 60],
        [61, 120],
        [121, null],
      ],
    ],
    [
      'invoice_amount',
      'yen: 1–99,999, 100,000–10,000,000, 10,000,001 and more',
      [
        [1, 99_999],
        [100_000, 10_000_000],
        [10_000_001, null],
      ],
    ],
  ])('%s: %s, without gaps or overlaps', (questionId, _what, ranges) => {
    const choices = ranged(questionId);
    expect(choices.map((c) => [c.range?.min, c.range?.max])).toEqual(ranges);
    for (const [i, choice] of choices.entries()) {
      const next = choices[i + 1];
      if (next !== undefined) expect(next.range?.min).toBe((choice.range?.max ?? NaN) + 1);
    }
  });

  test.each<[string, number, string | undefined]>([
    ['payment_due', -10_000, 'overdue'],
    ['payment_due', -1, 'overdue'],
    ['payment_due', 0, 'within_60_days'],
    ['payment_due', 60, 'within_60_days'],
    ['payment_due', 61, 'within_120_days'],
    ['payment_due', 120, 'within_120_days'],
    ['payment_due', 121, 'over_120_days'],
    ['payment_due', 36_500, 'over_120_days'],
    ['invoice_amount', 0, undefined],
    ['invoice_amount', -1, undefined],
    ['invoice_amount', 1, 'under_100k'],
    ['invoice_amount', 99_999, 'under_100k'],
    ['invoice_amount', 100_000, 'from_100k_to_10m'],
    ['invoice_amount', 10_000_000, 'from_100k_to_10m'],
    ['invoice_amount', 10_000_001, 'over_10m'],
    ['invoice_amount', 1_000_000_000_000, 'over_10m'],
    ['payment_due', 60.5, undefined],
    ['payment_due', 121.5, undefined],
    ['payment_due', -0.5, undefined],
    ['invoice_amount', 99_999.5, undefined],
    ['invoice_amount', Number.NaN, undefined],
    ['invoice_amount', Number.POSITIVE_INFINITY, undefined],
    ['payment_due', Number.NEGATIVE_INFINITY, undefined],
    ['obliger_type', 1, undefined],
    ['tax_arrears', 0, undefined],
    ['no_such_question', 1, undefined],
  ])('%s %d → %s', (questionId, value, expected) => {
    expect(preEntryChoiceForValue(questionId, value)).toBe(expected);
  });

  // The boundary days and amounts, all the way to the verdict.
  test.each<[string, number, PreEntryOutcome['outcome']]>([
    ['payment_due', -1, 'declined'],
    ['payment_due', 0, 'accepted'],
    ['payment_due', 60, 'accepted'],
    ['payment_due', 61, 'accepted'],
    ['payment_due', 120, 'accepted'],
    ['payment_due', 121, 'declined'],
    ['invoice_amount', 99_999, 'declined'],
    ['invoice_amount', 100_000, 'accepted'],
    ['invoice_amount', 10_000_000, 'accepted'],
    ['invoice_amount', 10_000_001, 'declined'],
  ])('%s %d → %s', (questionId, value, outcome) => {
    const choice = preEntryChoiceForValue(questionId, value);
    expect(screenPreEntry({ ...ok, [questionId]: choice }).outcome).toBe(outcome);
  });

  test('the ranges of a custom questionnaire are read, not the default ones', () => {
    const screening: PreEntryScreening = {
      questions: [
        { id: 'payment_due', text: '支払期日', required: true, choices: [{ id: 'soon', label: '30日以内', range: { min: 0, max: 30 } }] },
      ],
      declineRules: [],
    };
    expect(preEntryChoiceForValue('payment_due', 30, screening)).toBe('soon');
    expect(preEntryChoiceForValue('payment_due', 31, screening)).toBeUndefined();
  });
});

describe('validatePreEntryAnswers', () => {
  test('all answered with known choices → no errors', () => {
    expect(validatePreEntryAnswers(ok)).toEqual({});
  });

  // Every required question missing, alone, in each way a form or a body can leave it out.
  test.each(
    QUESTION_IDS.flatMap((id) =>
      (
        [
          ['absent', undefined],
          ['null', null],
          ['empty', ''],
          ['spaces', '  '],
          ['a full-width space', '　'],
        ] as const
      ).map(([how, value]): [string, string, string | null | undefined] => [id, how, value]),
    ),
  )('%s %s → required', (id, _how, value) => {
    const answers: Record<string, string | null | undefined> = { ...ok, [id]: value };
    if (value === undefined) delete answers[id];
    expect(validatePreEntryAnswers(answers)).toEqual({ [id]: MESSAGES.required });
  });

  test('nothing answered → every question required, in question order', () => {
    const errors = validatePreEntryAnswers({});
    expect(Object.entries(errors)).toEqual(QUESTION_IDS.map((id) => [id, '入力してください。']));
  });

  test.each<[string, string, unknown]>([
    ['obliger_type', 'an unknown id', 'company'],
    ['obliger_type', 'a label instead of the id', '個人・個人事業主'],
    ['obliger_type', 'another question’s choice', 'yes'],
    ['payment_due', 'a different case', 'Within_60_Days'],
    ['payment_due', 'surrounding spaces (not trimmed)', ' within_60_days '],
    ['tax_arrears', 'a number', 0],
    ['fixed_debt', 'a boolean', true],
    ['invoice_amount', 'an array', ['from_100k_to_10m']],
  ])('%s: %s → unknown choice', (id, _what, value) => {
    const answers = { ...ok, [id]: value } as unknown as PreEntryAnswers;
    expect(validatePreEntryAnswers(answers)).toEqual({ [id]: PRE_ENTRY_MESSAGES.unknownChoice });
  });

  test('missing and unknown together, in question order', () => {
    expect(Object.entries(validatePreEntryAnswers({ ...ok, tax_arrears: 'maybe', obliger_type: null, payment_due: '' }))).toEqual([
      ['obliger_type', MESSAGES.required],
      ['payment_due', MESSAGES.required],
      ['tax_arrears', PRE_ENTRY_MESSAGES.unknownChoice],
    ]);
  });

  // Decision: keys that are not question ids are ignored (not refused), by validation and screening.
  test.each<[string, PreEntryAnswers]>([
    ['an unknown id with a known choice', { ...ok, obliger_kind: 'individual' }],
    ['an unknown id with nonsense', { ...ok, note: 'よろしくお願いします' }],
    ['an unknown id left blank', { ...ok, removed_question: null }],
    ['a prototype name', { ...ok, constructor: 'x', ['__proto__']: 'y' }],
  ])('%s → ignored', (_name, answers) => {
    expect(validatePreEntryAnswers(answers)).toEqual({});
    expect(screenPreEntry(answers)).toEqual({ outcome: 'accepted' });
  });

  test('an optional question may be left unanswered, but not answered wrongly', () => {
    const screening: PreEntryScreening = {
      questions: [
        { id: 'a', text: '質問A', required: true, choices: [{ id: 'x', label: 'エックス' }] },
        { id: 'b', text: '質問B', required: false, choices: [{ id: 'y', label: 'ワイ' }] },
      ],
      declineRules: [],
    };
    expect(validatePreEntryAnswers({ a: 'x' }, screening)).toEqual({});
    expect(validatePreEntryAnswers({ a: 'x', b: ' ' }, screening)).toEqual({});
    expect(validatePreEntryAnswers({ a: 'x', b: 'z' }, screening)).toEqual({ b: PRE_ENTRY_MESSAGES.unknownChoice });
    expect(validatePreEntryAnswers({}, screening)).toEqual({ a: MESSAGES.required });
    expect(screenPreEntry({ a: 'x' }, screening)).toEqual({ outcome: 'accepted' });
  });
});

describe('screenPreEntry', () => {
  // Every combination of the accepted choices.
  test.each([
    ['within_60_days', 'none'],
    ['within_60_days', 'installment'],
    ['within_120_days', 'none'],
    ['within_120_days', 'installment'],
  ])('corporation, fixed, by transfer, due %s, 10万〜1,000万円, arrears %s → accepted', (payment_due, tax_arrears) => {
    expect(screenPreEntry({ ...ok, payment_due, tax_arrears })).toEqual({ outcome: 'accepted' });
  });

  // Each decline rule alone.
  test.each(PRE_ENTRY_DECLINE_RULES.flatMap((rule) => rule.choiceIds.map((choiceId) => [rule.questionId, choiceId, rule] as const)))(
    '%s = %s alone → declined with its reason',
    (questionId, choiceId, rule) => {
      expect(screenPreEntry({ ...ok, [questionId]: choiceId })).toEqual(declined(rule));
    },
  );

  test('the individual obliger, verbatim', () => {
    expect(screenPreEntry({ ...ok, obliger_type: 'individual' })).toEqual({
      outcome: 'declined',
      reasons: [
        {
          questionId: 'obliger_type',
          reason:
            '当サービスでは、法人や国・地方公共団体が支払う請求書を買取の対象としているため、売掛先が個人・個人事業主の請求書はお取り扱いしておりません。',
          alternative: '法人や国・地方公共団体宛ての請求書がある場合は、その請求書でのお申し込みをご検討ください。',
        },
      ],
    });
  });

  // Several at once: every reason, in question order whatever the order of the keys.
  test.each<[string, PreEntryAnswers, [string, string][]]>([
    [
      'arrears, individual, over 1,000万円 (keys out of order)',
      {
        tax_arrears: 'unresolved',
        invoice_amount: 'over_10m',
        payment_due: 'within_60_days',
        bank_transfer: 'yes',
        fixed_debt: 'yes',
        obliger_type: 'individual',
      },
      [
        ['obliger_type', 'individual'],
        ['invoice_amount', 'over_10m'],
        ['tax_arrears', 'unresolved'],
      ],
    ],
    [
      'not fixed and not by transfer (both answered no)',
      { ...ok, fixed_debt: 'no', bank_transfer: 'no' },
      [
        ['fixed_debt', 'no'],
        ['bank_transfer', 'no'],
      ],
    ],
    [
      'undecided due date, under 10万円',
      { ...ok, payment_due: 'undecided', invoice_amount: 'under_100k' },
      [
        ['payment_due', 'undecided'],
        ['invoice_amount', 'under_100k'],
      ],
    ],
    [
      'every question declining',
      {
        obliger_type: 'individual',
        fixed_debt: 'no',
        bank_transfer: 'no',
        payment_due: 'overdue',
        invoice_amount: 'under_100k',
        tax_arrears: 'unresolved',
      },
      [
        ['obliger_type', 'individual'],
        ['fixed_debt', 'no'],
        ['bank_transfer', 'no'],
        ['payment_due', 'overdue'],
        ['invoice_amount', 'under_100k'],
        ['tax_arrears', 'unresolved'],
      ],
    ],
  ])('%s', (_name, answers, expected) => {
    expect(screenPreEntry(answers)).toEqual(declined(...expected.map(([q, c]) => ruleFor(q, c))));
  });

  test('every combination of every choice: declined exactly by its declining answers', () => {
    let combinations: Record<string, string>[] = [{}];
    for (const q of PRE_ENTRY_QUESTIONS) combinations = combinations.flatMap((a) => q.choices.map((c) => ({ ...a, [q.id]: c.id })));
    expect(combinations).toHaveLength(2 * 2 * 2 * 5 * 3 * 3);
    for (const answers of combinations) {
      const declining = QUESTION_IDS.filter((id) => isDeclining(id, answers[id] ?? ''));
      const expected =
        declining.length === 0 ? { outcome: 'accepted' } : declined(...declining.map((id) => ruleFor(id, answers[id] ?? '')));
      expect(screenPreEntry(answers)).toEqual(expected);
    }
  });

  // Fails closed: incomplete or wrong answers are never accepted.
  test.each<[string, PreEntryAnswers, RegExp]>([
    ['nothing answered', {}, /obliger_type, fixed_debt, bank_transfer, payment_due, invoice_amount, tax_arrears/],
    ['one question missing', { ...ok, tax_arrears: undefined }, /invalid answers for tax_arrears; call validatePreEntryAnswers first/],
    ['an unknown choice', { ...ok, obliger_type: 'partnership' }, /invalid answers for obliger_type;/],
    ['a declining answer and a missing one', { ...ok, obliger_type: 'individual', payment_due: null }, /invalid answers for payment_due;/],
  ])('%s → throws', (_name, answers, message) => {
    expect(() => screenPreEntry(answers)).toThrow(message);
  });

  test('rules are read per question in questionnaire order, then in rule order', () => {
    const screening: PreEntryScreening = {
      questions: [
        {
          id: 'first',
          text: '一つ目',
          required: true,
          choices: [
            { id: 'bad', label: 'だめ' },
            { id: 'good', label: 'よい' },
          ],
        },
        {
          id: 'second',
          text: '二つ目',
          required: true,
          choices: [
            { id: 'bad', label: 'だめ' },
            { id: 'good', label: 'よい' },
          ],
        },
      ],
      declineRules: [
        { questionId: 'second', choiceIds: ['bad'], reason: '二つ目が不可。', alternative: '二つ目を変える。' },
        { questionId: 'first', choiceIds: ['good', 'bad'], reason: '一つ目が不可(1)。', alternative: '一つ目を変える(1)。' },
        { questionId: 'elsewhere', choiceIds: ['bad'], reason: '質問にない。', alternative: '読まれない。' },
        { questionId: 'first', choiceIds: ['bad'], reason: '一つ目が不可(2)。', alternative: '一つ目を変える(2)。' },
      ],
    };
    const [second, first1, , first2] = screening.declineRules;
    expect(screenPreEntry({ first: 'bad', second: 'bad' }, screening)).toEqual(declined(first1!, first2!, second!));
    expect(screenPreEntry({ first: 'good', second: 'bad' }, screening)).toEqual(declined(first1!, second!));
    expect(screenPreEntry({ first: 'bad', second: 'good' }, screening)).toEqual(declined(first1!, first2!));
  });

  test('a rule of one question does not fire for the same choice id of another', () => {
    // fixed_debt and bank_transfer both have a choice "no".
    expect(screenPreEntry({ ...ok, fixed_debt: 'no' })).toEqual(declined(ruleFor('fixed_debt', 'no')));
    expect(screenPreEntry({ ...ok, bank_transfer: 'no' })).toEqual(declined(ruleFor('bank_transfer', 'no')));
  });
});
