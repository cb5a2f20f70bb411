import {
  ContractError,
  CsrfError,
  NetworkError,
  STALE_CREDENTIALS_MESSAGE,
  ServerError,
  ValidationError,
  preloadUploads,
} from '@app/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES, type Upload } from '@app/contracts/api/upload';
import { FakeXhr } from '../../api-client/fake-xhr';
import { checkFile, isAbortError, uploadErrorMessage, uploadFile } from './upload-file';

const upload = (overrides: Partial<Upload> = {}): Upload => ({
  id: 41,
  kind: 'invoice',
  side: null,
  name: 'invoice.pdf',
  content_type: 'application/pdf',
  size: 3,
  active: false,
  created_at: '2025-04-01T09:00:00+09:00',
  ...overrides,
});
const pdf = (name = 'invoice.pdf') => new File(['%PD'], name, { type: 'application/pdf' });

/** The upload's rejection (the test fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the upload to fail');
    },
    (error: unknown) => error,
  );
}

// The upload path is loaded on first use; loaded here, a call sends its request before it returns.
beforeAll(() => preloadUploads());
beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** The connection fails, and again on the client's one retry (same Idempotency-Key, issue 27). */
async function failTwice(): Promise<void> {
  const first = FakeXhr.last();
  first.failNetwork();
  await vi.waitFor(() => expect(FakeXhr.last()).not.toBe(first));
  FakeXhr.last().failNetwork();
}

describe('the request', () => {
  test('POST /api/uploads/ with credentials, X-CSRFToken from the csrftoken cookie, kind then the file last', async () => {
    document.cookie = 'csrftoken=tok%3D123';
    const done = uploadFile('invoice-12', pdf());
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads/');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-CSRFToken']).toBe('tok=123');
    expect(xhr.parts()).toEqual([
      ['kind', 'invoice'],
      ['content_file', 'invoice.pdf'],
    ]);
    xhr.respond(201, upload());
    await expect(done).resolves.toEqual(upload());
  });

  test('identity sends its side before the file; no cookie, no CSRF header', async () => {
    const done = uploadFile('identity', new File(['img'], 'front.jpg', { type: 'image/jpeg' }), { side: 'front' });
    const xhr = FakeXhr.last();
    expect(xhr.headers).not.toHaveProperty('X-CSRFToken');
    expect(xhr.parts()).toEqual([
      ['kind', 'identity'],
      ['side', 'front'],
      ['content_file', 'front.jpg'],
    ]);
    xhr.respond(201, upload({ kind: 'identity', side: 'front', name: 'front.jpg', content_type: 'image/jpeg' }));
    await expect(done).resolves.toMatchObject({ side: 'front' });
  });

  test('progress is reported as the bytes go out', async () => {
    const onProgress = vi.fn();
    const done = uploadFile('pl', pdf(), { onProgress });
    const xhr = FakeXhr.last();
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    expect(onProgress.mock.calls).toEqual([[{ loaded: 50, total: 200 }], [{ loaded: 200, total: 200 }]]);
    xhr.respond(201, upload({ kind: 'pl' }));
    await done;
  });

  test('an unknown key is refused without a request', async () => {
    await expect(uploadFile('selfie', pdf())).rejects.toThrow(RangeError);
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('before sending', () => {
  test.each([
    ['empty', new File([], 'empty.pdf', { type: 'application/pdf' }), UPLOAD_MESSAGES.empty],
    ['too large', Object.defineProperty(pdf('big.pdf'), 'size', { value: UPLOAD_MAX_FILE_BYTES + 1 }), UPLOAD_MESSAGES.tooLarge],
  ])('%s: refused with the API’s words, nothing sent', async (_case, file, message) => {
    expect(checkFile(file)).toBe(message);
    const error = await rejection(uploadFile('invoice-1', file));
    expect(error).toBeInstanceOf(ValidationError);
    expect(uploadErrorMessage(error)).toBe(message);
    expect(FakeXhr.sent).toHaveLength(0);
  });
  test('exactly the limit is allowed', () => {
    expect(checkFile({ size: UPLOAD_MAX_FILE_BYTES })).toBeNull();
  });
});

describe('failures: the client’s error classes (the @app/shared singleton’s), with the message to show', () => {
  test.each([
    [
      'the first non-field error first',
      { content_file: ['ファイルが空です。'], non_field_errors: ['容量の上限です。'] },
      '容量の上限です。',
    ],
    [
      'else the first field error',
      { content_file: [UPLOAD_MESSAGES.unsupported('invoice'), '二つ目'] },
      UPLOAD_MESSAGES.unsupported('invoice'),
    ],
    ['else detail', { detail: 'アップロードできません。' }, 'アップロードできません。'],
  ])('400 — %s', async (_case, body, message) => {
    const done = rejection(uploadFile('invoice-1', pdf()));
    FakeXhr.last().respond(400, body);
    const error = await done;
    expect(error).toBeInstanceOf(ValidationError);
    expect(uploadErrorMessage(error)).toBe(message);
  });

  test('413 with a detail shows it; a proxy’s 413 without one says the file is too large', async () => {
    const withDetail = rejection(uploadFile('pl', pdf()));
    FakeXhr.last().respond(413, { detail: '大きすぎます。' });
    expect(uploadErrorMessage(await withDetail)).toBe('大きすぎます。');
    const fromProxy = rejection(uploadFile('pl', pdf()));
    FakeXhr.last().respond(413, '<html>413 Request Entity Too Large</html>');
    const error = await fromProxy;
    expect(error).toBeInstanceOf(ServerError);
    expect(uploadErrorMessage(error)).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  test('no answer → the network message in Japanese', async () => {
    const done = rejection(uploadFile('pl', pdf()));
    await failTwice();
    const error = await done;
    expect(error).toBeInstanceOf(NetworkError);
    expect(uploadErrorMessage(error)).toMatch(/^通信できませんでした。/);
  });

  test('a CSRF failure reads as stale credentials, not the server’s English, and is handled as every call’s (§8 alert)', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const done = rejection(uploadFile('pl', pdf()));
    FakeXhr.last().respond(403, { detail: 'CSRF Failed: CSRF token missing.' });
    const error = await done;
    expect(error).toBeInstanceOf(CsrfError);
    expect(uploadErrorMessage(error)).toBe(STALE_CREDENTIALS_MESSAGE);
    expect(alert).toHaveBeenCalledWith(STALE_CREDENTIALS_MESSAGE);
  });

  test('a 201 that does not match the contract is a ContractError naming the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const done = rejection(uploadFile('pl', pdf()));
    FakeXhr.last().respond(201, { ...upload(), size: 'big' });
    const error = await done;
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).fields).toEqual(['size']);
  });

  test('aborting stops the request: the client’s network error, told apart as an abort', async () => {
    const controller = new AbortController();
    const done = rejection(uploadFile('pl', pdf(), { signal: controller.signal }));
    controller.abort();
    expect(FakeXhr.last().aborted).toBe(true);
    const error = await done;
    expect(error).toBeInstanceOf(NetworkError);
    expect(isAbortError(error)).toBe(true);
    expect(uploadErrorMessage(error)).toBe('アップロードを中止しました。');
  });

  test('a network failure is not an abort', async () => {
    const done = rejection(uploadFile('pl', pdf()));
    await failTwice();
    expect(isAbortError(await done)).toBe(false);
  });
});
