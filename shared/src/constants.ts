/** Business and runtime constants of spec §9 used by the site foundation. */
export const TOAST_DURATION_MS = 7000;
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';
/** A chunk that fails to load reloads the page at most once per path within this window. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** `builds/latest.json` poll interval. */
export const BUILD_POLL_INTERVAL_MS = 60 * 60 * 1000;
export const RUNTIME_CONFIG_URL = '/config.json';
export const DEPLOYMENT_MANIFEST_URL = '/deployment.json';
export const BUILD_METADATA_URL = '/builds/latest.json';
