import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { UPLOAD_FILE_FIELD, endpoints, type Upload } from '@app/contracts';
import { MIN_CLIENT_BUILD_HEADER } from '../constants';
import { FakeXhr } from './fake-xhr';
import {
  ContractError,
  CsrfError,
  NetworkError,
  STALE_CREDENTIALS_MESSAGE,
  ServerError,
  ValidationError,
  createApi,
  preloadUploads,
} from './index';

/**
 * The upload path of the one API client: a multipart endpoint of the catalogue goes out through
 * XMLHttpRequest (for its progress) with the same headers, the same §8 errors, the same contract
 * check and the same min-client-build hook as a JSON call.
 */
const create = endpoints.uploads.create;
const uploaded = (overrides: Partial<Upload> = {}): Upload => ({
  id: 41,
  kind: 'pl',
  side: null,
  name: 'pl.pdf',
  content_type: 'application/pdf',
  size: 3,
  active: false,
  created_at: '2025-04-01T09:00:00+09:00',
  ...overrides,
});
const pdf = () => new File(['%PD'], 'pl.pdf', { type: 'application/pdf' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

const onStaleCredentials = vi.fn<(message: string) => void>();
const onContractError = vi.fn<(error: ContractError) => void>();
const onMinClientBuild = vi.fn<(header: string | null) => void>();
const client = (cookies = 'csrftoken=tok-1', timeoutMs?: number) =>
  createApi({
    getCookies: () => cookies,
    onStaleCredentials,
    onContractError,
    onMinClientBuild,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

// The upload path is loaded on first use; loaded here, a call sends its request before it returns.
beforeAll(() => preloadUploads());
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('the request, from the endpoint’s contract', () => {
  test('method and path from the catalogue, credentials, X-CSRFToken from the cookie (csrfHeaders), JSON asked for', async () => {
    const done = client('a=1; csrftoken=tok%3D9')(create, { fields: { kind: 'pl' }, file: pdf() });
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/uploads/', true]);
    // An upload is one user action: its own Idempotency-Key (issue 27).
    const { 'Idempotency-Key': key, ...others } = xhr.headers;
    expect(others).toEqual({ 'X-CSRFToken': 'tok=9', Accept: 'application/json' });
    expect(key).toMatch(UUID);
    xhr.respond(201, uploaded());
    await expect(done).resolves.toEqual(uploaded());
  });

  test('no csrf cookie: no header', async () => {
    const done = client('')(create, { fields: { kind: 'pl' }, file: pdf() });
    expect(Object.keys(FakeXhr.last().headers)).toEqual(['Accept', 'Idempotency-Key']);
    FakeXhr.last().respond(201, uploaded());
    await done;
  });

  test('the text fields first (undefined ones left out), the file last as the part the endpoint names', async () => {
    expect(create.spec.multipartFile).toBe(UPLOAD_FILE_FIELD);
    void client()(create, { fields: { kind: 'identity', side: 'back' }, file: new File(['i'], 'back.jpg') });
    expect(FakeXhr.last().parts()).toEqual([
      ['kind', 'identity'],
      ['side', 'back'],
      [UPLOAD_FILE_FIELD, 'back.jpg'],
    ]);
    void client()(create, { fields: { kind: 'pl', side: undefined }, file: new Blob(['x']) });
    expect(FakeXhr.last().parts()).toEqual([
      ['kind', 'pl'],
      [UPLOAD_FILE_FIELD, 'blob'],
    ]);
  });

  test('progress is reported as the bytes go out (only when the total is known)', async () => {
    const onProgress = vi.fn();
    const done = client()(create, { fields: { kind: 'pl' }, file: pdf(), onProgress });
    const xhr = FakeXhr.last();
    xhr.progress(50, 200);
    xhr.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: false, loaded: 70 }));
    xhr.progress(200, 200);
    expect(onProgress.mock.calls).toEqual([[{ loaded: 50, total: 200 }], [{ loaded: 200, total: 200 }]]);
    xhr.respond(201, uploaded());
    await done;
  });

  test('each answer’s X-Min-Client-Build goes to the same hook as a JSON call’s', async () => {
    const done = client()(create, { fields: { kind: 'pl' }, file: pdf() });
    FakeXhr.last().respond(201, uploaded(), { [MIN_CLIENT_BUILD_HEADER]: '2026-11-01T00:00:00Z' });
    await done;
    expect(onMinClientBuild).toHaveBeenCalledWith('2026-11-01T00:00:00Z');
  });
});

test('the call is typed by the contract (checked by typecheck): fields and file required, a kind of the catalogue', () => {
  const api = client();
  const typeErrors = () => {
    // @ts-expect-error the file is required
    void api(create, { fields: { kind: 'pl' } });
    // @ts-expect-error not an upload kind
    void api(create, { fields: { kind: 'selfie' }, file: pdf() });
    // @ts-expect-error a JSON endpoint takes no file
    void api(endpoints.uploads.list, { file: pdf() });
  };
  expect(typeErrors).toBeTypeOf('function');
});

describe('the answer, read as every call’s', () => {
  test('parsed with the endpoint’s response schema: a mismatch is a ContractError naming the field, reported', async () => {
    const done = rejection(client()(create, { fields: { kind: 'pl' }, file: pdf() }));
    FakeXhr.last().respond(201, { ...uploaded(), size: 'big' });
    const error = await done;
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ endpoint: 'uploads.create', status: 201, fields: ['size'] });
    expect(onContractError).toHaveBeenCalledWith(error);
  });

  test('400: a ValidationError with the first message of each field', async () => {
    const done = rejection(client()(create, { fields: { kind: 'pl' }, file: pdf() }));
    FakeXhr.last().respond(400, { [UPLOAD_FILE_FIELD]: ['形式が違います。', '二つ目'] });
    const error = await done;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ fieldErrors: { [UPLOAD_FILE_FIELD]: '形式が違います。' }, message: '形式が違います。' });
  });

  test('a CSRF failure: CsrfError, and the stale-credentials handling of spec §8', async () => {
    const done = rejection(client()(create, { fields: { kind: 'pl' }, file: pdf() }));
    FakeXhr.last().respond(403, { detail: 'CSRF Failed: CSRF token missing.' });
    expect(await done).toBeInstanceOf(CsrfError);
    expect(onStaleCredentials).toHaveBeenCalledWith(STALE_CREDENTIALS_MESSAGE);
  });

  test('another status: a ServerError with the server’s detail (null when there is none)', async () => {
    const withDetail = rejection(client()(create, { fields: { kind: 'pl' }, file: pdf() }));
    FakeXhr.last().respond(500, { detail: '障害です。' });
    expect(await withDetail).toMatchObject({ status: 500, message: '障害です。', detail: '障害です。' });
    const fromProxy = rejection(client()(create, { fields: { kind: 'pl' }, file: pdf() }));
    FakeXhr.last().respond(413, '<html>413</html>');
    const error = await fromProxy;
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 413, detail: null });
  });
});

describe('no answer: the §8 network error (499)', () => {
  test('a network failure, and again on the one retry with the same Idempotency-Key', async () => {
    const done = rejection(client()(create, { fields: { kind: 'pl' }, file: pdf() }));
    FakeXhr.last().failNetwork();
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent;
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    second?.failNetwork();
    const error = await done;
    expect(FakeXhr.sent).toHaveLength(2);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 499, url: '/api/uploads/' });
  });

  test('the retry after a network failure uploads the same parts with the same key, and its answer counts', async () => {
    const done = client()(create, { fields: { kind: 'pl' }, file: pdf() });
    FakeXhr.last().failNetwork();
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent;
    expect(second?.headers['Idempotency-Key']).toMatch(UUID);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(second?.parts()).toEqual(first?.parts());
    second?.respond(201, uploaded());
    await expect(done).resolves.toEqual(uploaded());
  });

  test('the caller’s signal aborts the request: a NetworkError whose cause is the AbortError', async () => {
    const controller = new AbortController();
    const done = rejection(client()(create, { fields: { kind: 'pl' }, file: pdf(), signal: controller.signal }));
    controller.abort();
    expect(FakeXhr.last().aborted).toBe(true);
    const error = await done;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toMatchObject({ name: 'AbortError' });
  });

  test('a signal aborted before the call sends nothing', async () => {
    const error = await rejection(client()(create, { fields: { kind: 'pl' }, file: pdf(), signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  test('the timeout counts from the last sign of life: progress restarts it, silence ends the upload', async () => {
    vi.useFakeTimers();
    const done = rejection(client('', 1_000)(create, { fields: { kind: 'pl' }, file: pdf() }));
    const xhr = FakeXhr.last();
    vi.advanceTimersByTime(900);
    xhr.progress(10, 100);
    vi.advanceTimersByTime(900);
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(100);
    expect(xhr.aborted).toBe(true);
    const error = await done;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toMatchObject({ name: 'TimeoutError' });
  });
});
