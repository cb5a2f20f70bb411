import { api } from '@app/shared';
import type { ContentFile } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';
import { wizard } from '../model/wizard-store';

/**
 * Removes a claim or a bank of the draft (`remove`) with its files (best effort: a file left behind
 * is only the applicant's own) and the errors of that list (their paths moved with the removal).
 */
export function removeWithFiles(list: 'claims' | 'banks', files: readonly ContentFile[], remove: () => void): void {
  for (const file of files) void api(endpoints.uploads.delete, { params: { id: file.id } }).catch(() => undefined);
  remove();
  const state = wizard().store.getState();
  wizard().setErrors(Object.fromEntries(Object.entries(state.errors).filter(([path]) => !path.startsWith(list))), state.formErrors);
}
