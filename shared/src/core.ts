/**
 * @app/shared/core — what every page needs before it can render, and where the site's state lives:
 * the route table and guards, the runtime config, the auth store, toasts, layouts and the remotes'
 * lifecycles. A module-federation singleton of its own (shared/build/federation.mjs), so the
 * landing page loads this and not the API client, the contracts (zod) or the form kit, which the
 * full entry `@app/shared` adds. The shell and the public pages import from here; a page that calls
 * the API imports from `@app/shared`, which re-exports all of this (the same instance).
 */
export * from './constants';
export { CONTAINERS } from '@app/contracts/remotes';
export * from '@app/contracts/copy';
export * from '@app/contracts/routes';
export * from './runtime';
export * from './auth-store';
export * from './ui/styles';
export * from './ui/link';
export * from './ui/phrases';
export * from './ui/toast';
export * from './ui/layouts';
export * from './ui/error-page';
export * from './ui/not-yet-available';
export * from './ui/remote-root';
export * from './ui/lifecycles';
export * from './ui/lazy-page';
