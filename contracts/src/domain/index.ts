/**
 * The domain core (issue #3): every status, rule, calculation and validation message of the spec
 * as plain functions — no React, DOM, network or clock. Used unchanged by the API (`@app/contracts/domain`)
 * and the pages (through `@app/shared`). See README.md for the spec → function → test map.
 */
export * from './constants';
export * from './statuses';
export * from './transitions';
export * from './document-review';
export * from './identity';
export * from './profile';
export * from './identity-documents';
export * from './phone';
export * from './eligibility';
export * from './pre-entry';
export * from './entry-steps';
export * from './financial-statements';
export * from './account-activity';
export * from './withdrawal-details';
export * from './messages';
export * from './validation';
export * from './validation-entry';
export * from './validation-server';
export * from './kana';
export * from './bank-account';
export * from './money';
export * from './yen-input';
export * from './houjinbangou';
export * from './csv';
export * from './jst-time';
export * from './telemetry';
