import { afterEach, describe, expect, test, vi } from 'vitest';
import { safeParse } from 'zod/mini';
import {
  DEFAULT_RUNTIME_CONFIG,
  getRuntimeConfig,
  isConfigLinkUrl,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
  supportHref,
} from './config';
import { RuntimeConfigSchema } from './config-schema';
import shellDefaults from '../../../shell/config.default.json';

afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

describe('loadRuntimeConfig', () => {
  test('reads /config.json uncached and makes it current', async () => {
    const body = { supportUrl: 'https://help.example.jp', loginUrl: '/login', individualsSupported: false };
    const f = vi.fn(async () => new Response(JSON.stringify(body)));
    await expect(loadRuntimeConfig(f)).resolves.toEqual(body);
    expect(getRuntimeConfig()).toEqual(body);
    expect(f).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
  });
  test.each([
    ['HTTP 404', async () => new Response('x', { status: 404 })],
    ['invalid', async () => new Response(JSON.stringify({ supportUrl: 1 }))],
    [
      'offline',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('%s → defaults, and the reason is reported', async (_label, impl) => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, individualsSupported: false });
    const onError = vi.fn();
    await expect(loadRuntimeConfig(vi.fn(impl) as unknown as typeof fetch, onError)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(getRuntimeConfig()).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('optional /mypage links: helpLinks, cardPaymentBanner', () => {
  const base = { supportUrl: '/statement', loginUrl: '/login', individualsSupported: true };

  test('absent is valid (nothing is shown)', () => {
    expect(safeParse(RuntimeConfigSchema, base).success).toBe(true);
  });

  test('help links and the banner are read as given', () => {
    const config = {
      ...base,
      helpLinks: [
        { label: 'ご利用の流れ', url: '/#flow' },
        { label: '必要書類について', url: 'https://help.example.jp/documents' },
      ],
      cardPaymentBanner: { text: 'カード払いの請求書も買取の対象です。', url: 'https://example.jp/card', linkLabel: '対象を見る' },
    };
    const parsed = safeParse(RuntimeConfigSchema, config);
    expect(parsed.success && parsed.data).toEqual(config);
  });

  test.each([
    ['/statement', true],
    ['/#fees', true],
    ['https://help.example.jp/a', true],
    ['http://help.example.jp', true],
    ['javascript:alert(1)', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['help', false],
    ['https://', false],
    ['', false],
  ])('link url %j → %s', (url, ok) => {
    expect(isConfigLinkUrl(url)).toBe(ok);
    expect(safeParse(RuntimeConfigSchema, { ...base, helpLinks: [{ label: 'ヘルプ', url }] }).success).toBe(ok);
    expect(safeParse(RuntimeConfigSchema, { ...base, cardPaymentBanner: { text: 'カード', url } }).success).toBe(ok);
  });

  test('a blank label or text is refused', () => {
    expect(safeParse(RuntimeConfigSchema, { ...base, helpLinks: [{ label: ' ', url: '/' }] }).success).toBe(false);
    expect(safeParse(RuntimeConfigSchema, { ...base, cardPaymentBanner: { text: '', url: '/' } }).success).toBe(false);
  });

  test('the shell default config is valid', () => {
    expect(safeParse(RuntimeConfigSchema, shellDefaults).success).toBe(true);
  });
});

describe('parseRuntimeConfig: the start-up reading of /config.json, without zod', () => {
  const base = { supportUrl: '/statement', loginUrl: '/login', individualsSupported: true };
  const samples: [string, unknown][] = [
    ['the minimum', base],
    ['the shell defaults', shellDefaults],
    [
      'every field',
      {
        ...base,
        operator: { name: '株式会社ツムギ', representative: '山田', address: '東京都', phone: '03', email: 'a@example.jp', hours: '9-18' },
        helpLinks: [{ label: 'ご利用の流れ', url: '/#flow' }],
        cardPaymentBanner: { text: 'カード', url: 'https://example.jp/card', linkLabel: '見る' },
        remoteOrigins: ['https://cdn.example.jp'],
      },
    ],
    ['unknown keys (dropped)', { ...base, extra: 1, operator: { name: 'x', fax: '1' }, helpLinks: [{ label: 'a', url: '/', x: 1 }] }],
    ['an empty operator and empty lists', { ...base, operator: {}, helpLinks: [], remoteOrigins: [] }],
    ['not an object', ['x']],
    ['null', null],
    ['an empty supportUrl', { ...base, supportUrl: '' }],
    ['a number as loginUrl', { ...base, loginUrl: 1 }],
    ['no individualsSupported', { supportUrl: '/s', loginUrl: '/l' }],
    ['individualsSupported as a string', { ...base, individualsSupported: 'true' }],
    ['null operator', { ...base, operator: null }],
    ['an operator field not a string', { ...base, operator: { phone: 3 } }],
    ['helpLinks not an array', { ...base, helpLinks: { label: 'a', url: '/' } }],
    ['a help link without url', { ...base, helpLinks: [{ label: 'a' }] }],
    ['a script link', { ...base, helpLinks: [{ label: 'a', url: 'javascript:alert(1)' }] }],
    ['a banner without text', { ...base, cardPaymentBanner: { url: '/' } }],
    ['a blank link label', { ...base, cardPaymentBanner: { text: 'a', url: '/', linkLabel: ' ' } }],
    ['a remote origin with a path', { ...base, remoteOrigins: ['https://cdn.example.jp/x'] }],
    ['a remote origin not a string', { ...base, remoteOrigins: [1] }],
  ];

  test.each(samples)('%s: the same verdict and the same result as RuntimeConfigSchema', (_label, value) => {
    const schema = safeParse(RuntimeConfigSchema, value);
    if (schema.success) {
      expect(parseRuntimeConfig(value)).toEqual(schema.data);
    } else {
      expect(() => parseRuntimeConfig(value)).toThrow(/config\.json is invalid/);
    }
  });

  test('the samples hold both verdicts', () => {
    const verdicts = samples.map(([, value]) => safeParse(RuntimeConfigSchema, value).success);
    expect(verdicts.filter(Boolean).length).toBe(5);
    expect(verdicts.filter((ok) => !ok).length).toBe(samples.length - 5);
  });

  test('says what is wrong', () => {
    expect(() => parseRuntimeConfig({ ...base, loginUrl: 1, helpLinks: [{ label: ' ', url: '/' }] })).toThrow(
      '/config.json is invalid: loginUrl: expected a string, not empty; helpLinks.0.label: expected a string, not blank',
    );
  });
});

describe('supportHref: where applicants reach support', () => {
  test.each([
    ['the configured support page', { supportUrl: 'https://support.example.jp/contact' }, 'https://support.example.jp/contact'],
    ['a configured mail address', { supportUrl: 'mailto:help@example.jp' }, 'mailto:help@example.jp'],
    ['the configured page before the operator address', { supportUrl: '/support', operator: { email: 'a@example.jp' } }, '/support'],
    [
      'no supportUrl: a mail to the operator',
      { operator: { name: '株式会社ツムギ', email: ' support@example.jp ' } },
      'mailto:support@example.jp',
    ],
    ['a blank supportUrl counts as none', { supportUrl: ' ', operator: { email: 'support@example.jp' } }, 'mailto:support@example.jp'],
    ['neither: none (the page says so)', { operator: { phone: '03-0000-0000', email: ' ' } }, null],
    ['the defaults: none', {}, null],
  ])('%s', (_name, config, expected) => {
    expect(supportHref({ ...DEFAULT_RUNTIME_CONFIG, ...config })).toBe(expected);
  });

  test('reads the current config by default', () => {
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, operator: { email: 'ops@example.jp' } });
    expect(supportHref()).toBe('mailto:ops@example.jp');
  });
});
