/**
 * Runtime constants of the site foundation. The business constants of spec §9 live in
 * `@app/contracts/domain/constants` (one place); the ones the foundation uses are re-exported here.
 */
export { TOAST_DURATION_MS, CSRF_COOKIE_NAME, CHUNK_RELOAD_GUARD_MS, BUILD_POLL_INTERVAL_MS } from '@app/contracts/domain/constants';
export const CSRF_HEADER_NAME = 'X-CSRFToken';
export const RUNTIME_CONFIG_URL = '/config.json';
export const DEPLOYMENT_MANIFEST_URL = '/deployment.json';
export const BUILD_METADATA_URL = '/builds/latest.json';
export { MIN_CLIENT_BUILD_HEADER } from '@app/contracts/api/headers';
/** How long a JSON call waits for its answer (a slow or stalled network). */
export const API_TIMEOUT_MS = 30_000;
