import { describe, expect, test } from 'vitest';
import * as domain from '@app/contracts/domain/constants';
import * as foundation from './constants';

describe('the foundation constants', () => {
  test.each(['TOAST_DURATION_MS', 'CSRF_COOKIE_NAME', 'CHUNK_RELOAD_GUARD_MS', 'BUILD_POLL_INTERVAL_MS'] as const)(
    're-exports %s from the domain (one definition)',
    (name) => {
      expect(foundation[name]).toBe(domain[name]);
    },
  );
});
