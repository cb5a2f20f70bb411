/**
 * @app/shared — one module-federation singleton for the shell and every remote. Front-end code
 * imports from here (or, for what every page needs before it renders, from `@app/shared/core`,
 * which this re-exports: the same instance); cross-folder imports inside use relative paths. The
 * core is its own singleton: a module here that needs its state (the auth store, the page's
 * starting revision, toasts) imports it through `../core`, which the build shares, so the state
 * exists once at run time.
 */
import { createApi as createClient, type Api, type ApiEnvironment } from './api-client';
import { checkMinClientBuild } from './core';

export * from './core';
export * from './api-client';
export * from './ui/forms';
export * from './ui/field-frame';
export * from './ui/form-values';
export * from './ui/new-password-fields';
export * from './ui/lazy-named-page';
export * from './ui/confirm-dialog';
// Pieces only some pages use: `@app/shared/parts` (bundled into the remotes that import them).
/** The endpoints the core itself calls (the auth store loads them with the client, when needed). */
export { sessionEndpoints } from '@app/contracts/api/endpoints-session';
/** The schemas of /config.json and /deployment.json (the core reads both files without zod). */
export { RuntimeConfigSchema } from './runtime/config-schema';
export { DeploymentManifestSchema } from './runtime/deployment-manifest-schema';

/**
 * The API client (api-client/index.ts) with the core's minimum-client-build check: in the built site
 * the core is the one shared instance (its state: the page's starting revision), so every client a
 * page makes reloads the page when a release needs a newer one. (Shadows the plain `createApi` of
 * `export *` above: the client itself does not import the core, which loads it.)
 */
export function createApi(env: Partial<ApiEnvironment> = {}): Api {
  return createClient({ onMinClientBuild: checkMinClientBuild, ...env });
}

/** The client every page uses. */
export const api: Api = createApi();
