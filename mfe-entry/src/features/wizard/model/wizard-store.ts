import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { ApiError, ValidationError } from '@app/shared';
import type { DraftEntryResponse, Upload } from '@app/shared/contracts';
import { MESSAGES } from '@app/shared/domain';
import { draftApi, type DraftApi } from '../api/draft-api';
import {
  emptyDocument,
  errorsAfterEdit,
  isFileListPath,
  nextKey,
  stableJson,
  withDefaults,
  withoutMissingFiles,
  type WizardDocument,
} from './document';

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

const initialState = (): WizardState => ({
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

export function createWizard(deps: WizardDeps): Wizard {
  const store = createStore<WizardState>()(initialState);
  const { getState: get, setState: set } = store;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let loading: Promise<void> | null = null;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number) => {
    clearTimer();
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, ms);
  };
  const dirty = (state: WizardState = get()) => stableJson(state.data) !== state.savedJson;
  const retryLater = () => {
    const delays = deps.retryDelaysMs;
    schedule(delays[Math.min(failures, delays.length - 1)] ?? 30000);
    failures += 1;
  };

  const adopt = (draft: DraftEntryResponse, extra: Partial<WizardState> = {}) => {
    const data = withDefaults(draft.data);
    set((state) => ({
      data,
      version: draft.version,
      savedJson: stableJson(data),
      generation: state.generation + 1,
      conflict: null,
      save: { kind: 'idle' },
      ...extra,
    }));
  };

  async function onConflict(): Promise<void> {
    clearTimer();
    set({ save: { kind: 'conflict' }, conflict: null });
    let server: DraftEntryResponse;
    try {
      server = await deps.api.load();
    } catch {
      return;
    }
    if (stableJson(withDefaults(server.data)) === stableJson(get().data)) {
      // The other save holds exactly this page's content (e.g. the last save of a closed tab).
      set({ version: server.version, savedJson: stableJson(get().data), conflict: null, save: { kind: 'saved', at: deps.now() } });
      return;
    }
    set({ conflict: server });
  }

  async function onFailure(error: unknown): Promise<void> {
    if (error instanceof ApiError && error.status === 409) return onConflict();
    if (error instanceof ApiError && error.kind === 'network') {
      set({ save: { kind: 'offline' } });
      retryLater();
      return;
    }
    if (error instanceof ValidationError) {
      set((state) => ({
        save: { kind: 'failed', message: SAVE_MESSAGES.invalid, retrying: false },
        errors: { ...state.errors, ...error.fieldErrors },
      }));
      // A file deleted elsewhere would refuse every later save: without it, the save goes through.
      if (Object.keys(error.fieldErrors).some(isFileListPath) && (await dropMissingFiles())) schedule(0);
      return;
    }
    if (error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'csrf')) {
      set({ save: { kind: 'failed', message: SAVE_MESSAGES.sessionExpired, retrying: false } });
      return;
    }
    set({ save: { kind: 'failed', message: SAVE_MESSAGES.server, retrying: true } });
    retryLater();
  }

  async function dropMissingFiles(): Promise<boolean> {
    let uploads: Upload[];
    try {
      uploads = await deps.api.listUploads();
    } catch {
      return false;
    }
    const state = get();
    if (state.load !== 'ready') return false;
    const data = withoutMissingFiles(state.data, new Set(uploads.map((upload) => upload.id)));
    if (stableJson(data) === stableJson(state.data)) return false;
    // A new generation: the forms show the document without those files.
    set({
      data,
      generation: state.generation + 1,
      uploads: new Map(uploads.map((upload) => [upload.id, upload])),
      save: state.save.kind === 'conflict' ? state.save : { kind: 'pending' },
    });
    return true;
  }

  /** Nothing to save (or saving is paused): says so without a request. */
  function settled(state: WizardState): boolean {
    if (state.load !== 'ready' || state.save.kind === 'conflict') return true;
    if (stableJson(state.data) !== state.savedJson) return false;
    if (state.save.kind !== 'idle') set({ save: { kind: 'saved', at: deps.now() } });
    return true;
  }

  /** Saves until the server holds the document (edits during a save go in the next one). Starts with a request. */
  async function saveLoop(): Promise<void> {
    try {
      for (;;) {
        const state = get();
        const json = stableJson(state.data);
        set({ save: { kind: 'saving' } });
        try {
          const saved = await deps.api.save({ version: state.version, data: state.data });
          failures = 0;
          set({ version: saved.version, savedJson: json });
          set({ save: stableJson(get().data) === json ? { kind: 'saved', at: deps.now() } : { kind: 'pending' } });
        } catch (error) {
          await onFailure(error);
          return;
        }
        if (!again || settled(get())) return;
        again = false;
      }
    } finally {
      inFlight = null;
    }
  }

  function run(): Promise<void> {
    if (inFlight !== null) {
      again = true;
      return inFlight;
    }
    if (settled(get())) return Promise.resolve();
    again = false;
    // The loop awaits its first request before it can end, so `inFlight` is set before it is cleared.
    inFlight = saveLoop();
    return inFlight;
  }

  async function load(userId: number): Promise<void> {
    clearTimer();
    set({ ...initialState(), userId, load: 'loading', generation: get().generation });
    try {
      const [draft, uploads] = await Promise.all([deps.api.load(), deps.api.listUploads().catch((): Upload[] => [])]);
      if (get().userId !== userId) return;
      adopt(draft, { load: 'ready', uploads: new Map(uploads.map((upload) => [upload.id, upload])) });
    } catch (error) {
      if (get().userId === userId)
        set({
          load: 'failed',
          loadError: error instanceof ApiError && error.kind !== 'network' ? error.message : SAVE_MESSAGES.loadFailed,
        });
    }
  }

  const wizard: Wizard = {
    store,
    ensureLoaded: (userId) => {
      const state = get();
      if (state.userId === userId && state.load === 'ready') return wizard.refresh();
      if (state.userId === userId && loading !== null) return loading;
      loading = load(userId).finally(() => {
        loading = null;
      });
      return loading;
    },
    edit: (data) => {
      const state = get();
      if (state.load !== 'ready') return;
      if (stableJson(data) === stableJson(state.data)) return;
      set({ data, errors: errorsAfterEdit(state.errors, state.data, data) });
      if (state.save.kind === 'conflict') return;
      set({ save: state.save.kind === 'saving' ? state.save : { kind: 'pending' } });
      schedule(deps.debounceMs);
    },
    flush: async () => {
      clearTimer();
      await run();
      const state = get();
      return state.save.kind !== 'conflict' && !dirty(state);
    },
    retry: () => {
      clearTimer();
      void run();
    },
    resolveConflict: async (choice) => {
      const state = get();
      if (state.save.kind !== 'conflict') return;
      if (state.conflict === null) {
        // The server's draft could not be read: read it again first.
        await onConflict();
        return;
      }
      if (choice === 'theirs') {
        adopt(state.conflict, { errors: {}, formErrors: [] });
        return;
      }
      set({ version: state.conflict.version, savedJson: stableJson(state.conflict.data), conflict: null, save: { kind: 'pending' } });
      await run();
    },
    refresh: async () => {
      const state = get();
      if (state.load !== 'ready' || state.save.kind === 'conflict' || inFlight !== null) return;
      let server: DraftEntryResponse;
      try {
        server = await deps.api.load();
      } catch {
        return;
      }
      const now = get();
      if (server.version === now.version || now.load !== 'ready' || inFlight !== null || now.save.kind === 'conflict') return;
      if (!dirty(now)) {
        adopt(server, { errors: {}, formErrors: [] });
        return;
      }
      clearTimer();
      if (stableJson(withDefaults(server.data)) === stableJson(now.data)) {
        set({ version: server.version, savedJson: stableJson(now.data), save: { kind: 'saved', at: deps.now() } });
        return;
      }
      set({ save: { kind: 'conflict' }, conflict: server });
    },
    setErrors: (errors, formErrors = []) => set({ errors, formErrors }),
    dropMissingFiles: async () => {
      const dropped = await dropMissingFiles();
      if (dropped) schedule(0);
      return dropped;
    },
    rememberUploads: (uploads) =>
      set((state) => {
        const next = new Map(state.uploads);
        for (const upload of uploads) next.set(upload.id, upload);
        return { uploads: next };
      }),
    takeKey: () => {
      const key = nextKey(get().data, get().keyFloor);
      set({ keyFloor: Number(key) });
      return key;
    },
    saveOnExit: () => {
      const state = get();
      if (state.load !== 'ready' || state.save.kind === 'conflict' || inFlight !== null || !dirty(state)) return;
      clearTimer();
      deps.api.saveOnExit({ version: state.version, data: state.data });
    },
    reset: () => {
      clearTimer();
      failures = 0;
      set(initialState());
    },
    dispose: () => clearTimer(),
  };
  return wizard;
}

// ---------------------------------------------------------------------------------------------
// The wizard of this tab
// ---------------------------------------------------------------------------------------------

const realWizard = (): Wizard => createWizard({ ...DEFAULT_WIZARD_DEPS, api: draftApi });

let current: Wizard | null = null;
let factory: () => Wizard = realWizard;

/** Sets how the tab's wizard is made (the pages: the real API; tests: MSW and a short debounce). */
export function configureWizard(make: () => Wizard = realWizard): void {
  current?.dispose();
  current = null;
  factory = make;
}

export function wizard(): Wizard {
  current ??= factory();
  return current;
}

export function useWizard<T>(selector: (state: WizardState) => T): T {
  return useStore(wizard().store, selector);
}
