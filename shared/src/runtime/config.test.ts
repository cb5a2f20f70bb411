import { afterEach, describe, expect, test, vi } from 'vitest';
import { safeParse } from 'zod/mini';
import {
  DEFAULT_RUNTIME_CONFIG,
  RuntimeConfigSchema,
  getRuntimeConfig,
  isConfigLinkUrl,
  loadRuntimeConfig,
  setRuntimeConfig,
} from './config';
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
