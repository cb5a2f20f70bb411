import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { LOGGED_OUT, authStore } from '../auth-store';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../runtime/config';
import {
  PRERENDERED_BUILD_ATTR,
  PRERENDERED_CONFIG_ATTR,
  PRERENDERED_PATH_ATTR,
  configFingerprint,
  containerFor,
  containerIdFor,
  holdsPrerenderedPage,
  renderTypeFor,
} from './lifecycles';
import { SITE_STYLE_ID, ensureStyleSheet, ensureStyles } from './styles';

const BUILD = '/remotes/mfe-marketing/1.0.0-abc/';

/** A container as the prerendered document has it. */
function prerenderedContainer(path = '/', config = DEFAULT_RUNTIME_CONFIG, build = BUILD): HTMLElement {
  const box = document.createElement('div');
  box.id = containerIdFor('mfe_marketing');
  box.setAttribute(PRERENDERED_PATH_ATTR, path);
  box.setAttribute(PRERENDERED_CONFIG_ATTR, configFingerprint(config));
  box.setAttribute(PRERENDERED_BUILD_ATTR, build);
  box.innerHTML = '<div data-layout="marketing"><main><h1>請求書を、はやく確かな資金に。</h1></main></div>';
  document.body.appendChild(box);
  return box;
}

const visitorNow = { pathname: '/', loggedIn: false, config: DEFAULT_RUNTIME_CONFIG, build: `http://localhost:3100${BUILD}` };

beforeEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});
afterEach(() => {
  authStore.setState(LOGGED_OUT, true);
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  window.history.replaceState(null, '', '/');
});

describe('holdsPrerenderedPage', () => {
  test('is the page the browser would render: same path, build, a visitor, the same config', () => {
    expect(holdsPrerenderedPage(prerenderedContainer(), visitorNow)).toBe(true);
    expect(holdsPrerenderedPage(prerenderedContainer('/statement'), { ...visitorNow, pathname: '/statement/' })).toBe(true);
  });

  test.each([
    ['another path', { pathname: '/terms' }],
    ['a logged-in person (their header differs)', { loggedIn: true }],
    ['another runtime config', { config: { ...DEFAULT_RUNTIME_CONFIG, individualsSupported: false } }],
    ['another build of the remote (the manifest names another version)', { build: '/remotes/mfe-marketing/2.0.0-def/' }],
  ])('is not for %s', (_why, change) => {
    expect(holdsPrerenderedPage(prerenderedContainer(), { ...visitorNow, ...change })).toBe(false);
  });

  test('the same config read in another key order (the build reads config.json with the zod schema, the browser with parseRuntimeConfig) is the same config', () => {
    const operatorConfig = {
      supportUrl: '/support',
      loginUrl: '/login',
      individualsSupported: true,
      helpLinks: [{ url: '/#flow', label: 'ご利用の流れ' }],
    };
    const readInTheBrowser = {
      loginUrl: '/login',
      individualsSupported: true,
      supportUrl: '/support',
      helpLinks: [{ label: 'ご利用の流れ', url: '/#flow' }],
    };
    expect(configFingerprint(operatorConfig)).toBe(configFingerprint(readInTheBrowser));
    expect(holdsPrerenderedPage(prerenderedContainer('/', operatorConfig), { ...visitorNow, config: readInTheBrowser })).toBe(true);
    // Arrays keep their order: another order of links is another page.
    const reordered = {
      ...readInTheBrowser,
      helpLinks: [
        { label: 'b', url: '/b' },
        { label: 'a', url: '/a' },
      ],
    };
    const original = {
      ...readInTheBrowser,
      helpLinks: [
        { label: 'a', url: '/a' },
        { label: 'b', url: '/b' },
      ],
    };
    expect(configFingerprint(reordered)).not.toBe(configFingerprint(original));
  });

  test('is not for an empty or unmarked container', () => {
    const empty = prerenderedContainer();
    empty.replaceChildren();
    expect(holdsPrerenderedPage(empty, visitorNow)).toBe(false);
    const plain = document.createElement('div');
    plain.innerHTML = '<p>x</p>';
    expect(holdsPrerenderedPage(plain, visitorNow)).toBe(false);
  });
});

describe('renderTypeFor', () => {
  test("hydrates this page's server HTML, and marks the container as used", () => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    const box = prerenderedContainer('/');
    expect(renderTypeFor(box, BUILD)).toBe('hydrateRoot');
    expect(box.querySelector('h1')).not.toBeNull();
    expect(box.hasAttribute(PRERENDERED_PATH_ATTR)).toBe(false);
    // A later mount (back on the page after leaving it) renders afresh.
    expect(renderTypeFor(box, BUILD)).toBe('createRoot');
  });

  test('removes server HTML that does not fit and renders afresh', () => {
    authStore.setState({ ...LOGGED_OUT, status: 'login' });
    const box = prerenderedContainer('/');
    expect(renderTypeFor(box, BUILD)).toBe('createRoot');
    expect(box.childNodes).toHaveLength(0);
    expect(box.hasAttribute(PRERENDERED_CONFIG_ATTR)).toBe(false);
  });

  test('renders afresh into a container that was never prerendered', () => {
    const box = document.createElement('div');
    expect(renderTypeFor(box, BUILD)).toBe('createRoot');
  });
});

describe('containerFor', () => {
  test("another remote's container discards prerendered HTML no remote took over", () => {
    document.body.innerHTML = '<div id="app-root"></div>';
    const prerendered = prerenderedContainer();
    document.getElementById('app-root')?.appendChild(prerendered);
    const box = containerFor('mfe_backoffice');
    expect(box.id).toBe(containerIdFor('mfe_backoffice'));
    expect(prerendered.childNodes).toHaveLength(0);
    expect(prerendered.hasAttribute(PRERENDERED_PATH_ATTR)).toBe(false);
  });

  test('its own container keeps its HTML for hydration', () => {
    const prerendered = prerenderedContainer();
    expect(containerFor('mfe_marketing')).toBe(prerendered);
    expect(prerendered.querySelector('h1')).not.toBeNull();
  });
});

describe('ensureStyles', () => {
  test('does nothing when the page links the static site stylesheet', async () => {
    document.head.innerHTML = `<link rel="stylesheet" id="${SITE_STYLE_ID}" href="/assets/site.0123456789.css">`;
    await ensureStyles();
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  test('injects the stylesheet once where none is linked (a remote on its own dev server)', async () => {
    await Promise.all([ensureStyles(), ensureStyles()]);
    await ensureStyles();
    expect(document.head.querySelectorAll(`style#${SITE_STYLE_ID}`)).toHaveLength(1);
    expect(document.getElementById(SITE_STYLE_ID)?.textContent).toContain('--color-primary');
  });

  test('does nothing without a document (the prerender on Node)', () => {
    expect(() => ensureStyleSheet('x', 'p{}', undefined)).not.toThrow();
  });
});
