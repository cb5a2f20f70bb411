// The one remote list (contracts/remotes.json) as its readers see it, and the development
// deployment manifest the shell dev server answers with.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  API_PORT,
  CONTAINERS as BUILD_CONTAINERS,
  DEV_PORTS,
  devDeploymentManifest,
  devRemoteOrigins,
} from '../shared/build/federation.mjs';
import { CONTAINERS, REMOTES } from '@app/contracts/remotes';
import { toFederationRemotes } from '../shared/src/runtime/deployment-manifest.ts';
import { DeploymentManifestSchema } from '../shared/src/runtime/deployment-manifest-schema.ts';
import { REMOTE_DIRS, REMOTE_LIST, ROOT } from './lib.mjs';

describe('the remote list', () => {
  test('the front end, the builds and the scripts read the same remotes, in the same order', () => {
    expect(REMOTES).toEqual(['marketing', 'auth', 'entry', 'mypage', 'backoffice']);
    expect(Object.keys(REMOTE_DIRS)).toEqual(REMOTES);
    expect(BUILD_CONTAINERS).toEqual(CONTAINERS);
    expect(CONTAINERS).toEqual({
      marketing: 'mfe_marketing',
      auth: 'mfe_auth',
      entry: 'mfe_entry',
      mypage: 'mfe_mypage',
      backoffice: 'mfe_backoffice',
    });
  });

  test("each remote's folder is its package, whose rspack config builds that remote", () => {
    for (const [name, dir] of Object.entries(REMOTE_DIRS)) {
      expect(JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).name).toBe(dir);
      expect(fs.readFileSync(path.join(ROOT, dir, 'rspack.config.mjs'), 'utf8')).toContain(`remoteConfig({ remote: '${name}'`);
    }
  });

  test("dev ports: one each, none the API's (3000) or the e2e server's (3100)", () => {
    expect(DEV_PORTS).toEqual({ shell: 3001, marketing: 3101, auth: 3102, entry: 3103, mypage: 3104, backoffice: 3105 });
    expect(REMOTE_LIST.api.devPort).toBe(3000);
    const ports = [...Object.values(DEV_PORTS), REMOTE_LIST.api.devPort];
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports).not.toContain(3100);
    expect(API_PORT).toBe(Number(process.env.API_PORT || 3000));
  });
});

describe("the shell dev server's /deployment.json", () => {
  test("is a valid deployment manifest whose absolute URLs reach each remote's dev server", () => {
    const manifest = devDeploymentManifest('localhost');
    expect(DeploymentManifestSchema.parse(manifest)).toEqual(manifest);
    // The dev /config.json lists the remotes' dev servers in remoteOrigins; without them, refused.
    expect(() => toFederationRemotes(manifest, CONTAINERS, 'http://localhost:3001/entry/detail/3', [])).toThrow(/remoteOrigins/);
    expect(toFederationRemotes(manifest, CONTAINERS, 'http://localhost:3001/entry/detail/3', devRemoteOrigins('localhost'))).toEqual([
      { name: 'mfe_marketing', alias: 'mfe_marketing', entry: 'http://localhost:3101/mf-manifest.json' },
      { name: 'mfe_auth', alias: 'mfe_auth', entry: 'http://localhost:3102/mf-manifest.json' },
      { name: 'mfe_entry', alias: 'mfe_entry', entry: 'http://localhost:3103/mf-manifest.json' },
      { name: 'mfe_mypage', alias: 'mfe_mypage', entry: 'http://localhost:3104/mf-manifest.json' },
      { name: 'mfe_backoffice', alias: 'mfe_backoffice', entry: 'http://localhost:3105/mf-manifest.json' },
    ]);
  });

  test('uses the host name the page was opened with', () => {
    expect(devDeploymentManifest('192.168.1.20').remotes.auth.manifest).toBe('http://192.168.1.20:3102/mf-manifest.json');
    expect(devDeploymentManifest('[::1]').remotes.mypage.manifest).toBe('http://[::1]:3104/mf-manifest.json');
  });
});
