import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { ApiError, ValidationError } from '@app/shared';
import type { DraftEntryResponse, Upload } from '@app/contracts';
import { draftApi } from '../api/draft-api';
import { errorsAfterEdit, isFileListPath, nextKey, stableJson, withDefaults, withoutMissingFiles } from './document';
import { DEFAULT_WIZARD_DEPS, SAVE_MESSAGES, initialState, type Wizard, type WizardDeps, type WizardState } from './wizard-state';

/** The wizard's state and its actions (wizard-state.ts says what each is): the autosave and the conflict handling. */
export { DEFAULT_WIZARD_DEPS, SAVE_MESSAGES };
export type { SaveStatus, Wizard, WizardDeps, WizardState } from './wizard-state';

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
      // Only a newer draft (another tab or device) counts: a read that left before a save of this page
      // answers an older version, and adopting it would take back what was just typed (a claim added).
      if (server.version <= now.version || now.load !== 'ready' || inFlight !== null || now.save.kind === 'conflict') return;
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
