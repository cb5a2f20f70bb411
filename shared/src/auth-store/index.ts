/**
 * The auth store (store.ts) and the start of live status (live-start.ts, which loads live.ts when an
 * applicant is logged in). Split so that the lazily loaded live status imports the store, not this
 * entry that loads it.
 */
export * from './store';
export { startLiveStatusWhenLoggedIn } from './live-start';
