// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@app/contracts';
import { API_TIMEOUT_MS } from '../constants';
import { createApi, NetworkError } from './index';

/**
 * A slow network (fault injection, issue 13): an API that does not answer in time gives the §8
 * network error (499, its message), the call can simply be made again, and a caller's own abort
 * still works alongside the timeout.
 */
let server: http.Server;
let baseUrl: string;
/** How the next requests are answered: after this many ms (null: never). */
let delayMs: number | null = 0;
const held: http.ServerResponse[] = [];
const NO_SUPPRESSION = { method: null, segment: null, message: null };

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    const answer = () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"method":null,"segment":null,"message":null}');
    if (delayMs === null) held.push(response);
    else setTimeout(answer, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (timeoutMs?: number) =>
  createApi({
    baseUrl,
    getCookies: () => '',
    onStaleCredentials: () => {},
    onContractError: () => {},
    ...(timeoutMs ? { timeoutMs } : {}),
  });

describe('a slow network', () => {
  it('the default limit is 30 s', () => {
    expect(API_TIMEOUT_MS).toBe(30_000);
  });

  it('a call with no answer in time is the §8 network error (499), and the retry works', async () => {
    const api = client(150);
    delayMs = null;
    const error = await api(endpoints.systemSettings.suppressEntries).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      status: 499,
      message: '通信できませんでした。インターネット接続をご確認のうえ、もう一度お試しください。',
    });
    delayMs = 0;
    await expect(api(endpoints.systemSettings.suppressEntries)).resolves.toEqual(NO_SUPPRESSION);
  });

  it('an answer that comes within the limit is taken', async () => {
    delayMs = 50;
    await expect(client(2_000)(endpoints.systemSettings.suppressEntries)).resolves.toEqual(NO_SUPPRESSION);
  });

  it("the caller's own abort still ends the call (the network error, at once)", async () => {
    delayMs = null;
    const controller = new AbortController();
    const call = client(60_000)(endpoints.systemSettings.suppressEntries, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(NetworkError);
  });
});
