import { api, csrfHeaders } from '@app/shared';
import { pathOf, type DraftEntryResponse, type DraftSaveRequest, type Upload } from '@app/contracts';
import * as endpoints from '@app/contracts/endpoints';

/** The wizard's calls: the draft (read, save), the applicant's uploads, and a save that outlives the page. */
export interface DraftApi {
  readonly load: () => Promise<DraftEntryResponse>;
  readonly save: (body: DraftSaveRequest) => Promise<DraftEntryResponse>;
  readonly listUploads: () => Promise<Upload[]>;
  /** A last save while the page goes away (`pagehide`): fire and forget. */
  readonly saveOnExit: (body: DraftSaveRequest) => void;
}

export const draftApi: DraftApi = {
  load: () => api(endpoints.entries.draft),
  save: (body) => api(endpoints.entries.saveDraft, { body }),
  listUploads: () => api(endpoints.uploads.list),
  saveOnExit: (body) => {
    // `keepalive` lets the request finish after the page is gone; the client's fetch cannot ask for it.
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json', ...csrfHeaders(document.cookie) };
    void fetch(pathOf(endpoints.entries.saveDraft), {
      method: 'PUT',
      credentials: 'include',
      keepalive: true,
      headers,
      body: JSON.stringify(body),
    }).catch(() => undefined);
  },
};
