import type { ReactNode } from 'react';
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import type { ContentFile, Upload } from '@app/contracts';
import { apiUploadKind, type UploadKind } from '@app/contracts/domain';
import { UploadField } from '@app/shared/upload';
import { FILE_LABELS } from '../model/checks';
import { filesOfKey, replaceFilesOfKey, uploadOf, type WizardDocument } from '../model/document';
import { useWizard, wizard } from '../model/wizard-store';
import { FieldSlot } from './fields';

type RelationsPath = Extract<
  FieldPath<WizardDocument>,
  'financial_statement_files' | `claims.${number}.contentfile_relations` | `banks.${number}.contentfile_relations`
>;

export interface FilesFieldProps {
  readonly form: UseFormReturn<WizardDocument>;
  /** Where the document keeps the relations (`claims.0.contentfile_relations`). */
  readonly relations: RelationsPath;
  /** The upload key (`invoice-3`, `pl`, `passbook_cover`): the kind sent to the API and the relation's `kind`. */
  readonly uploadKey: string;
  /** The path an error of this field is reported under (defaults to `relations`). */
  readonly errorPath?: string;
  readonly label: string;
  readonly description?: ReactNode;
  readonly required?: boolean;
  readonly multiple?: boolean;
}

/**
 * The shared upload field for one upload key of the draft: shows the files the draft holds (their
 * details from `GET /api/uploads/`), and puts every upload and delete into the document, which
 * autosaves it — so a reload, or another device, shows the same files.
 */
export function FilesField({
  form,
  relations,
  uploadKey,
  errorPath,
  label,
  description,
  required = false,
  multiple = true,
}: FilesFieldProps) {
  const all: ContentFile[] = useWatch({ control: form.control, name: relations }) ?? [];
  const known = useWizard((state) => state.uploads);
  const files = filesOfKey(all, uploadKey).map((file) => uploadOf(file, known));
  const onFilesChange = (uploads: Upload[]) => {
    wizard().rememberUploads(uploads);
    const current: ContentFile[] = form.getValues(relations) ?? [];
    form.setValue(relations, replaceFilesOfKey(current, uploadKey, uploads), { shouldDirty: true });
  };
  return (
    <FieldSlot path={errorPath ?? relations}>
      <UploadField
        uploadKey={uploadKey}
        label={label}
        description={description}
        required={required}
        multiple={multiple}
        files={files}
        onFilesChange={onFilesChange}
      />
    </FieldSlot>
  );
}

/**
 * The upload fields of one list of the draft, a field per kind: one for each kind asked
 * (`required`, its error reported under `errorPathOf(kind)`), then the files of kinds no longer
 * asked (the choice changed) under `leftoverNote`, so they can be deleted.
 */
export function KindFilesFields({
  form,
  relations,
  required,
  errorPathOf,
  descriptions,
  leftoverNote,
}: {
  readonly form: UseFormReturn<WizardDocument>;
  readonly relations: RelationsPath;
  readonly required: readonly UploadKind[];
  readonly errorPathOf: (kind: UploadKind) => string;
  readonly descriptions: Readonly<Partial<Record<UploadKind, ReactNode>>>;
  readonly leftoverNote: string;
}) {
  const all: ContentFile[] = useWatch({ control: form.control, name: relations }) ?? [];
  const leftover = [...new Set(all.map((file) => apiUploadKind(file.kind)))].filter(
    (kind): kind is UploadKind => !required.includes(kind as UploadKind) && kind in FILE_LABELS,
  );
  return (
    <>
      <FieldSlot path={relations} exact>
        {required.map((kind) => (
          <FilesField
            key={kind}
            form={form}
            relations={relations}
            errorPath={errorPathOf(kind)}
            uploadKey={kind}
            label={FILE_LABELS[kind] ?? kind}
            description={descriptions[kind]}
            required
          />
        ))}
      </FieldSlot>
      {leftover.length > 0 && (
        <div className="notice">
          <p>{leftoverNote}</p>
          {leftover.map((kind) => (
            <FilesField key={kind} form={form} relations={relations} uploadKey={kind} label={FILE_LABELS[kind] ?? kind} />
          ))}
        </div>
      )}
    </>
  );
}
