/**
 * @app/contracts — every payload defined once with zod (zod/mini), and every endpoint once
 * in the catalogue (`endpoints`): the API registers its routes from it and validates with these
 * objects, the client calls endpoints and parses answers with them, the mocks answer for them, and
 * the OpenAPI document is generated from them (style: "One schema, both sides").
 */
export * from './account-messages';
export * from './amounts';
export * from './audit-events';
export * from './common';
export * from './fields';
export * from './human-text';
export * from './passwords';
export * from './session';
export * from './entry';
export * from './entry-life';
export * from './payout-account';
export * from './errors';
export * from './account-sessions';
export * from './health';
export * from './me';
export * from './me-kind';
export * from './profile';
export * from './postal-code';
export * from './system-settings';
export * from './upload';
export * from './pre-entry';
export * from './news';
export * from './events';
export * from './mail-change';
export * from './draft';
export * from './lookups';
export * from './accounts';
export * from './staff';
export * from './staff-review';
export * from './staff-decisions';
export * from './staff-applicants';
export * from './staff-exports';
export * from './releases';
export * from './telemetry';
export * from './endpoint';
export * from './endpoints';
export * from './endpoints-session';
export * from './endpoints-staff';
export * from './mf-manifest';
