import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, FormAlert, SubmitButton, api, refreshAuth, useApiForm, useAuth } from '@app/shared';
import { MESSAGES, PRE_ENTRY_QUESTIONS, validatePreEntryAnswers, type PreEntryQuestion } from '@app/contracts/domain';
import * as endpoints from '@app/contracts/endpoints';
import { clearDraft, loadDraft, saveDraft, type DraftAnswers } from './answers-draft';
import { ensurePreEntryStyles } from './styles';

ensurePreEntryStyles();

const QUESTION_COUNT = PRE_ENTRY_QUESTIONS.length;
const RESULT_PATH = '/pre_entry/result';
const PROFILE_PATH = '/register/profile';

/** Moves focus to a question: its chosen answer, else its first choice. */
function focusQuestion(fieldsets: ReadonlyMap<string, HTMLFieldSetElement>, questionId: string | undefined): void {
  const fieldset = questionId ? fieldsets.get(questionId) : undefined;
  const radio = fieldset?.querySelector<HTMLInputElement>('input:checked') ?? fieldset?.querySelector<HTMLInputElement>('input');
  radio?.focus();
}

/**
 * The domain says 入力してください。 for an unanswered question (its message for any required field);
 * beside a set of choices the plainer wording is "choose one".
 */
const shownError = (message: string | undefined): string | undefined =>
  message === MESSAGES.required ? 'いずれか1つをお選びください。' : message;

/**
 * /register/pre_entry: the short questionnaire before the profile (`PRE_ENTRY_QUESTIONS`), checked
 * here with the domain's `validatePreEntryAnswers`, then sent once. Accepted → the profile step;
 * declined → the result page with the reasons (the auth store is refreshed: the user is now
 * preEntryDeclined); already answered (409, or found on arrival) → the result page. Answers not sent
 * yet survive a reload of the tab (sessionStorage).
 */
export default function PreEntryPage() {
  const navigate = useNavigate();
  const userId = useAuth((s) => s.userId);
  const [answers, setAnswers] = useState<DraftAnswers>(() => loadDraft(userId));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const form = useApiForm();
  const fieldsets = useRef(new Map<string, HTMLFieldSetElement>());
  const errors: Record<string, string> = { ...form.fieldErrors, ...localErrors };
  const answeredCount = PRE_ENTRY_QUESTIONS.filter((q) => answers[q.id]).length;

  // Someone who has already answered (another tab, the back button) goes straight to the result.
  useEffect(() => {
    let cancelled = false;
    api(endpoints.preEntry.get)
      .then((result) => {
        if (!cancelled && result.outcome !== 'unanswered') {
          clearDraft(userId);
          void navigate(RESULT_PATH, { replace: true });
        }
      })
      .catch(() => {
        // The questionnaire still works; sending it says if it was answered already (409).
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, userId]);

  // Errors the server sent for questions: bring the first one into view.
  const serverErrorKeys = Object.keys(form.fieldErrors).join(',');
  useEffect(() => {
    if (serverErrorKeys === '') return;
    focusQuestion(fieldsets.current, PRE_ENTRY_QUESTIONS.find((q) => serverErrorKeys.split(',').includes(q.id))?.id);
  }, [serverErrorKeys]);

  const choose = (questionId: string, choiceId: string) => {
    const next = { ...answers, [questionId]: choiceId };
    setAnswers(next);
    saveDraft(userId, next);
    setLocalErrors(({ [questionId]: _dropped, ...rest }) => rest);
    form.clearFieldError(questionId);
  };

  const submit = form.handleSubmit(async () => {
    const invalid = validatePreEntryAnswers(answers);
    setLocalErrors(invalid);
    const first = PRE_ENTRY_QUESTIONS.find((q) => q.id in invalid);
    if (first) {
      focusQuestion(fieldsets.current, first.id);
      return;
    }
    let outcome: 'accepted' | 'declined' | 'unanswered';
    try {
      outcome = (await api(endpoints.preEntry.submit, { body: answers })).outcome;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        clearDraft(userId);
        void navigate(RESULT_PATH, { replace: true });
        await refreshAuth();
        return;
      }
      throw error;
    }
    clearDraft(userId);
    if (outcome === 'accepted') {
      void navigate(PROFILE_PATH, { replace: true });
      return;
    }
    // Navigate first: once the store knows the user is preEntryDeclined, this route's guard would
    // send them to the same page again.
    void navigate(RESULT_PATH, { replace: true });
    await refreshAuth();
  });

  const hasLocalErrors = Object.keys(localErrors).length > 0;
  return (
    <section className="card" aria-labelledby="pre-entry-heading">
      <h1 id="pre-entry-heading" className="page-heading">
        お申し込み前の確認
      </h1>
      <div className="pe-intro">
        <p>
          お手元の請求書が、当サービスでお取り扱いできるものかを先に確認するための質問です。{QUESTION_COUNT}
          つの質問に、あてはまるものをお選びください。
        </p>
        <p className="muted">
          ここでのご回答だけで買取が決まることはありません。買取の可否や金額は、お申し込み後の審査で決まります。お取り扱いできない条件にあてはまる場合は、その理由とほかの方法をご案内します。
        </p>
        <ul className="pe-intro__facts" aria-label="この確認について">
          <li>所要時間は約1分</li>
          <li>全{QUESTION_COUNT}問・選ぶだけ</li>
          <li>入力中の回答はこのタブに保存されます</li>
        </ul>
      </div>
      <form className="form pe-form" onSubmit={submit} noValidate aria-label="事前確認の質問">
        <FormAlert messages={hasLocalErrors && form.formErrors.length === 0 ? [MESSAGES.checkFieldErrors] : form.formErrors} />
        {PRE_ENTRY_QUESTIONS.map((question, index) => (
          <QuestionFieldset
            key={question.id}
            question={question}
            number={index + 1}
            value={answers[question.id] ?? ''}
            error={shownError(errors[question.id])}
            onChoose={(choiceId) => choose(question.id, choiceId)}
            fieldsetRef={(element) => {
              if (element) fieldsets.current.set(question.id, element);
              else fieldsets.current.delete(question.id);
            }}
          />
        ))}
        <div className="pe-submit">
          <p>
            {answeredCount === QUESTION_COUNT ? 'すべての質問に回答しました。' : `${QUESTION_COUNT}問中${answeredCount}問に回答済みです。`}
          </p>
          <p>回答は一度だけ送信できます。送信後は変更できませんので、内容をご確認ください。</p>
          <SubmitButton busy={form.busy} busyLabel="送信しています…">
            回答を送信する
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

interface QuestionFieldsetProps {
  readonly question: PreEntryQuestion;
  readonly number: number;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChoose: (choiceId: string) => void;
  readonly fieldsetRef: (element: HTMLFieldSetElement | null) => void;
}

/** One question: a fieldset whose legend is the question, its hint and error tied to the group. */
function QuestionFieldset({ question, number, value, error, onChoose, fieldsetRef }: QuestionFieldsetProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [question.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  // Short answers (はい／いいえ) sit side by side on a wide screen; long ones get the full width.
  const single = question.choices.some((choice) => choice.label.length > 12);
  return (
    <fieldset
      ref={fieldsetRef}
      className={`field field--radios pe-question${error ? ' field--invalid' : ''}`}
      aria-describedby={describedBy}
      data-question={question.id}
    >
      <legend className="pe-question__legend">
        <span className="pe-question__number">
          質問{number}／{QUESTION_COUNT}
        </span>
        {question.text}
        <span className="field__required">必須</span>
      </legend>
      {question.hint && (
        <p className="pe-question__hint" id={hintId}>
          {question.hint}
        </p>
      )}
      <div className={`choice-list${single ? ' choice-list--single' : ''}`}>
        {question.choices.map((choice) => (
          <label key={choice.id} className={`choice${value === choice.id ? ' choice--selected' : ''}`}>
            <input type="radio" name={question.id} value={choice.id} checked={value === choice.id} onChange={() => onChoose(choice.id)} />
            <span className="choice__label">{choice.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
