import { expect, test } from 'vitest';
import { recordInstance } from './instances';

test('counts distinct instances per name', () => {
  const target = {} as { __APP_INSTANCES__?: Record<string, number> };
  const a = {};
  recordInstance('react', a, target);
  recordInstance('react', a, target);
  recordInstance('zustand', {}, target);
  expect(target.__APP_INSTANCES__).toEqual({ react: 1, zustand: 1 });
  recordInstance('react', {}, target);
  expect(target.__APP_INSTANCES__).toEqual({ react: 2, zustand: 1 });
});
