import { describe, expect, test, vi } from 'vitest';
import { CONTAINERS } from '../remotes';
import { DeploymentManifestError, loadDeploymentManifest, toFederationRemotes, type DeploymentManifest } from './deployment-manifest';

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
    await expect(loadDeploymentManifest(f)).resolves.toEqual(valid);
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

describe('toFederationRemotes', () => {
  test('one remote per entry, by container name, URLs resolved against the page', () => {
    expect(toFederationRemotes(valid, CONTAINERS, 'https://tsumugi.example.jp/entry/detail/3')).toEqual([
      { name: 'mfe_marketing', alias: 'mfe_marketing', entry: 'https://tsumugi.example.jp/remotes/mfe-marketing/1/mf-manifest.json' },
      { name: 'mfe_auth', alias: 'mfe_auth', entry: 'https://tsumugi.example.jp/remotes/mfe-auth/2/mf-manifest.json' },
      { name: 'mfe_entry', alias: 'mfe_entry', entry: 'https://cdn.example.jp/mfe-entry/3/mf-manifest.json' },
      { name: 'mfe_mypage', alias: 'mfe_mypage', entry: 'https://tsumugi.example.jp/remotes/mfe-mypage/4/mf-manifest.json' },
      { name: 'mfe_backoffice', alias: 'mfe_backoffice', entry: 'https://tsumugi.example.jp/remotes/mfe-backoffice/5/mf-manifest.json' },
    ]);
  });
});
