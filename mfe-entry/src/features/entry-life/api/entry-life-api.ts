import { api } from '@app/shared';
import { pathOf, type Entry, type EntryBankAccountChangeRequest, type ResubmitFile } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';

/** The calls of an entry's life (spec §7): read it, resubmit, cancel, sign; and where its contract PDF is. */
export const entryLifeApi = {
  get: (id: string): Promise<Entry> => api(endpoints.entries.get, { params: { id } }),
  resubmit: (id: string, files: ResubmitFile[]): Promise<Entry> => api(endpoints.entries.review, { params: { id }, body: { files } }),
  cancel: (id: string): Promise<Entry> => api(endpoints.entries.cancel, { params: { id } }),
  changeBankAccount: (id: string, body: EntryBankAccountChangeRequest): Promise<Entry> =>
    api(endpoints.entries.changeBankAccount, { params: { id }, body }),
  contract: (id: string): Promise<Entry> => api(endpoints.entries.contract, { params: { id }, body: { agreed: true } }),
  /** The signed contract (a file download, not an API call through the client). */
  contractDocumentUrl: (id: string | number): string => pathOf(endpoints.entries.contractDocument, { id }),
};
