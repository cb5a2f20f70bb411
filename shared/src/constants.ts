/**
 * Runtime constants of the site foundation. The business constants of spec §9 live in
 * `./domain/constants` (one place); the ones the foundation uses are re-exported here.
 */
export { TOAST_DURATION_MS, CSRF_COOKIE_NAME, CHUNK_RELOAD_GUARD_MS, BUILD_POLL_INTERVAL_MS } from './domain/constants';
export const CSRF_HEADER_NAME = 'X-CSRFToken';
export const RUNTIME_CONFIG_URL = '/config.json';
export const DEPLOYMENT_MANIFEST_URL = '/deployment.json';
export const BUILD_METADATA_URL = '/builds/latest.json';
/**
 * The response header naming the minimum client build (runtime/min-client-build.ts). Here, not in
 * the contracts, so the start-up code reads it without loading the schemas.
 */
export const MIN_CLIENT_BUILD_HEADER = 'X-Min-Client-Build';
/** How long a JSON call waits for its answer (a slow or stalled network). */
export const API_TIMEOUT_MS = 30_000;
