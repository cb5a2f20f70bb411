// The directions between the packages and between the API's layers, as rules that `npm test` checks
// (`pnpm run lint:deps`, scripts/test.mjs) with dependency-cruiser. A violation fails the run with
// the rule's name and the import that broke it. scripts/dependency-rules.test.mjs proves each kind
// of rule bites. Type-only imports count: a type cycle is still a cycle to read and to move.

/** @app/contracts: the domain, the API contracts, the route table and the copy (used by the API too). */
const PURE = '^contracts/';

/** An installed package by name (pnpm's store path or a plain node_modules path). */
const npm = (names) => `(^|/)node_modules/(${names.join('|')})/`;

/** The API's composition: what builds the app, starts the server and the scripts and tools around it. */
const API_TOP = '^api/src/((app|server|openapi|jobs|maintenance)\\.ts$|(scripts|load|test)/)';

/** Tests and their helpers may reach anything they set up (a cycle is an error in them too). */
const TESTS = '\\.test\\.(ts|tsx|mjs)$|(^|/)(testing|test)(/|\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles anywhere (shared, the API, the shell, every remote, the scripts): a cycle makes the ' +
        'order of evaluation matter and hides which part stands on which. Move the shared piece down into a ' +
        'module both sides import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-are-pure',
      comment:
        '@app/contracts (the domain, the API contracts, the route table, the copy) is plain TypeScript and zod, ' +
        'read by the API (Node) and the browser alike: no React, zustand, msw, router, single-spa, fetch client ' +
        'or DOM-only package, and no other package of ours (the browser runtime, the mocks, a front end, the API).',
      severity: 'error',
      from: { path: PURE },
      to: {
        path: [
          npm([
            'react',
            'react-dom',
            'react-router',
            'react-router-dom',
            'zustand',
            'msw',
            'single-spa',
            'single-spa-react',
            'ofetch',
            'jsdom',
            '@testing-library/[^/]+',
            '@types/react',
            '@types/react-dom',
          ]),
          '^(shared|mocks|shell|mfe-[^/]+|api|e2e|scripts)/',
        ],
      },
    },
    {
      name: 'contracts-use-declared-packages-only',
      comment:
        '@app/contracts imports only what its package.json declares (zod, big.js, jaconv, libphonenumber-js): ' +
        'pnpm links nothing else into contracts/node_modules, so an import of React, zustand, msw or the browser ' +
        'runtime does not even resolve there. Add a dependency only if it is pure (no DOM, no Node-only module).',
      severity: 'error',
      from: { path: PURE },
      to: { couldNotResolve: true },
    },
    {
      name: 'remotes-stay-apart',
      comment:
        'A remote (mfe-*) never imports another remote: each team builds, tests and releases its remote alone; ' +
        'what two remotes share lives in @app/shared (run time) or @app/contracts (rules and shapes).',
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/' },
      to: { path: '^mfe-[^/]+/', pathNot: '^$1/' },
    },
    {
      name: 'shell-loads-remotes-at-run-time',
      comment:
        'The shell loads the remotes through module federation at run time (deployment.json) and imports none ' +
        'of their source: a remote is released without rebuilding the shell.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^mfe-[^/]+/' },
    },
    {
      name: 'shared-stands-alone',
      comment:
        '@app/shared (the browser runtime the shell and the remotes share) stands on @app/contracts only: it ' +
        'imports none of the shell, the remotes, the API or the mocks (its tests may use the mocks).',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: { path: '^(shell|mfe-[^/]+|api|e2e|mocks)/' },
    },
    {
      name: 'mocks-stay-out-of-production',
      comment:
        '@app/mocks (the msw backend) is for tests and `pnpm dev:mock` only: production code never imports it. ' +
        "A remote's bootstrap starts it behind the build-time `__MOCK_API__` flag (false in a production build, " +
        'so the bundler drops the import); anything else that needs it is a test or a test helper.',
      severity: 'error',
      from: {
        path: '^(shared|shell|mfe-[^/]+|api|contracts)/',
        pathNot: [TESTS, '^(shell|mfe-[^/]+)/src/bootstrap\\.tsx$', '(^|/)testing\\.tsx?$'],
      },
      to: { path: '^mocks/' },
    },
    {
      name: 'mocks-stand-on-contracts',
      comment: '@app/mocks replays the API from the contracts: it imports @app/contracts, never the browser runtime or a front end.',
      severity: 'error',
      from: { path: '^mocks/', pathNot: TESTS },
      to: { path: '^(shared|shell|mfe-[^/]+|api|e2e)/' },
    },
    {
      name: 'api-uses-the-pure-shared-only',
      comment:
        'The API reads @app/contracts (the contracts, the domain, the copy, the route table), never the browser ' +
        'runtime of @app/shared, the mocks, or a front end.',
      severity: 'error',
      from: { path: '^api/', pathNot: TESTS },
      to: { path: '^(shared|mocks|shell|mfe-[^/]+)/' },
    },
    // The API's layers, top to bottom: the composition (app.ts, server.ts, scripts) → site (the
    // assembled site: documents, preload hints, their headers) → modules (one folder per resource:
    // routes and services) → http (Fastify plumbing: sessions, CSRF, errors, rate limits) →
    // accounts, mail, storage → db. Small helpers at the top of api/src (context, clock, env, audit,
    // watched-file, …) may be used by any layer.
    {
      name: 'api-composition-on-top',
      comment:
        'Nothing inside a layer imports what builds the app or starts the server (app.ts, server.ts, the ' +
        'scripts): the composition wires the layers, not the other way round.',
      severity: 'error',
      from: { path: '^api/src/(site|modules|http|accounts|mail|storage|db)/', pathNot: TESTS },
      to: { path: API_TOP },
    },
    {
      name: 'api-modules-below-site',
      comment:
        'The site (documents, preload hints, security headers) may read a module (the release deployment); a ' +
        'module never imports the site: what both need (watched-file.ts) lives below both.',
      severity: 'error',
      from: { path: '^api/src/modules/', pathNot: TESTS },
      to: { path: '^api/src/site/' },
    },
    {
      name: 'api-http-below-modules',
      comment:
        'http/ is the plumbing every module uses (sessions, CSRF, errors, rate limits): it imports no module ' +
        'and no part of the site. A session table it reads lives in accounts/ (applicants and staff alike).',
      severity: 'error',
      from: { path: '^api/src/http/', pathNot: TESTS },
      to: { path: '^api/src/(modules|site)/' },
    },
    {
      name: 'api-foundations-below-http',
      comment:
        'accounts/, mail/ and storage/ are the foundations the plumbing and the modules build on: they import ' + 'neither, nor the site.',
      severity: 'error',
      from: { path: '^api/src/(accounts|mail|storage)/', pathNot: TESTS },
      to: { path: '^api/src/(http|modules|site)/' },
    },
    {
      name: 'api-db-at-the-bottom',
      comment:
        'db/ (schema, connection, migrations) imports nothing above it: no layer, no composition, only the ' +
        'small helpers (env, lock, paths).',
      severity: 'error',
      from: { path: '^api/src/db/', pathNot: TESTS },
      to: { path: '^api/src/(http|modules|site|accounts|mail|storage)/|^api/src/(context|audit)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.site|\\.data|coverage|reports|test-results|playwright-report|\\.rspack-cache)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.d.ts', '.json'],
    },
  },
};
