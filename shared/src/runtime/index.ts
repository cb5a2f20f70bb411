export * from './config';
export * from './deployment-manifest';
export * from './chunk-reload-guard';
export * from './build-poller';
export * from './min-client-build';
export * from './instances';
export * from './field-error';
