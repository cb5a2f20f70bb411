import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NetworkError, ServerError, ValidationError } from '@app/shared';
import type { DraftEntryResponse, DraftSaveRequest, Upload } from '@app/contracts';
import { draftFixture } from '@app/mocks';
import type { DraftApi } from '../api/draft-api';
import { contentFileOf, newClaim, withDefaults, type WizardDocument } from './document';
import { createWizard, SAVE_MESSAGES, type Wizard } from './wizard-store';

/** A draft endpoint in memory with the version lock of the API; each call can be made to fail. */
function fakeApi(initial: DraftEntryResponse = draftFixture()) {
  const server = {
    draft: initial,
    saves: [] as DraftSaveRequest[],
    exits: [] as DraftSaveRequest[],
    failNext: [] as unknown[],
    hold: false,
  };
  let resolveSave: (() => void) | null = null;
  const api: DraftApi = {
    load: vi.fn(async () => server.draft),
    listUploads: vi.fn(async () => []),
    save: vi.fn(async (body: DraftSaveRequest) => {
      server.saves.push(body);
      if (server.failNext.length > 0) throw server.failNext.shift();
      if (server.hold) await new Promise<void>((resolve) => (resolveSave = resolve));
      if (body.version !== server.draft.version) throw new ServerError('/api/entries/draft/', 409, 'conflict');
      server.draft = { version: body.version + 1, updated_at: '2026-06-01T10:00:00+09:00', data: body.data };
      return server.draft;
    }),
    saveOnExit: vi.fn((body: DraftSaveRequest) => void server.exits.push(body)),
  };
  return Object.assign(server, { api, release: () => resolveSave?.() });
}

const edited = (wizard: Wizard, change: (doc: WizardDocument) => WizardDocument) =>
  wizard.edit(change(structuredClone(wizard.store.getState().data)));
const withPurpose = (purpose: string) => (doc: WizardDocument) => ({ ...doc, purpose });

let wizard: Wizard;
let server: ReturnType<typeof fakeApi>;

async function start(initial?: DraftEntryResponse) {
  server = fakeApi(initial);
  wizard = createWizard({ api: server.api, debounceMs: 800, retryDelaysMs: [2000, 4000], now: () => Date.parse('2026-06-01T01:00:00Z') });
  await wizard.ensureLoaded(7);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  wizard.dispose();
  vi.useRealTimers();
});

describe('loading', () => {
  test('reads the draft once, fills the structure the form edits, and is idle until something is typed', async () => {
    const claim = { ...newClaim('1'), receive_payment_account: null };
    await start(draftFixture({ version: 3, data: { ...draftFixture().data, claims: [claim] } }));
    const state = wizard.store.getState();
    expect(state.load).toBe('ready');
    expect(state.version).toBe(3);
    expect(state.data.claims[0]?.receive_payment_account?.obliger_accounts).toEqual([{ holder_name: '' }]);
    expect(state.save).toEqual({ kind: 'idle' });
    await wizard.flush();
    expect(server.saves).toHaveLength(0);
  });

  test('a failed read says so in Japanese', async () => {
    server = fakeApi();
    vi.mocked(server.api.load).mockRejectedValueOnce(new NetworkError('/api/entries/draft/'));
    wizard = createWizard({ api: server.api, debounceMs: 800, retryDelaysMs: [2000], now: () => 0 });
    await wizard.ensureLoaded(7);
    expect(wizard.store.getState()).toMatchObject({ load: 'failed', loadError: SAVE_MESSAGES.loadFailed });
  });
});

describe('autosave', () => {
  test('debounced: typing for a while sends one PUT with the whole document and the version, 800 ms after the last edit', async () => {
    await start();
    edited(wizard, withPurpose('仕'));
    await vi.advanceTimersByTimeAsync(500);
    edited(wizard, withPurpose('仕入'));
    await vi.advanceTimersByTimeAsync(500);
    edited(wizard, withPurpose('仕入れ'));
    expect(wizard.store.getState().save.kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(799);
    expect(server.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.saves).toEqual([{ version: 0, data: expect.objectContaining({ purpose: '仕入れ' }) as unknown }]);
    expect(wizard.store.getState()).toMatchObject({ version: 1, save: { kind: 'saved' } });
  });

  test('what is typed during a save is saved after it, with the new version', async () => {
    await start();
    server.hold = true;
    edited(wizard, withPurpose('a'));
    await vi.advanceTimersByTimeAsync(800);
    expect(wizard.store.getState().save.kind).toBe('saving');
    edited(wizard, withPurpose('ab'));
    await vi.advanceTimersByTimeAsync(800);
    server.hold = false;
    server.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.saves.map((s) => [s.version, s.data.purpose])).toEqual([
      [0, 'a'],
      [1, 'ab'],
    ]);
    expect(wizard.store.getState()).toMatchObject({ version: 2, save: { kind: 'saved' } });
  });

  test('a flush with nothing to save does not hold up later saves (leaving a page right after it loaded)', async () => {
    await start();
    await expect(wizard.flush()).resolves.toBe(true);
    edited(wizard, withPurpose('あとから'));
    await vi.advanceTimersByTimeAsync(800);
    expect(server.saves).toHaveLength(1);
    expect(wizard.store.getState().save.kind).toBe('saved');
  });

  test('flush saves at once (a step change)', async () => {
    await start();
    edited(wizard, withPurpose('設備'));
    await expect(wizard.flush()).resolves.toBe(true);
    expect(server.saves).toHaveLength(1);
  });

  test('offline: says so, retries with backoff, and at once on retry()', async () => {
    await start();
    server.failNext.push(new NetworkError('/api/entries/draft/'), new NetworkError('/api/entries/draft/'));
    edited(wizard, withPurpose('x'));
    await vi.advanceTimersByTimeAsync(800);
    expect(wizard.store.getState().save).toEqual({ kind: 'offline' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.saves).toHaveLength(2);
    expect(wizard.store.getState().save).toEqual({ kind: 'offline' });
    wizard.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.saves).toHaveLength(3);
    expect(wizard.store.getState().save.kind).toBe('saved');
  });

  test('a server error retries by itself; a 400 shows the draft message and the fields, and waits for the next edit', async () => {
    await start();
    server.failNext.push(new ServerError('/api/entries/draft/', 503, null));
    edited(wizard, withPurpose('x'));
    await vi.advanceTimersByTimeAsync(800);
    expect(wizard.store.getState().save).toEqual({ kind: 'failed', message: SAVE_MESSAGES.server, retrying: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(wizard.store.getState().save.kind).toBe('saved');

    server.failNext.push(
      new ValidationError('/api/entries/draft/', { 'claims.0.amount': '金額は1円単位の半角数字で入力してください。' }, [], {}),
    );
    edited(wizard, withPurpose('y'));
    await vi.advanceTimersByTimeAsync(800);
    expect(wizard.store.getState().save).toEqual({ kind: 'failed', message: SAVE_MESSAGES.invalid, retrying: false });
    expect(wizard.store.getState().errors).toEqual({ 'claims.0.amount': '金額は1円単位の半角数字で入力してください。' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.saves).toHaveLength(3);
  });
});

describe('409: another tab or device saved first', () => {
  async function conflictWith(theirs: Partial<WizardDocument>) {
    await start();
    server.draft = { version: 5, updated_at: '2026-06-01T09:30:00+09:00', data: withDefaults({ ...draftFixture().data, ...theirs }) };
    edited(wizard, withPurpose('この画面'));
    await vi.advanceTimersByTimeAsync(800);
  }

  test('nothing is overwritten: saving stops, the server draft is read, what was typed stays', async () => {
    await conflictWith({ purpose: 'ほかの画面' });
    const state = wizard.store.getState();
    expect(state.save).toEqual({ kind: 'conflict' });
    expect(state.conflict?.data.purpose).toBe('ほかの画面');
    expect(state.data.purpose).toBe('この画面');
    edited(wizard, withPurpose('この画面で続き'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.saves).toHaveLength(1);
    expect(server.draft.data.purpose).toBe('ほかの画面');
  });

  test('theirs: the server draft replaces the form (a new generation)', async () => {
    await conflictWith({ purpose: 'ほかの画面' });
    const generation = wizard.store.getState().generation;
    await wizard.resolveConflict('theirs');
    expect(wizard.store.getState()).toMatchObject({ version: 5, save: { kind: 'idle' }, conflict: null, generation: generation + 1 });
    expect(wizard.store.getState().data.purpose).toBe('ほかの画面');
  });

  test("mine: saved over the server's version, by the applicant's choice", async () => {
    await conflictWith({ purpose: 'ほかの画面' });
    await wizard.resolveConflict('mine');
    expect(server.saves.at(-1)).toMatchObject({ version: 5, data: { purpose: 'この画面' } });
    expect(server.draft).toMatchObject({ version: 6, data: { purpose: 'この画面' } });
    expect(wizard.store.getState().save.kind).toBe('saved');
  });

  test('a server draft holding exactly this content is no conflict (e.g. the last save of a closed tab)', async () => {
    await conflictWith({ purpose: 'この画面' });
    expect(wizard.store.getState()).toMatchObject({ version: 5, conflict: null, save: { kind: 'saved' } });
  });
});

describe('another device, leaving the page', () => {
  test('refresh adopts a newer draft when nothing is unsaved here, and stops for a choice when something is', async () => {
    await start();
    server.draft = { version: 4, updated_at: null, data: { ...draftFixture().data, purpose: '別の端末' } };
    await wizard.refresh();
    expect(wizard.store.getState()).toMatchObject({ version: 4, data: { purpose: '別の端末' } });

    server.draft = { version: 6, updated_at: null, data: { ...draftFixture().data, purpose: 'さらに別の端末' } };
    edited(wizard, withPurpose('ここで入力中'));
    await wizard.refresh();
    expect(wizard.store.getState().save).toEqual({ kind: 'conflict' });
    expect(wizard.store.getState().data.purpose).toBe('ここで入力中');
  });

  test('a refresh whose read is older than a save made meanwhile never takes the page back (a claim added is kept)', async () => {
    await start();
    // The refresh's read leaves with the server at version 0 and answers late…
    let answer!: (draft: DraftEntryResponse) => void;
    const stale = server.draft;
    vi.mocked(server.api.load).mockImplementationOnce(() => new Promise<DraftEntryResponse>((resolve) => (answer = resolve)));
    const refreshing = wizard.refresh();
    // …while the applicant adds something and the autosave stores it (version 1).
    edited(wizard, withPurpose('追加した内容'));
    await vi.advanceTimersByTimeAsync(800);
    expect(wizard.store.getState()).toMatchObject({ version: 1, save: { kind: 'saved' } });
    answer(stale);
    await refreshing;
    expect(wizard.store.getState()).toMatchObject({ version: 1, data: { purpose: '追加した内容' }, save: { kind: 'saved' } });
  });

  test('pagehide sends what is unsaved with a request that outlives the page', async () => {
    await start();
    wizard.saveOnExit();
    expect(server.exits).toHaveLength(0);
    edited(wizard, withPurpose('閉じる直前'));
    wizard.saveOnExit();
    expect(server.exits).toEqual([{ version: 0, data: expect.objectContaining({ purpose: '閉じる直前' }) as unknown }]);
  });

  test('keys for new claims and banks are never handed out twice in a tab', async () => {
    await start();
    const first = wizard.takeKey();
    edited(wizard, (doc) => ({ ...doc, claims: [newClaim(first)] }));
    edited(wizard, (doc) => ({ ...doc, claims: [] }));
    expect(Number(wizard.takeKey())).toBeGreaterThan(Number(first));
  });

  test('an edit drops the errors of the fields it changed', async () => {
    await start();
    wizard.setErrors({ purpose: '入力してください。', purchase_amount_desired: '入力してください。' });
    edited(wizard, withPurpose('運転資金'));
    expect(wizard.store.getState().errors).toEqual({ purchase_amount_desired: '入力してください。' });
  });
});

describe('a file deleted from another tab or device', () => {
  const upload = (id: number, kind: Upload['kind']): Upload => ({
    id,
    kind,
    side: null,
    name: `${kind}-${id}.pdf`,
    content_type: 'application/pdf',
    size: 2048,
    active: false,
    created_at: '2026-06-01T10:00:00+09:00',
  });
  const claimWithFiles = { ...newClaim('1'), contentfile_relations: [contentFileOf(upload(11, 'invoice'), 'invoice-1')] };
  const withFiles = (): DraftEntryResponse =>
    draftFixture({
      version: 2,
      data: {
        ...draftFixture().data,
        claims: [claimWithFiles],
        financial_statement_files: [contentFileOf(upload(12, 'pl'), 'pl'), contentFileOf(upload(13, 'bs'), 'bs')],
      },
    });
  const notFound = new ValidationError(
    '/api/entries/draft/',
    { 'claims.0.contentfile_relations': 'ファイル "11" が見つかりません。' },
    [],
    {},
  );

  test('a save refused for it: the file leaves the document and the page (a new generation), the save goes through, the message stays', async () => {
    await start(withFiles());
    vi.mocked(server.api.listUploads).mockResolvedValue([upload(12, 'pl'), upload(13, 'bs')]);
    const generation = wizard.store.getState().generation;
    server.failNext.push(notFound);
    edited(wizard, withPurpose('運転資金'));
    await vi.advanceTimersByTimeAsync(800);
    expect(server.saves).toHaveLength(1);
    // The uploads are read, and the save goes again at once (no backoff: nothing else was wrong).
    await vi.advanceTimersByTimeAsync(1);

    const state = wizard.store.getState();
    expect(state.generation).toBe(generation + 1);
    expect(state.data.claims[0]?.contentfile_relations).toEqual([]);
    expect(state.data.financial_statement_files.map((file) => file.id)).toEqual([12, 13]);
    expect(state.data.purpose).toBe('運転資金');
    expect(state.save.kind).toBe('saved');
    expect(server.saves).toHaveLength(2);
    expect(server.draft.data.claims[0]?.contentfile_relations).toEqual([]);
    expect(state.errors).toEqual({ 'claims.0.contentfile_relations': 'ファイル "11" が見つかりません。' });
  });

  test('a refusal for another reason (a file in the wrong place) drops nothing and waits for the next edit', async () => {
    await start(withFiles());
    vi.mocked(server.api.listUploads).mockResolvedValue([upload(11, 'invoice'), upload(12, 'pl'), upload(13, 'bs')]);
    server.failNext.push(
      new ValidationError(
        '/api/entries/draft/',
        { financial_statement_files: 'ファイル "12"（損益計算書）はここには添付できません。' },
        [],
        {},
      ),
    );
    edited(wizard, withPurpose('運転資金'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(wizard.store.getState().save).toEqual({ kind: 'failed', message: SAVE_MESSAGES.invalid, retrying: false });
    expect(wizard.store.getState().data.financial_statement_files).toHaveLength(2);
    expect(server.saves).toHaveLength(1);
  });

  test('after a submit refused for it (dropMissingFiles): dropped and saved; with every file still there, nothing happens', async () => {
    await start(withFiles());
    vi.mocked(server.api.listUploads).mockResolvedValue([upload(11, 'invoice'), upload(12, 'pl'), upload(13, 'bs')]);
    expect(await wizard.dropMissingFiles()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.saves).toHaveLength(0);

    vi.mocked(server.api.listUploads).mockResolvedValue([upload(11, 'invoice'), upload(13, 'bs')]);
    wizard.setErrors({ financial_statement_files: 'ファイル "12" が見つかりません。' });
    expect(await wizard.dropMissingFiles()).toBe(true);
    expect(wizard.store.getState().data.financial_statement_files.map((file) => file.id)).toEqual([13]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.saves).toHaveLength(1);
    expect(server.draft.data.financial_statement_files.map((file) => file.id)).toEqual([13]);
    expect(wizard.store.getState()).toMatchObject({
      save: { kind: 'saved' },
      errors: { financial_statement_files: 'ファイル "12" が見つかりません。' },
    });
  });
});
