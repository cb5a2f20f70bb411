export * from './table';
export * from './match';
export * from './guards';
