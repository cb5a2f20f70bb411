/**
 * What the auth store loads when it first calls the API (store.ts `loadFull`): the client, the
 * reading of an answer made without it, the endpoints it calls and the network error. Below the
 * core: nothing here imports the store or the core, so loading it closes no loop.
 */
export { createApi, readAnswer } from '../api-client';
export { NetworkError } from '../api-client/errors';
export { sessionEndpoints } from '@app/contracts/api/endpoints-session';
