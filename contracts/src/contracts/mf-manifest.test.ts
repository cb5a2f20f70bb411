import { describe, expect, test } from 'vitest';
import {
  LIFECYCLES_EXPOSE,
  joinManifestPath,
  manifestBase,
  remoteEntryFiles,
  sharedModuleFiles,
  syncFiles,
  type MfManifestLike,
} from './index';

const AUTH_URL = '/remotes/mfe-auth/0.1.0-aaa/mf-manifest.json';
const auth: MfManifestLike = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.9a6f.js', path: '', type: 'global' } },
  exposes: [
    { name: 'other', assets: { js: { sync: ['other.js'] } } },
    {
      name: LIFECYCLES_EXPOSE,
      assets: {
        js: { sync: ['__federation_expose_lifecycles.2c52.js'], async: ['page-login.59e6.js'] },
        css: { sync: ['lifecycles.11aa.css'], async: [] },
      },
    },
  ],
};

describe('manifestBase', () => {
  test("the manifest's folder for publicPath auto (or none), else the publicPath with one trailing slash", () => {
    expect(manifestBase(AUTH_URL, auth)).toBe('/remotes/mfe-auth/0.1.0-aaa/');
    expect(manifestBase('https://site.example/r/1/mf-manifest.json', {})).toBe('https://site.example/r/1/');
    expect(manifestBase(AUTH_URL, { metaData: { publicPath: '/' } })).toBe('/');
    expect(manifestBase(AUTH_URL, { metaData: { publicPath: 'https://cdn.example/auth' } })).toBe('https://cdn.example/auth/');
  });
});

describe('joinManifestPath', () => {
  test('joins the non-empty parts without doubled or missing slashes', () => {
    expect(joinManifestPath('/r/', '', undefined, '/js/', 'e.js')).toBe('/r/js/e.js');
    expect(joinManifestPath('/r/', '/')).toBe('/r/');
  });
});

describe('syncFiles', () => {
  test("a module's sync CSS, then its sync JS; nothing of the async ones", () => {
    expect(syncFiles({ js: { sync: ['a.js'], async: ['b.js'] }, css: { sync: ['a.css'] } })).toEqual([
      { href: 'a.css', as: 'style' },
      { href: 'a.js', as: 'script' },
    ]);
    expect(syncFiles(undefined)).toEqual([]);
  });
});

describe('remoteEntryFiles', () => {
  test("the entry, then the lifecycles module's sync CSS and JS, beside the manifest", () => {
    expect(remoteEntryFiles(AUTH_URL, auth)).toEqual([
      { href: '/remotes/mfe-auth/0.1.0-aaa/remoteEntry.9a6f.js', as: 'script' },
      { href: '/remotes/mfe-auth/0.1.0-aaa/lifecycles.11aa.css', as: 'style' },
      { href: '/remotes/mfe-auth/0.1.0-aaa/__federation_expose_lifecycles.2c52.js', as: 'script' },
    ]);
    // An absolute manifest URL (the shell's prefetch) gives absolute URLs.
    expect(remoteEntryFiles(`https://site.example${AUTH_URL}`, auth)[0]?.href).toBe(
      'https://site.example/remotes/mfe-auth/0.1.0-aaa/remoteEntry.9a6f.js',
    );
  });

  test('a fixed publicPath and the entry path; a classic entry with no type or `var`', () => {
    const m: MfManifestLike = { metaData: { publicPath: 'https://cdn.example/auth', remoteEntry: { name: 'e.js', path: 'js' } } };
    expect(remoteEntryFiles(AUTH_URL, m)).toEqual([{ href: 'https://cdn.example/auth/js/e.js', as: 'script' }]);
    expect(remoteEntryFiles(AUTH_URL, { metaData: { remoteEntry: { name: 'e.js', type: 'var' } } })).toHaveLength(1);
  });

  test('nothing for an ES-module entry or a manifest without an entry', () => {
    expect(remoteEntryFiles(AUTH_URL, { metaData: { remoteEntry: { name: 'e.mjs', type: 'module' } } })).toEqual([]);
    expect(remoteEntryFiles(AUTH_URL, { metaData: { remoteEntry: { path: 'js' } } })).toEqual([]);
    expect(remoteEntryFiles(AUTH_URL, {})).toEqual([]);
  });
});

describe('sharedModuleFiles', () => {
  const shell: MfManifestLike = {
    metaData: { publicPath: '/' },
    shared: [
      { name: 'react', assets: { js: { sync: ['assets/475.js'] } } },
      { name: 'react-dom', assets: { js: { sync: ['assets/312.js', 'assets/931.js'] } } },
      { name: 'zustand', assets: { js: { sync: ['assets/327.js'] } } },
      { name: '@app/shared', assets: { js: { sync: [] } } },
      { assets: { js: { sync: ['assets/1.js'] } } },
    ],
  };

  test('the one chunk of each named shared module; a module of several chunks, none or another name is left out', () => {
    expect(sharedModuleFiles('/mf-manifest.json', shell, ['react', 'react-dom', '@app/shared'])).toEqual([
      { href: '/assets/475.js', as: 'script' },
    ]);
    expect(sharedModuleFiles('/mf-manifest.json', shell, [])).toEqual([]);
    expect(sharedModuleFiles('/mf-manifest.json', {}, ['react'])).toEqual([]);
  });
});
