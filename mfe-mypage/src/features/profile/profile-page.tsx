import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, FormAlert, SubmitButton, api, refreshAuth, showToast, useApiForm, useAuth } from '@app/shared';
import type { ProfileResponse } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { isIdentityLocked, requiresIdentityResubmission } from '@app/contracts/domain';
import { AccountSettings } from './components/account-settings';
import type { AddressValues } from './components/address-fields';
import { IdentitySection } from './components/identity-section';
import { ProfileConflict, ProfileSkeleton, type Conflict } from './components/profile-conflict';
import {
  BankFieldset,
  BusinessFieldset,
  CompanyFieldset,
  DivisionField,
  IdentityLockNotice,
  OwnerFieldset,
} from './components/profile-fieldsets';
import { SessionsSection } from './components/sessions-section';
import { missingRequired, patchBody, type ProfileVariant } from './model/profile-patch';
import { ensureProfileStyles } from './styles';
import {
  changedFields,
  clearDraft,
  loadDraft,
  saveDraft,
  valuesFromProfile,
  type ProfileField,
  type ProfileFormValues,
} from './model/profile-form';

export type { ProfileVariant };

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
  const fieldset = { values, errors, set };
  const addresses = { address, setAddress };

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
          <ProfileConflict
            conflict={conflict}
            values={values}
            onKeepMine={(event) => {
              // The fields changed here since loading (not the whole form) go against the other screen's
              // version, so what was changed elsewhere in other fields is kept.
              const version = conflict.latest.version;
              setConflict(null);
              save(base, version)(event as unknown as FormEvent<HTMLFormElement>);
            }}
            onLoadTheirs={() => {
              const theirs = adopt(conflict.latest);
              setValues(theirs);
              clearDraft(storage(), userId);
              setConflict(null);
              setRestored(false);
            }}
          />
        )}
        <form id="profile-form" className="form stack" onSubmit={submit} noValidate aria-labelledby="profile-heading">
          <FormAlert
            messages={
              Object.keys(localErrors).length > 0 && form.formErrors.length === 0 ? ['入力内容をご確認ください。'] : form.formErrors
            }
          />
          <DivisionField {...fieldset} choose={profile.corporate_division === 'none'} />
          {locked && <IdentityLockNotice offerChange={variant === 'edit' && !nameChange} onChange={() => setNameChange(true)} />}
          {isCorporate && <CompanyFieldset {...fieldset} {...addresses} locked={locked} />}
          <OwnerFieldset {...fieldset} {...addresses} locked={locked} />
          {variant !== 'beforeEntry' && <BusinessFieldset {...fieldset} />}
          {showBank && <BankFieldset {...fieldset} />}
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
