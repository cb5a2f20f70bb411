import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for what the page shows; this is only how long they keep waiting before
// failing. The default 1 s was too short on two busy cores for a piece loaded on first use (the
// confirmation dialog's lazy chunk, transformed on its first import in the run): seen failing in a
// full run, never alone. A passing test waits no longer than before.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
