import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ApiError,
  FormAlert,
  RadioGroup,
  SubmitButton,
  TextField,
  api,
  getRuntimeConfig,
  refreshAuth,
  showToast,
  useApiForm,
  useAuth,
} from '@app/shared';
import { ACCOUNT_MESSAGES, type ProfileResponse } from '@app/shared/contracts';
import * as endpoints from '@app/shared/endpoints';
import {
  DEPOSIT_TYPE_LABELS,
  IDENTITY_DOCUMENT_MESSAGES,
  isIdentityLocked,
  isProfileSatisfied,
  normalizeAccountHolderName,
  normalizePhoneNumber,
  PHONE_MESSAGES,
  PROFILE_FIELD_MAX_LENGTHS as L,
  requiresIdentityResubmission,
  SECTOR_LABELS,
  SECTORS,
  type DepositType,
} from '@app/shared/domain';
import { AccountSettings } from './components/account-settings';
import { AddressFields, type AddressValues } from './components/address-fields';
import { SelectField, TextAreaField } from './components/fields';
import { IdentitySection } from './components/identity-section';
import { SessionsSection } from './components/sessions-section';
import { ensureProfileStyles } from './styles';
import {
  BANK_FIELDS,
  FIELD_LABELS,
  bankAccountOf,
  changedFields,
  clearDraft,
  displayValue,
  loadDraft,
  saveDraft,
  valuesFromProfile,
  type ProfileField,
  type ProfileFormValues,
} from './model/profile-form';

export type ProfileVariant = 'register' | 'edit' | 'beforeEntry';

const HEADINGS: Record<ProfileVariant, { title: string; lead: string; submit: string }> = {
  register: {
    title: '基本情報の登録',
    lead: 'お申し込みに必要な会社と代表者（個人事業主の方はご本人）の情報を入力してください。入力中の内容は、画面を再読み込みしても消えません。',
    submit: '保存して次へ',
  },
  edit: { title: '登録情報', lead: '登録情報の確認と変更ができます。', submit: '変更を保存する' },
  beforeEntry: {
    title: 'お申し込み前の登録情報の確認',
    lead: 'お申し込みの前に、登録情報に変更がないかご確認ください。',
    submit: 'この内容でお申し込みへ進む',
  },
};

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

interface Conflict {
  readonly latest: ProfileResponse;
  readonly fields: ProfileField[];
}

/** The fields `isProfileSatisfied` requires, for the division chosen (checked before sending). */
function missingRequired(values: ProfileFormValues): ProfileField[] {
  const probe = {
    corporate_division: values.corporate_division,
    company_name: values.company_name,
    last_name: values.last_name,
    first_name: values.first_name,
    owner_phone: values.owner_phone,
    owner_zipcode: values.owner_zipcode,
    owner_prefecture: values.owner_prefecture,
    owner_city: values.owner_city,
    office_phone: values.office_phone,
    office_zipcode: values.office_zipcode,
    office_prefecture: values.office_prefecture,
    office_city: values.office_city,
  };
  if (isProfileSatisfied(probe)) return [];
  const fields: ProfileField[] = ['last_name', 'first_name', 'owner_phone', 'owner_zipcode', 'owner_prefecture', 'owner_city'];
  if (values.corporate_division === 'corporate')
    fields.push('company_name', 'office_phone', 'office_zipcode', 'office_prefecture', 'office_city');
  const missing: ProfileField[] = fields.filter((field) => values[field].trim() === '');
  if (values.corporate_division === '') missing.unshift('corporate_division');
  return missing;
}

/** The PATCH body for what changed since `base` (only those fields), or field errors. */
function patchBody(base: ProfileFormValues, values: ProfileFormValues, profile: ProfileResponse, variant: ProfileVariant) {
  const changed = changedFields(base, values);
  const body: Record<string, string> = {};
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const field of changed) {
    if ((BANK_FIELDS as readonly string[]).includes(field)) continue;
    if (variant === 'beforeEntry' && (field === 'sector' || field === 'business_summary')) continue;
    body[field] = String(values[field]).trim();
  }
  if (profile.can_edit_bank_account && changed.some((f) => (BANK_FIELDS as readonly string[]).includes(f))) {
    const account = bankAccountOf(values);
    if ('errors' in account) Object.assign(errors, account.errors);
    else body.bank_account = account.value;
  }
  for (const field of ['owner_phone', 'office_phone'] as const) {
    if (field in body && body[field] !== '' && normalizePhoneNumber(body[field] ?? '') === null) errors[field] = PHONE_MESSAGES.invalid;
  }
  return { body, errors };
}

export function ProfileScreen({ variant }: { readonly variant: ProfileVariant }) {
  ensureProfileStyles();
  const navigate = useNavigate();
  const userId = useAuth((s) => s.userId);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [profile, setProfile] = useState<ProfileResponse | null>(null);
  const [base, setBase] = useState<ProfileFormValues | null>(null);
  const [values, setValues] = useState<ProfileFormValues | null>(null);
  const [restored, setRestored] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [localErrors, setLocalErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [nameChange, setNameChange] = useState(false);
  const [holderNote, setHolderNote] = useState<string | null>(null);
  const form = useApiForm();
  const heading = HEADINGS[variant];
  const identityRef = useRef<HTMLDivElement>(null);

  const adopt = useCallback((next: ProfileResponse) => {
    setProfile(next);
    const fresh = valuesFromProfile(next);
    setBase(fresh);
    return fresh;
  }, []);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    api(endpoints.profile.get)
      .then((loaded) => {
        if (cancelled) return;
        const fresh = adopt(loaded);
        const draft = loadDraft(storage(), userId);
        if (draft !== null && changedFields(fresh, draft.values).length > 0) {
          setValues(draft.values);
          setRestored(true);
        } else {
          setValues(fresh);
        }
        setLoad({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setLoad({ kind: 'failed', message: error instanceof ApiError ? error.message : '登録情報を読み込めませんでした。' });
      });
    return () => {
      cancelled = true;
    };
  }, [userId, adopt]);

  if (load.kind === 'loading' || profile === null || base === null || values === null || userId === null) {
    return load.kind === 'failed' ? (
      <section className="card" aria-labelledby="profile-heading">
        <h1 id="profile-heading" className="page-heading">
          {heading.title}
        </h1>
        <FormAlert messages={[load.message]} />
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          再読み込み
        </button>
      </section>
    ) : (
      <ProfileSkeleton title={heading.title} />
    );
  }

  const locked = isIdentityLocked(profile.identity_confirmation);
  const errors: Partial<Record<string, string>> = { ...form.fieldErrors, ...localErrors };
  const set = (field: ProfileField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    saveDraft(storage(), userId, { version: profile.version, values: next });
    if (field in localErrors) setLocalErrors(({ [field]: _dropped, ...rest }) => rest);
    form.clearFieldError(field);
  };
  const address = (prefix: 'office' | 'owner'): AddressValues => ({
    zipcode: values[`${prefix}_zipcode`],
    prefecture: values[`${prefix}_prefecture`],
    city: values[`${prefix}_city`],
    building_number: values[`${prefix}_building_number`],
  });
  const setAddress = (prefix: 'office' | 'owner') => (field: keyof AddressValues, value: string) =>
    setValues((current) => {
      if (current === null) return current;
      const next = { ...current, [`${prefix}_${field}`]: value };
      saveDraft(storage(), userId, { version: profile.version, values: next });
      return next;
    });
  const discardDraft = () => {
    clearDraft(storage(), userId);
    setValues(base);
    setRestored(false);
  };

  const afterSave = (saved: ProfileResponse) => {
    clearDraft(storage(), userId);
    setValues(adopt(saved));
    setRestored(false);
    setConflict(null);
    void refreshAuth();
    if (variant === 'beforeEntry') {
      void navigate('/entry');
      return;
    }
    // After registering, the toast announces the move to /mypage (unless the identity is asked for here).
    const toMypage = variant === 'register' && !requiresIdentityResubmission(saved.identity_confirmation);
    showToast('登録情報を保存しました', 'success', { announcesNavigation: toMypage });
    if (variant === 'register') {
      if (!toMypage) identityRef.current?.querySelector<HTMLElement>('#identity')?.focus();
      else void navigate('/mypage');
    }
  };

  const save = (baseValues: ProfileFormValues, version: number) =>
    form.handleSubmit(async () => {
      // Registering and confirming before an entry need a complete profile; /profile saves whatever changed
      // (an incomplete profile stays 未入力 on /mypage).
      const missing = variant === 'edit' ? [] : missingRequired(values);
      const { body, errors: bodyErrors } = patchBody(baseValues, values, profile, variant);
      const found: Partial<Record<ProfileField, string>> = { ...bodyErrors };
      for (const field of missing)
        found[field] = field === 'corporate_division' ? '法人か個人事業主かを選択してください。' : '入力してください。';
      setLocalErrors(found);
      if (Object.keys(found).length > 0) {
        const first = Object.keys(found)[0];
        document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      const endpoint = variant === 'beforeEntry' ? endpoints.profile.patchWithoutSector : endpoints.profile.patch;
      try {
        afterSave(await api(endpoint, { body: { ...body, version } }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          const latest = await api(endpoints.profile.get);
          const theirs = valuesFromProfile(latest);
          setConflict({ latest, fields: changedFields(baseValues, theirs) });
          return;
        }
        throw error;
      }
    });

  const submit = save(base, profile.version);

  const isCorporate = values.corporate_division === 'corporate';
  const showBank = profile.can_edit_bank_account && variant !== 'register';

  return (
    <div className="profile-page stack-lg">
      <section className="card" aria-labelledby="profile-heading">
        <h1 id="profile-heading" className="page-heading">
          {heading.title}
        </h1>
        <p className="muted">{heading.lead}</p>
        {restored && (
          <div className="notice notice--info" role="status">
            <p>前回保存されていない入力内容を復元しました。内容を確認して保存してください。</p>
            <button type="button" className="button button--link" onClick={discardDraft}>
              復元した入力を破棄する
            </button>
          </div>
        )}
        {conflict && (
          <div className="notice notice--warning" role="alert" data-testid="profile-conflict">
            <p>
              <strong>{ACCOUNT_MESSAGES.versionConflict}</strong>
            </p>
            <p>あなたの入力内容はそのまま残っています。ほかの画面で変更された項目:</p>
            <ul>
              {conflict.fields.length === 0 && <li>（入力欄以外の項目）</li>}
              {conflict.fields.map((field) => (
                <li key={field}>
                  {FIELD_LABELS[field]}: {displayValue(field, valuesFromProfile(conflict.latest))}（あなたの入力:{' '}
                  {displayValue(field, values)}）
                </li>
              ))}
            </ul>
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                onClick={(event) => {
                  // The fields changed here since loading (not the whole form) go against the other screen's
                  // version, so what was changed elsewhere in other fields is kept.
                  const version = conflict.latest.version;
                  setConflict(null);
                  save(base, version)(event as unknown as FormEvent<HTMLFormElement>);
                }}
              >
                自分の入力内容で保存する
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  const theirs = adopt(conflict.latest);
                  setValues(theirs);
                  clearDraft(storage(), userId);
                  setConflict(null);
                  setRestored(false);
                }}
              >
                ほかの画面の内容を読み込む
              </button>
            </div>
          </div>
        )}
        <form id="profile-form" className="form stack" onSubmit={submit} noValidate aria-labelledby="profile-heading">
          <FormAlert
            messages={
              Object.keys(localErrors).length > 0 && form.formErrors.length === 0 ? ['入力内容をご確認ください。'] : form.formErrors
            }
          />
          {profile.corporate_division === 'none' ? (
            <RadioGroup<'corporate' | 'individual'>
              legend="ご登録の区分"
              name="corporate_division"
              value={values.corporate_division}
              error={errors.corporate_division}
              onValueChange={(value) => set('corporate_division', value)}
              options={[
                { value: 'corporate', label: '法人', description: '株式会社・合同会社など' },
                {
                  value: 'individual',
                  label: '個人事業主',
                  disabled: !getRuntimeConfig().individualsSupported,
                  description: getRuntimeConfig().individualsSupported
                    ? 'フリーランスの方を含みます'
                    : '現在お申し込みを受け付けておりません',
                },
              ]}
            />
          ) : (
            <p className="muted small">
              ご登録の区分: <strong>{isCorporate ? '法人' : '個人事業主'}</strong>
            </p>
          )}
          {locked && (
            <div className="notice notice--info">
              <p>{IDENTITY_DOCUMENT_MESSAGES.locked}</p>
              {variant === 'edit' && !nameChange && (
                <button type="button" className="button button--link" onClick={() => setNameChange(true)}>
                  氏名・会社名を変更する
                </button>
              )}
            </div>
          )}

          {isCorporate && (
            <fieldset className="fieldset">
              <legend className="fieldset__legend">会社の情報</legend>
              <TextField
                label="会社名"
                name="company_name"
                value={values.company_name}
                autoComplete="organization"
                maxLength={L.company_name}
                placeholder="例: 株式会社ツムギ商事"
                disabled={locked}
                error={errors.company_name}
                onValueChange={(v) => set('company_name', v)}
              />
              <AddressFields prefix="office" values={address('office')} errors={errors} onChange={setAddress('office')} />
              <TextField
                label="会社の電話番号"
                name="office_phone"
                type="tel"
                inputMode="tel"
                autoComplete="section-office tel"
                maxLength={L.phone}
                placeholder="例: 03-1234-5678"
                value={values.office_phone}
                error={errors.office_phone}
                onValueChange={(v) => set('office_phone', v)}
                onBlur={() => {
                  const normalized = normalizePhoneNumber(values.office_phone);
                  if (normalized) set('office_phone', normalized);
                }}
              />
            </fieldset>
          )}

          <fieldset className="fieldset">
            <legend className="fieldset__legend">{isCorporate ? '代表者の情報' : 'ご本人（事業主）の情報'}</legend>
            <div className="field-row">
              <TextField
                label="姓"
                name="last_name"
                value={values.last_name}
                autoComplete="family-name"
                maxLength={L.last_name}
                disabled={locked}
                error={errors.last_name}
                onValueChange={(v) => set('last_name', v)}
              />
              <TextField
                label="名"
                name="first_name"
                value={values.first_name}
                autoComplete="given-name"
                maxLength={L.first_name}
                disabled={locked}
                error={errors.first_name}
                onValueChange={(v) => set('first_name', v)}
              />
            </div>
            {isCorporate && (
              <button
                type="button"
                className="button button--secondary button--small copy-address"
                onClick={() => {
                  const office = address('office');
                  for (const field of ['zipcode', 'prefecture', 'city', 'building_number'] as const)
                    setAddress('owner')(field, office[field]);
                }}
              >
                代表者の住所に会社の住所をコピーする
              </button>
            )}
            <AddressFields prefix="owner" values={address('owner')} errors={errors} onChange={setAddress('owner')} />
            <TextField
              label={isCorporate ? '代表者の電話番号' : '電話番号'}
              name="owner_phone"
              type="tel"
              inputMode="tel"
              autoComplete="section-owner tel"
              maxLength={L.phone}
              placeholder="例: 090-1234-5678"
              description="日中につながる番号を入力してください。"
              value={values.owner_phone}
              error={errors.owner_phone}
              onValueChange={(v) => set('owner_phone', v)}
              onBlur={() => {
                const normalized = normalizePhoneNumber(values.owner_phone);
                if (normalized) set('owner_phone', normalized);
              }}
            />
          </fieldset>

          {variant !== 'beforeEntry' && (
            <fieldset className="fieldset">
              <legend className="fieldset__legend">事業について</legend>
              <SelectField
                label="業種"
                name="sector"
                optional
                value={values.sector}
                options={SECTORS.map((s) => ({ value: s, label: SECTOR_LABELS[s] }))}
                error={errors.sector}
                onValueChange={(v) => set('sector', v)}
              />
              <TextAreaField
                label="事業内容"
                name="business_summary"
                optional
                rows={3}
                maxLength={L.business_summary}
                placeholder="例: 店舗の内装工事を請け負っています。"
                value={values.business_summary}
                error={errors.business_summary}
                onValueChange={(v) => set('business_summary', v)}
              />
            </fieldset>
          )}

          {showBank && (
            <fieldset className="fieldset">
              <legend className="fieldset__legend">振込先口座</legend>
              <p className="muted small">買取代金のお振込み先です。変更するとご登録のメールアドレスにお知らせが届きます。</p>
              <div className="field-row">
                <TextField
                  label="銀行名"
                  name="bank_name"
                  optional
                  value={values.bank_name}
                  error={errors.bank_name}
                  onValueChange={(v) => set('bank_name', v)}
                />
                <TextField
                  label="支店名"
                  name="branch_name"
                  optional
                  value={values.branch_name}
                  error={errors.branch_name}
                  onValueChange={(v) => set('branch_name', v)}
                />
              </div>
              <RadioGroup<DepositType>
                legend="預金種別"
                optional
                name="deposit_type"
                value={values.deposit_type}
                error={errors.deposit_type}
                options={(Object.keys(DEPOSIT_TYPE_LABELS) as DepositType[]).map((t) => ({ value: t, label: DEPOSIT_TYPE_LABELS[t] }))}
                onValueChange={(v) => set('deposit_type', v)}
              />
              <TextField
                label="口座番号（7桁）"
                name="bank_account_number"
                optional
                inputMode="numeric"
                maxLength={7}
                value={values.bank_account_number}
                error={errors.bank_account_number ?? errors.bank_account}
                onValueChange={(v) => set('bank_account_number', v)}
              />
              <TextField
                label="口座名義（カナ）"
                name="account_holder_name"
                optional
                maxLength={30}
                placeholder="例: カ）ツムギシヨウジ"
                description={holderNote ?? '通帳に記載のとおり、カタカナで入力してください。'}
                value={values.account_holder_name}
                error={errors.account_holder_name}
                onValueChange={(v) => set('account_holder_name', v)}
                onBlur={() => {
                  const normalized = normalizeAccountHolderName(values.account_holder_name);
                  if (normalized.value !== values.account_holder_name) {
                    set('account_holder_name', normalized.value);
                    setHolderNote('銀行の表記に合わせて全角カタカナに変換しました。');
                  }
                }}
              />
            </fieldset>
          )}
          <SubmitButton busy={form.busy} busyLabel="保存しています…">
            {heading.submit}
          </SubmitButton>
        </form>
      </section>

      {variant !== 'beforeEntry' && (
        <div ref={identityRef}>
          <IdentitySection
            key={`${profile.version}-${nameChange ? 'change' : 'view'}`}
            profile={profile}
            nameChange={nameChange}
            onNameChangeEnd={() => setNameChange(false)}
            onSubmitted={(updated) => {
              const fresh = adopt(updated);
              setValues((current) =>
                current === null
                  ? fresh
                  : { ...current, last_name: fresh.last_name, first_name: fresh.first_name, company_name: fresh.company_name },
              );
              void refreshAuth();
              showToast('本人確認書類を提出しました。確認中でも、お申し込みいただけます。', 'success', {
                announcesNavigation: variant === 'register',
              });
              if (variant === 'register') void navigate('/mypage');
            }}
          />
        </div>
      )}
      {variant === 'edit' && (
        <>
          <AccountSettings email={profile.email} names={{ last_name: profile.last_name, first_name: profile.first_name }} />
          <SessionsSection />
        </>
      )}
    </div>
  );
}

function ProfileSkeleton({ title }: { readonly title: string }) {
  return (
    <div className="profile-page stack-lg" aria-busy="true">
      <section className="card">
        <h1 className="page-heading">{title}</h1>
        <p className="muted" role="status">
          読み込んでいます…
        </p>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton skeleton--field" />
        ))}
      </section>
    </div>
  );
}
