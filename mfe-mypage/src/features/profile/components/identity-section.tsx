import { useEffect, useState } from 'react';
import { FormAlert, RadioGroup, SubmitButton, TextField, api, useApiForm, useAuth } from '@app/shared';
import { type ProfileResponse, type Upload } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import {
  IDENTITY_DOCUMENT_RULES,
  IDENTITY_DOCUMENT_TYPES,
  IDENTITY_SIDE_LABELS,
  identitySidesProblems,
  identityStatusLabel,
  isIdentityLocked,
  PROFILE_FIELD_MAX_LENGTHS as L,
  REVIEW_STATUS,
  requiresIdentityResubmission,
  type IdentityDocumentType,
  type IdentitySide,
} from '@app/contracts/domain';
import { UploadField } from '@app/shared/upload';

type Sides = Record<IdentitySide, Upload[]>;

/** Each review status: the badge's tone and what it means for the applicant. */
const STATUS_DISPLAY: Record<number, { readonly tone: string; readonly explanation: string }> = {
  [REVIEW_STATUS.confirming]: { tone: 'info', explanation: '提出いただいた書類を確認しています。通常1営業日以内に完了します。' },
  [REVIEW_STATUS.inadequate]: {
    tone: 'danger',
    explanation: '提出いただいた書類では確認できませんでした。お手数ですが、もう一度提出してください。',
  },
  [REVIEW_STATUS.confirmed]: { tone: 'success', explanation: '本人確認が完了しています。' },
  [REVIEW_STATUS.nothing]: { tone: 'neutral', explanation: 'お申し込みの前に、本人確認書類を提出してください。' },
  [REVIEW_STATUS.expired]: { tone: 'danger', explanation: '本人確認書類の有効期限が切れています。新しい書類を提出してください。' },
};

/**
 * 本人確認: the status (from the domain), and — when a (re)submission is needed, or the applicant
 * changes the names that the identity vouches for — the document type and its sides uploaded with
 * the shared upload component. Files uploaded but not yet submitted (a reload in between) are
 * picked up again from `GET /api/uploads/`.
 */
export function IdentitySection({
  profile,
  onSubmitted,
  nameChange,
  onNameChangeEnd,
}: {
  readonly profile: ProfileResponse;
  readonly onSubmitted: (profile: ProfileResponse) => void;
  /** Open in "change the names with a new document" mode. */
  readonly nameChange: boolean;
  readonly onNameChangeEnd: () => void;
}) {
  const identity = useAuth((s) => s.identity);
  const expired = identity?.isIdentityExpired ?? false;
  const status = profile.identity_confirmation;
  const needsDocument = requiresIdentityResubmission(status) || expired;
  const [type, setType] = useState<IdentityDocumentType | ''>(profile.identity_document_type ?? '');
  const [sides, setSides] = useState<Sides>({ front: [], back: [] });
  const [names, setNames] = useState({
    last_name: profile.last_name,
    first_name: profile.first_name,
    company_name: profile.company_name ?? '',
  });
  const [problems, setProblems] = useState<string[]>([]);
  const form = useApiForm();
  const open = needsDocument || nameChange;

  // Uploads left unsubmitted (e.g. a reload after uploading): offer them again, the newest per side.
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const attached = new Set(profile.addfiles.map((f) => f.id));
    api(endpoints.uploads.list)
      .then((uploads) => {
        if (cancelled) return;
        const pending = uploads.filter((u) => u.kind === 'identity' && !attached.has(u.id));
        const newest = (side: IdentitySide) => pending.filter((u) => u.side === side).slice(-1);
        setSides((current) => ({
          front: current.front.length > 0 ? current.front : newest('front'),
          back: current.back.length > 0 ? current.back : newest('back'),
        }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [open, profile.addfiles]);

  /** A name field of the change: its own name on the page (identity_last_name), the API's error for the name. */
  const nameField = (name: keyof typeof names) => ({
    name: `identity_${name}`,
    value: names[name],
    maxLength: L[name],
    error: form.fieldErrors[name],
    onValueChange: (value: string) => setNames({ ...names, [name]: value }),
  });

  const rule = type === '' ? null : IDENTITY_DOCUMENT_RULES[type];
  const shownSides: IdentitySide[] = rule === null ? [] : [...rule.required, ...rule.optional];

  const submit = form.handleSubmit(async () => {
    if (type === '') {
      setProblems(['本人確認書類の種類を選択してください。']);
      return;
    }
    const chosen = shownSides.flatMap((side) => sides[side].map((file) => ({ side, id: file.id })));
    const found = identitySidesProblems(
      type,
      chosen.map((c) => c.side),
    );
    setProblems(found);
    if (found.length > 0) return;
    const body = { version: profile.version, identity_document_type: type, addfiles: chosen.map((c) => c.id) };
    const updated = nameChange
      ? await api(endpoints.profile.patchNameAndIdentity, {
          body: {
            ...body,
            last_name: names.last_name,
            first_name: names.first_name,
            ...(profile.corporate_division === 'corporate' ? { company_name: names.company_name } : {}),
          },
        })
      : await api(endpoints.profile.patch, { body });
    setSides({ front: [], back: [] });
    onSubmitted(updated);
    if (nameChange) onNameChangeEnd();
  });

  const label = identityStatusLabel(status, expired);
  const display = STATUS_DISPLAY[expired ? REVIEW_STATUS.expired : status];
  const tone = display?.tone ?? 'neutral';
  const current = profile.addfiles.filter((f) => f.kind === 'identity');

  return (
    <section className="card profile-section" id="identity" aria-labelledby="identity-heading" tabIndex={-1}>
      <div className="profile-section__header">
        <h2 id="identity-heading" className="section-heading">
          本人確認
        </h2>
        <span className={`status-badge status-badge--${tone}`} data-testid="identity-status">
          {label}
        </span>
      </div>
      <p className="muted">{display?.explanation}</p>
      {current.length > 0 && !open && (
        <p className="muted small">
          提出済み: {profile.identity_document_type ? IDENTITY_DOCUMENT_RULES[profile.identity_document_type].label : '本人確認書類'}（
          {current.map((f) => (f.side === 'back' ? IDENTITY_SIDE_LABELS.back : IDENTITY_SIDE_LABELS.front)).join('・')}）
        </p>
      )}
      {open && (
        <form
          className="stack"
          onSubmit={submit}
          noValidate
          aria-label={nameChange ? '氏名・会社名の変更と本人確認書類の提出' : '本人確認書類の提出'}
        >
          {nameChange && (
            <fieldset className="fieldset">
              <legend className="fieldset__legend">変更後の氏名・会社名</legend>
              <p className="muted small">本人確認書類に記載の氏名と同じ表記で入力してください。</p>
              <div className="field-row">
                <TextField label="姓" {...nameField('last_name')} autoComplete="family-name" />
                <TextField label="名" {...nameField('first_name')} autoComplete="given-name" />
              </div>
              {profile.corporate_division === 'corporate' && (
                <TextField label="会社名" {...nameField('company_name')} autoComplete="organization" />
              )}
            </fieldset>
          )}
          <RadioGroup
            legend="本人確認書類の種類"
            name="identity_document_type"
            value={type}
            options={IDENTITY_DOCUMENT_TYPES.map((t) => ({ value: t, label: IDENTITY_DOCUMENT_RULES[t].label }))}
            error={form.fieldErrors.identity_document_type}
            onValueChange={(value) => {
              setType(value);
              setProblems([]);
            }}
          />
          {rule && <p className="field__description">{rule.hint}</p>}
          {shownSides.map((side) => (
            <UploadField
              key={side}
              uploadKey="identity"
              side={side}
              label={`${IDENTITY_SIDE_LABELS[side]}${rule?.optional.includes(side) ? '（記載がある場合）' : ''}`}
              required={rule?.required.includes(side) ?? false}
              description="写真は四隅まで写し、文字がはっきり読めるように撮影してください。JPEG・PNG・HEIC・PDF、20MBまで。"
              capture="environment"
              files={sides[side]}
              onFilesChange={(files) => {
                setSides((current) => ({ ...current, [side]: files }));
                setProblems([]);
              }}
            />
          ))}
          <FormAlert messages={[...problems, ...(form.fieldErrors.addfiles ? [form.fieldErrors.addfiles] : []), ...form.formErrors]} />
          <div className="button-row">
            <SubmitButton busy={form.busy} busyLabel="提出しています…">
              {nameChange ? '変更内容と本人確認書類を提出する' : '本人確認書類を提出する'}
            </SubmitButton>
            {nameChange && (
              <button type="button" className="button button--secondary" onClick={onNameChangeEnd}>
                変更をやめる
              </button>
            )}
          </div>
        </form>
      )}
      {!open && isIdentityLocked(status) && (
        <p className="muted small">
          氏名・会社名を変更する場合は、「登録情報」の「氏名・会社名を変更する」から新しい本人確認書類とあわせて提出してください。
        </p>
      )}
    </section>
  );
}
