import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { endpoints } from '@app/contracts';
import { profileFixture } from '@app/mocks';
import { ContractError, createApi } from '../api-client';
import { RemoteErrorBoundary } from '../ui/remote-root';
import { FIELD_ERROR_EVENT, reportFieldError, type FieldErrorDetail } from './field-error';

/** What the shell's collector would receive (shell/src/telemetry listens to the same event). */
function listen() {
  const seen: FieldErrorDetail[] = [];
  const onEvent = (event: Event) => seen.push((event as CustomEvent<FieldErrorDetail>).detail);
  window.addEventListener(FIELD_ERROR_EVENT, onEvent);
  return { seen, stop: () => window.removeEventListener(FIELD_ERROR_EVENT, onEvent) };
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('reportFieldError: the hook the shell collects from', () => {
  test('announces the kind, the error and the remote on the window', () => {
    const { seen, stop } = listen();
    const error = new Error('boom');
    reportFieldError('remote-load', error, 'entry');
    reportFieldError('contract', error);
    stop();
    expect(seen).toStrictEqual([
      { kind: 'remote-load', error, remote: 'entry' },
      { kind: 'contract', error },
    ]);
  });

  test('never throws: a page goes on when the event cannot be sent', () => {
    vi.spyOn(window, 'dispatchEvent').mockImplementation(() => {
      throw new Error('no events here');
    });
    expect(() => reportFieldError('boundary', new Error('x'))).not.toThrow();
  });
});

describe('where shared code catches errors, they reach the hook', () => {
  test("a remote's error boundary: kind boundary, the boundary's remote", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { seen, stop } = listen();
    const thrown = new Error('render failed');
    function Broken(): never {
      throw thrown;
    }
    render(
      <RemoteErrorBoundary remote="mypage">
        <Broken />
      </RemoteErrorBoundary>,
    );
    stop();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    expect(seen).toStrictEqual([{ kind: 'boundary', error: thrown, remote: 'mypage' }]);
  });

  test("the API client's default contract handler: kind contract, the ContractError", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { last_name, ...rest } = profileFixture();
    server.use(http.get('*/api/profile/', () => HttpResponse.json({ ...rest, family_name: last_name })));
    const { seen, stop } = listen();
    const error = await createApi({ getCookies: () => '' })(endpoints.profile.get).catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ContractError);
    expect(seen).toStrictEqual([{ kind: 'contract', error }]);
  });
});
