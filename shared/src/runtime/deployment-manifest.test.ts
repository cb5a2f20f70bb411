import { describe, expect, test, vi } from 'vitest';
import { CONTAINERS } from '@app/contracts/remotes';
import { safeParse } from 'zod/mini';
import {
  DeploymentManifestError,
  loadDeploymentManifest,
  parseDeploymentManifest,
  toFederationRemotes,
  type DeploymentManifest,
} from './deployment-manifest';
import { DeploymentManifestSchema } from './deployment-manifest-schema';

const valid: DeploymentManifest = {
  remotes: {
    marketing: { manifest: '/remotes/mfe-marketing/1/mf-manifest.json', version: '1' },
    auth: { manifest: '/remotes/mfe-auth/2/mf-manifest.json', version: '2' },
    entry: { manifest: 'https://cdn.example.jp/mfe-entry/3/mf-manifest.json', version: '3' },
    mypage: { manifest: '/remotes/mfe-mypage/4/mf-manifest.json', version: '4' },
    backoffice: { manifest: '/remotes/mfe-backoffice/5/mf-manifest.json', version: '5' },
  },
};
const respond = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

describe('loadDeploymentManifest', () => {
  test('fetches /deployment.json uncached and validates it', async () => {
    const f = respond(200, JSON.stringify(valid));
    await expect(loadDeploymentManifest(f, undefined, { allowedOrigins: ['https://cdn.example.jp'] })).resolves.toEqual(valid);
    expect(f).toHaveBeenCalledWith('/deployment.json', expect.objectContaining({ cache: 'no-store' }));
  });
  test.each([
    ['HTTP error', respond(503, 'down'), /HTTP 503/],
    ['not JSON', respond(200, '<html>'), /not JSON/],
    ['a remote missing', respond(200, JSON.stringify({ remotes: { ...valid.remotes, entry: undefined } })), /invalid[\s\S]*entry/],
    ['empty version', respond(200, JSON.stringify({ remotes: { ...valid.remotes, auth: { manifest: '/x', version: '' } } })), /invalid/],
    [
      'network failure',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
      /could not be fetched/,
    ],
  ])('%s → DeploymentManifestError', async (_label, f, message) => {
    const error = await loadDeploymentManifest(f as unknown as typeof fetch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeploymentManifestError);
    expect((error as Error).message).toMatch(message);
  });
});

describe('parseDeploymentManifest: the shell reads /deployment.json without zod', () => {
  const samples: [string, unknown, boolean][] = [
    ['valid', valid, true],
    ['unknown keys (dropped)', { revision: 3, remotes: { ...valid.remotes, auth: { ...valid.remotes.auth, note: 'x' }, other: {} } }, true],
    ['not an object', [], false],
    ['no remotes', {}, false],
    ['remotes an array', { remotes: [] }, false],
    ['a remote missing', { remotes: { ...valid.remotes, mypage: undefined } }, false],
    ['a remote null', { remotes: { ...valid.remotes, mypage: null } }, false],
    ['an empty manifest URL', { remotes: { ...valid.remotes, entry: { manifest: '', version: '3' } } }, false],
    ['a version not a string', { remotes: { ...valid.remotes, entry: { manifest: '/m', version: 3 } } }, false],
    [
      'the revision and the canary and preview flags (kept)',
      { revision: 12, remotes: { ...valid.remotes, mypage: { ...valid.remotes.mypage, canary: true, preview: false } } },
      true,
    ],
    [
      'a revision or flag of another type (ignored)',
      { revision: -1, remotes: { ...valid.remotes, mypage: { ...valid.remotes.mypage, canary: 'yes', preview: 1 } } },
      true,
    ],
    ['a revision not an integer (ignored)', { revision: 1.5, remotes: valid.remotes }, true],
  ];
  test.each(samples)('%s: the same verdict and result as DeploymentManifestSchema', (_label, value, ok) => {
    const schema = safeParse(DeploymentManifestSchema, value);
    expect(schema.success).toBe(ok);
    if (schema.success) expect(parseDeploymentManifest(value)).toEqual(schema.data);
    else expect(() => parseDeploymentManifest(value)).toThrow(DeploymentManifestError);
  });
  test('the revision and flags as the shell reads them: kept when well-typed, left out otherwise', () => {
    const read = parseDeploymentManifest({
      revision: 12,
      remotes: {
        ...valid.remotes,
        mypage: { ...valid.remotes.mypage, canary: true, preview: false },
        auth: { ...valid.remotes.auth, canary: 'yes' },
      },
    });
    expect(read.revision).toBe(12);
    expect(read.remotes.mypage).toStrictEqual({ ...valid.remotes.mypage, canary: true, preview: false });
    expect(read.remotes.auth).toStrictEqual(valid.remotes.auth);
    expect(parseDeploymentManifest({ revision: '3', remotes: valid.remotes })).toStrictEqual(valid);
  });
  test('says what is wrong, per remote', () => {
    expect(() => parseDeploymentManifest({ remotes: { ...valid.remotes, auth: { manifest: '/x', version: '' } } }, '/d.json')).toThrow(
      '/d.json is invalid: remotes.auth.version: expected a string, not empty',
    );
  });
});

describe('toFederationRemotes', () => {
  test('one remote per entry, by container name, URLs resolved against the page', () => {
    expect(toFederationRemotes(valid, CONTAINERS, 'https://tsumugi.example.jp/entry/detail/3', ['https://cdn.example.jp'])).toEqual([
      { name: 'mfe_marketing', alias: 'mfe_marketing', entry: 'https://tsumugi.example.jp/remotes/mfe-marketing/1/mf-manifest.json' },
      { name: 'mfe_auth', alias: 'mfe_auth', entry: 'https://tsumugi.example.jp/remotes/mfe-auth/2/mf-manifest.json' },
      { name: 'mfe_entry', alias: 'mfe_entry', entry: 'https://cdn.example.jp/mfe-entry/3/mf-manifest.json' },
      { name: 'mfe_mypage', alias: 'mfe_mypage', entry: 'https://tsumugi.example.jp/remotes/mfe-mypage/4/mf-manifest.json' },
      { name: 'mfe_backoffice', alias: 'mfe_backoffice', entry: 'https://tsumugi.example.jp/remotes/mfe-backoffice/5/mf-manifest.json' },
    ]);
  });
});

describe('remote URLs must be same-origin or allowed by config.json remoteOrigins (a tampered manifest loads no foreign code)', () => {
  const PAGE = 'https://tsumugi.example.jp/mypage';
  const tampered = (manifest: string): DeploymentManifest => ({
    remotes: {
      ...valid.remotes,
      entry: { manifest: '/remotes/mfe-entry/3/mf-manifest.json', version: '3' },
      mypage: { manifest, version: '4' },
    },
  });

  test.each([
    'https://evil.example/mf-manifest.json',
    '//evil.example/mf-manifest.json',
    'http://tsumugi.example.jp/remotes/mfe-mypage/4/mf-manifest.json',
    'https://tsumugi.example.jp.evil.example/mf-manifest.json',
    'data:text/javascript,alert(1)',
  ])('toFederationRemotes refuses %s', (url) => {
    expect(() => toFederationRemotes(tampered(url), CONTAINERS, PAGE, [])).toThrow(DeploymentManifestError);
    expect(() => toFederationRemotes(tampered(url), CONTAINERS, PAGE, [])).toThrow(/mypage.*remoteOrigins/);
  });

  test('an origin listed in remoteOrigins is allowed, and only that one', () => {
    const cdn = tampered('https://cdn.example.jp/mfe-mypage/4/mf-manifest.json');
    expect(toFederationRemotes(cdn, CONTAINERS, PAGE, ['https://cdn.example.jp']).find((r) => r.name === 'mfe_mypage')?.entry).toBe(
      'https://cdn.example.jp/mfe-mypage/4/mf-manifest.json',
    );
    expect(() => toFederationRemotes(cdn, CONTAINERS, PAGE, ['https://cdn2.example.jp'])).toThrow(DeploymentManifestError);
  });

  test('without a list given, the runtime config decides (none by default)', () => {
    expect(() => toFederationRemotes(tampered('https://evil.example/mf-manifest.json'), CONTAINERS, PAGE)).toThrow(DeploymentManifestError);
  });

  test('loadDeploymentManifest refuses a tampered manifest (the shell then shows its error page, not foreign code)', async () => {
    const f = respond(200, JSON.stringify(tampered('https://evil.example/mf-manifest.json')));
    const error = await loadDeploymentManifest(f, '/deployment.json', { base: PAGE, allowedOrigins: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeploymentManifestError);
    expect((error as Error).message).toMatch(/evil\.example.*remoteOrigins/);
    const allowed = respond(200, JSON.stringify(tampered('https://cdn.example.jp/x/mf-manifest.json')));
    await expect(
      loadDeploymentManifest(allowed, '/deployment.json', { base: PAGE, allowedOrigins: ['https://cdn.example.jp'] }),
    ).resolves.toMatchObject({ remotes: { mypage: { manifest: 'https://cdn.example.jp/x/mf-manifest.json', version: '4' } } });
  });
});
