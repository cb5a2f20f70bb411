/**
 * @app/shared/contracts — every payload defined once with zod: the API validates requests with
 * these objects and the client parses responses with them (style: "One schema, both sides").
 */
export * from './common';
export * from './entry';
export * from './errors';
export * from './me';
export * from './profile';
export * from './system-settings';
export * from './upload';
export * from './accounts';
