/**
 * @app/shared — one module-federation singleton for the shell and every remote. Front-end code
 * imports from here (or, for what every page needs before it renders, from `@app/shared/core`,
 * which this re-exports: the same instance); cross-folder imports inside use relative paths. The
 * core is its own singleton: a module here that needs its state (the auth store, the page's
 * starting revision, toasts) imports it through `../core`, which the build shares, so the state
 * exists once at run time.
 */
export * from './core';
export * from './api-client';
export * from './ui/forms';
/** The endpoints the core itself calls (the auth store loads them with the client, when needed). */
export { sessionEndpoints } from './contracts/endpoints-session';
/** The schemas of /config.json and /deployment.json (the core reads both files without zod). */
export { RuntimeConfigSchema } from './runtime/config-schema';
export { DeploymentManifestSchema } from './runtime/deployment-manifest-schema';
export * from './ui/bank-account';
