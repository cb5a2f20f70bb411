export * from './styles';
export * from './link';
export * from './toast';
export * from './layouts';
export * from './error-page';
export * from './not-yet-available';
export * from './remote-root';
export * from './lifecycles';
