import type { MouseEvent } from 'react';
import { LoadingFields } from '@app/shared/parts';
import { ACCOUNT_MESSAGES, type ProfileResponse } from '@app/contracts';
import { FIELD_LABELS, displayValue, valuesFromProfile, type ProfileField, type ProfileFormValues } from '../model/profile-form';

/** A save refused with 409: the profile as the other screen saved it, and the fields it changed. */
export interface Conflict {
  readonly latest: ProfileResponse;
  readonly fields: ProfileField[];
}

/**
 * The 409 of a save (another screen saved first): what was typed here stays; the applicant sees each
 * field the other screen changed beside their own input and chooses.
 */
export function ProfileConflict({
  conflict,
  values,
  onKeepMine,
  onLoadTheirs,
}: {
  readonly conflict: Conflict;
  readonly values: ProfileFormValues;
  readonly onKeepMine: (event: MouseEvent<HTMLButtonElement>) => void;
  readonly onLoadTheirs: () => void;
}) {
  const theirs = valuesFromProfile(conflict.latest);
  return (
    <div className="notice notice--warning" role="alert" data-testid="profile-conflict">
      <p>
        <strong>{ACCOUNT_MESSAGES.versionConflict}</strong>
      </p>
      <p>あなたの入力内容はそのまま残っています。ほかの画面で変更された項目:</p>
      <ul>
        {conflict.fields.length === 0 && <li>（入力欄以外の項目）</li>}
        {conflict.fields.map((field) => (
          <li key={field}>
            {FIELD_LABELS[field]}: {displayValue(field, theirs)}（あなたの入力: {displayValue(field, values)}）
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onKeepMine}>
          自分の入力内容で保存する
        </button>
        <button type="button" className="button button--secondary" onClick={onLoadTheirs}>
          ほかの画面の内容を読み込む
        </button>
      </div>
    </div>
  );
}

/** The page's frame while the profile loads: the heading and placeholder fields (no shift after). */
export function ProfileSkeleton({ title }: { readonly title: string }) {
  return (
    <div className="profile-page stack-lg" aria-busy="true">
      <section className="card">
        <h1 className="page-heading">{title}</h1>
        <LoadingFields count={6} />
      </section>
    </div>
  );
}
