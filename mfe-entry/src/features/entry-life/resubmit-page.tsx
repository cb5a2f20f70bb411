import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormAlert, SubmitButton, href, showToast, useApiForm, type PageProps } from '@app/shared';
import { ENTRY_LIFE_MESSAGES, type Entry, type ResubmitFile, type Upload } from '@app/contracts';
import { entryStatusLabel, formatYen, reviewKind } from '@app/contracts/domain';
import { UploadField, isUploadInFlight } from '@app/shared/upload';
import { entryLifeApi } from './api/entry-life-api';
import { EntryPage } from './components/entry-gate';
import { DesiredRows, EntrySummary } from './components/entry-summary';
import { BackToDetail, NotNowSection, PageSection } from './components/page-section';
import { formatDay } from './model/format';
import { inadequateItems, itemTitle, keptClaimGroups, keptEntryGroups, type InadequateItem, type KeptGroup } from './model/inadequate';

export const KEPT_NOTICE = 'そのほかの書類とご入力内容はそのまま引き継がれます';
export const RESUBMITTED_MESSAGE = '書類を再提出しました。審査の結果はメールでお知らせします。';
const UPLOADING_MESSAGE = 'アップロード中のファイルがあります。終わるまでお待ちください。';

function KeptFiles({ groups }: { readonly groups: readonly KeptGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <ul>
      {groups.map((group) => (
        <li key={group.key}>
          {group.label}
          <span className="el-files">
            {' '}
            — {group.files.length > 0 ? `${group.files.length}件のファイル（そのまま引き継ぎます）` : 'そのまま引き継ぎます'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Everything the resubmission keeps, read-only. */
function KeptSection({ entry, items }: { readonly entry: Entry; readonly items: readonly InadequateItem[] }) {
  return (
    <PageSection id="kept" title="引き継がれる内容">
      <p>{KEPT_NOTICE}。もう一度入力したり、アップロードしたりする必要はありません。</p>
      <div className="el-kept">
        <dl className="el-facts el-facts--plain">
          <DesiredRows entry={entry} />
        </dl>
        <KeptFiles groups={keptEntryGroups(entry, items)} />
        {entry.claims.map((claim) => (
          <div key={claim.id}>
            <h3 className="el-slot__heading">{claim.obliger_company_name}</h3>
            <p className="el-files">
              請求書額面（税込）{formatYen(claim.amount)}／支払期日 {formatDay(claim.obliger_payment_date)}
            </p>
            <KeptFiles groups={keptClaimGroups(claim, items)} />
          </div>
        ))}
      </div>
    </PageSection>
  );
}

/** The files chosen for each inadequate group, by the item's key. */
type ChosenFiles = Readonly<Record<string, readonly Upload[]>>;

/** The body of `POST /api/entries/{id}/review/`: exactly the new files, each with its group and claim. */
export function resubmitFiles(items: readonly InadequateItem[], chosen: ChosenFiles): ResubmitFile[] {
  return items.flatMap((item) => (chosen[item.key] ?? []).map((file) => ({ id: file.id, group: item.group, claim_id: item.claimId })));
}

function ResubmitForm({ entry, items }: { readonly entry: Entry; readonly items: readonly InadequateItem[] }) {
  const navigate = useNavigate();
  const form = useApiForm();
  const [chosen, setChosen] = useState<ChosenFiles>({});
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [sent, setSent] = useState<ResubmitFile[]>([]);
  const [localErrors, setLocalErrors] = useState<readonly string[]>([]);

  /** A 400's message for a file sent (`files.2.id`) goes to that file's group; `files` to the form. */
  const serverErrorOf = (item: InadequateItem): string | undefined => {
    const key = Object.keys(form.fieldErrors).find((field) => {
      const match = /^files\.(\d+)/.exec(field);
      const at = match ? Number(match[1]) : -1;
      return at >= 0 && sent[at]?.group === item.group && sent[at]?.claim_id === item.claimId;
    });
    return key === undefined ? undefined : form.fieldErrors[key];
  };

  const onSubmit = form.handleSubmit(async () => {
    setLocalErrors([]);
    if (items.some((item) => isUploadInFlight(item.uploadKey))) {
      setLocalErrors([UPLOADING_MESSAGE]);
      return;
    }
    const empty = items.filter((item) => (chosen[item.key] ?? []).length === 0);
    setMissing(new Set(empty.map((item) => item.key)));
    if (empty.length > 0) {
      setLocalErrors(empty.map((item) => ENTRY_LIFE_MESSAGES.missingGroup(itemTitle(item))));
      document.getElementById(`slot-${empty[0]!.key}`)?.querySelector<HTMLElement>('input[type="file"]')?.focus();
      return;
    }
    const files = resubmitFiles(items, chosen);
    setSent(files);
    await entryLifeApi.resubmit(String(entry.id), files);
    showToast(RESUBMITTED_MESSAGE, 'success', { announcesNavigation: true });
    void navigate(href('entryDetail', { entryId: entry.id }), { replace: true });
  });

  const formLevel = [...localErrors, ...form.formErrors, ...(form.fieldErrors.files !== undefined ? [form.fieldErrors.files] : [])];

  return (
    <form className="el-page" onSubmit={onSubmit} noValidate aria-label="不備のある書類の再提出">
      <FormAlert messages={[...new Set(formLevel)]} />
      {items.map((item) => {
        const error = missing.has(item.key) ? ENTRY_LIFE_MESSAGES.missingGroup(itemTitle(item)) : serverErrorOf(item);
        const headingId = `slot-${item.key}-heading`;
        return (
          <section
            key={item.key}
            id={`slot-${item.key}`}
            className={`el-section el-slot${error ? ' el-slot--invalid' : ''}`}
            aria-labelledby={headingId}
          >
            <h2 id={headingId} className="el-slot__heading">
              {itemTitle(item)}
            </h2>
            <div className="el-reason">
              <p className="el-reason__label">不備の理由</p>
              <p className="el-issue__reason">{item.reason}</p>
            </div>
            <UploadField
              uploadKey={item.uploadKey}
              label={`${itemTitle(item)}の新しいファイル`}
              description="複数のファイルを追加できます。"
              required
              multiple
              files={chosen[item.key] ?? []}
              onFilesChange={(files) => {
                setChosen((current) => ({ ...current, [item.key]: files }));
                if (files.length > 0)
                  setMissing((current) => {
                    const next = new Set(current);
                    next.delete(item.key);
                    return next;
                  });
              }}
            />
            {error && (
              <p className="field__error" role="alert">
                {error}
              </p>
            )}
          </section>
        );
      })}
      <KeptSection entry={entry} items={items} />
      <div className="el-actions">
        <SubmitButton busy={form.busy} busyLabel="再提出しています…">
          再提出する
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * /entry/resubmit/{entryId}: only the groups the reviewer found inadequate, each with the reason and
 * an upload field; everything else is shown as kept. `POST /api/entries/{id}/review/` with exactly
 * the new files → the detail page with a toast. Only for an inadequate entry.
 */
export default function EntryResubmitPage({ params }: PageProps) {
  return (
    <EntryPage params={params} title="書類の再提出">
      {(entry) => {
        const items = inadequateItems(entry);
        if (reviewKind(entry.status) !== 'resubmit' || items.length === 0) {
          return (
            <NotNowSection
              entry={entry}
              title="再提出が必要な書類はありません"
              reason={
                reviewKind(entry.status) === 'resubmit'
                  ? '不備の内容はお申し込み内容のページでご確認ください。'
                  : `このお申し込みは現在「${entryStatusLabel(entry.status)}」のため、書類を再提出する必要はありません。`
              }
            />
          );
        }
        return (
          <>
            <EntrySummary entry={entry} />
            <p>
              審査の途中で不備が見つかった書類だけを、もう一度アップロードしてください（{items.length}件）。{KEPT_NOTICE}。
            </p>
            <ResubmitForm entry={entry} items={items} />
            <BackToDetail entry={entry} />
          </>
        );
      }}
    </EntryPage>
  );
}
