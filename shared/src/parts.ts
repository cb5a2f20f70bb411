/**
 * @app/shared/parts — pieces of the UI kit that only some pages use: bundled into the remotes that
 * import them (in those pages' chunks), not part of the @app/shared singleton every page downloads
 * first. Stateless, or reaching the site's state through the shared core (`../core`, one instance
 * at run time), so a copy per remote changes nothing but where the bytes are.
 */
export * from './ui/bank-account';
export * from './ui/entry-status';
export * from './ui/dates';
export * from './ui/loading-fields';
export * from './ui/logout-button';
