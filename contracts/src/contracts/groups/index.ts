/**
 * `@app/contracts/endpoints`: the catalogue's groups, each from a module of its own, for the pages:
 * `import * as endpoints from '@app/contracts/endpoints'` reads as the catalogue does
 * (`endpoints.preEntry.get`), and the build keeps only the groups a page uses — with their schemas —
 * instead of every endpoint of the API and every schema they name (issue 12: /mypage downloaded and
 * evaluated the whole catalogue, the staff endpoints included). The same endpoint objects as `endpoints` of
 * `@app/contracts` (endpoints.ts composes these groups), so mocks and ids are shared.
 */
export { health } from './health';
export { schema } from './schema';
export { register } from './register';
export { auth } from './auth';
export { password } from './password';
export { profile } from './profile';
export { accountSessions } from './account-sessions';
export { mailChange } from './mail-change';
export { preEntry } from './pre-entry';
export { entries } from './entries';
export { ext } from './ext';
export { banks } from './banks';
export { news } from './news';
export { events } from './events';
export { uploads } from './uploads';
export { postalCodes } from './postal-codes';
export { me, systemSettings } from './session';
export { staff } from './staff';
export { telemetry } from './telemetry';
