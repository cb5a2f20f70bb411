/**
 * @app/mocks — MSW handlers and fixture factories made from the endpoint catalogue, for
 * component tests (`msw/node`) and for running one remote alone in the browser with no API
 * (`pnpm --filter <remote> run dev:mock`). Never imported by production code.
 */
export * from './fixtures';
export * from './handlers';
