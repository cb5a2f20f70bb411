/**
 * The database schema, one file per resource; drizzle-kit reads this index (drizzle.config.ts), so
 * every table must be exported from here.
 */
export * from './audit';
export * from './accounts';
export * from './uploads';
export * from './entries';
export * from './staff';
export * from './telemetry';
export * from './idempotency';
