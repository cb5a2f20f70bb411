import containers from './containers.json';
import type { RemoteName } from './routes/table';

/** Module-federation container names (browser globals, so underscores) of each remote. */
export const CONTAINERS: Readonly<Record<RemoteName, string>> = containers;
