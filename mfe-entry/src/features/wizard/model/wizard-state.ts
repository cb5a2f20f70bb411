import type { StoreApi } from 'zustand/vanilla';
import type { DraftEntryResponse, Upload } from '@app/contracts';
import { MESSAGES } from '@app/contracts/domain';
import type { DraftApi } from '../api/draft-api';
import { emptyDocument, stableJson, type WizardDocument } from './document';

/**
 * The wizard's state, kept for as long as this remote is loaded (the pages of the steps come and
 * go; the draft being typed does not): the document, the server version it is based on, the
 * autosave, a conflict with another tab or device, the files' details and the errors of a submit.
 *
 * Autosave: every edit (re)starts a debounce (800 ms); then the whole document is PUT with its
 * version. One save at a time; edits made during a save are saved after it. A network failure
 * retries with backoff (2 s, 4 s, 8 s, 16 s, then every 30 s) and at once when the browser says it
 * is online again; a server failure retries the same way; a 400 waits for the next edit. A 409
 * (another tab or device saved first) stops saving: the server's draft is read — if it holds
 * exactly what this page holds, the page simply goes on with its version; otherwise the applicant
 * chooses which one to keep (nothing is ever overwritten without them). Leaving a step, hiding the
 * tab and leaving the page save at once.
 */

export type SaveStatus =
  /** Nothing typed since the draft was read. */
  | { readonly kind: 'idle' }
  /** Typed, not saved yet (the debounce runs, or a save is on its way). */
  | { readonly kind: 'pending' }
  | { readonly kind: 'saving' }
  | { readonly kind: 'saved'; readonly at: number }
  /** No connection: retrying. */
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed'; readonly message: string; readonly retrying: boolean }
  /** Another tab or device saved the draft: waiting for the applicant's choice. */
  | { readonly kind: 'conflict' };

export interface WizardState {
  readonly load: 'idle' | 'loading' | 'ready' | 'failed';
  readonly loadError: string | null;
  readonly userId: number | null;
  readonly data: WizardDocument;
  /** The server version `data` is based on (0 before the first save). */
  readonly version: number;
  /** `stableJson` of what the server holds at `version`. */
  readonly savedJson: string;
  /** Counts replacements of `data` from outside the form (a load, the other tab's draft): forms reset on a change. */
  readonly generation: number;
  readonly save: SaveStatus;
  /** The server's draft after a 409 (null while it is being read or could not be read). */
  readonly conflict: DraftEntryResponse | null;
  /** Uploaded files by id (`GET /api/uploads/` and every upload since), for the upload fields. */
  readonly uploads: ReadonlyMap<number, Upload>;
  /** Errors by field path from the last step check or submit (client or server). */
  readonly errors: Readonly<Record<string, string>>;
  /** Errors that are no field's (non_field_errors, the profile step), shown at the top of the submit. */
  readonly formErrors: readonly string[];
  /** The highest claim or bank key handed out in this tab (keys are never handed out twice). */
  readonly keyFloor: number;
}

export interface WizardDeps {
  readonly api: DraftApi;
  readonly debounceMs: number;
  readonly retryDelaysMs: readonly number[];
  readonly now: () => number;
}

export const DEFAULT_WIZARD_DEPS: Omit<WizardDeps, 'api'> = {
  debounceMs: 800,
  retryDelaysMs: [2000, 4000, 8000, 16000, 30000],
  now: () => Date.now(),
};

export const SAVE_MESSAGES = {
  sessionExpired: '保存できませんでした。ログインの有効期限が切れています。お手数ですが、もう一度ログインしてください。',
  server: '保存できませんでした。自動で再試行します。',
  invalid: `保存できませんでした。${MESSAGES.draftInvalid}`,
  loadFailed: '申し込みの下書きを読み込めませんでした。通信環境をご確認のうえ、再読み込みしてください。',
} as const;

export const initialState = (): WizardState => ({
  load: 'idle',
  loadError: null,
  userId: null,
  data: emptyDocument(),
  version: 0,
  savedJson: stableJson(emptyDocument()),
  generation: 0,
  save: { kind: 'idle' },
  conflict: null,
  uploads: new Map(),
  errors: {},
  formErrors: [],
  keyFloor: 0,
});

export interface Wizard {
  readonly store: StoreApi<WizardState>;
  /** Reads the draft for this user (once; later calls check the server for a newer version). */
  readonly ensureLoaded: (userId: number) => Promise<void>;
  /** The form changed the document. */
  readonly edit: (data: WizardDocument) => void;
  /** Saves now what is not saved yet; true when the server holds what the page holds. */
  readonly flush: () => Promise<boolean>;
  /** Saves again now (the 「再試行」 button). */
  readonly retry: () => void;
  /** After a 409: keep the other tab's draft (`theirs`) or overwrite it with this page's (`mine`). */
  readonly resolveConflict: (choice: 'theirs' | 'mine') => Promise<void>;
  /** Checks the server for a newer draft (another device); adopted when nothing is unsaved here. */
  readonly refresh: () => Promise<void>;
  readonly setErrors: (errors: Readonly<Record<string, string>>, formErrors?: readonly string[]) => void;
  readonly rememberUploads: (uploads: readonly Upload[]) => void;
  /**
   * After a save or submit refused a file list (a 400 on `…contentfile_relations`,
   * `financial_statement_files`): reads the applicant's uploads and takes out of the document and
   * the page the files that are gone (deleted from another tab or device), then saves. The errors
   * stay (they say which file went missing) until the field is changed. True when some were gone.
   */
  readonly dropMissingFiles: () => Promise<boolean>;
  /** A new key for a claim or bank. */
  readonly takeKey: () => string;
  /** The page is going away: a last save that outlives it. */
  readonly saveOnExit: () => void;
  /** Forgets everything (after a submit: the server has cleared the draft). */
  readonly reset: () => void;
  /** Stops timers (tests). */
  readonly dispose: () => void;
}
