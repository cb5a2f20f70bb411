import { describe, expect, test } from 'vitest';
import * as constants from './constants';

describe('spec §9 constants', () => {
  test.each([
    ['TOAST_DURATION_MS', 7000],
    ['MAX_CLAIMS_PER_ENTRY', 5],
    ['HOLDER_NAME_MAX_LENGTH', 30],
    ['BANK_ACCOUNT_NUMBER_DIGITS', 7],
    ['DEPOSIT_TYPES', ['ordinary', 'checking']],
    ['WITHDRAWALS_WINDOW_MONTHS', 4],
    ['CSRF_COOKIE_NAME', 'csrftoken'],
    ['HOST_CSRF_COOKIE_NAME', '__Host-csrftoken'],
    ['WORDPRESS_TAG_ID', 15],
    ['CHUNK_RELOAD_GUARD_MS', 10_000],
    ['BUILD_POLL_INTERVAL_MS', 60 * 60 * 1000],
    ['ANALYTICS_USER_ID_WAIT_MS', 5000],
    ['OPTIMIZE_ACTIVATION_DELAY_MS', 800],
    ['REPLAY_SESSION_SAMPLE_RATE', 0],
    ['REPLAY_ON_ERROR_SAMPLE_RATE', 0],
    ['TRACES_SAMPLE_RATE', 0],
  ] as const)('%s = %j', (name, value) => {
    expect(constants[name]).toEqual(value);
  });

  test('no constant is left untested', () => {
    expect(Object.keys(constants)).toHaveLength(16);
  });
});
