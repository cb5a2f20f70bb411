// The entry of the load run's driver thread (run.ts): the TypeScript driver loaded through tsx,
// the same way under `tsx` and under vitest.
import { register } from 'tsx/esm/api';

register();
await import('./driver-thread.ts');
