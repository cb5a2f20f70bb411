/**
 * @app/shared — one module-federation singleton for the shell and every remote. Front-end code
 * imports from here only; cross-folder imports inside use relative paths, and all of it is one
 * module graph, so the auth store, toasts and route table exist once at run time.
 */
export * from './constants';
export { CONTAINERS } from './remotes';
export * from './copy';
export * from './routes';
export * from './runtime';
export * from './auth-store';
export * from './api-client';
export * from './ui';
