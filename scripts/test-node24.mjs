// The unit and API tests on the current Node LTS (24), besides the Node 20.19+ the project runs on:
// `node scripts/test-node24.mjs` runs the tests of the code that runs on Node in production and
// reaches what differs between Node versions (NODE_PROJECTS, API_SUBSET below); `--all` every
// contracts, shared and API test; other arguments go to vitest.
// The Node binary comes from the npm registry (the `node-<platform>-<arch>` packages, fetched with
// `npm pack`, which checks the registry's integrity hash) into node_modules/.cache/node24, once.
// NODE24_VERSION picks another 24.x.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

/**
 * Of the front-end packages, the one whose code also runs on Node in production, inside the API:
 * @app/contracts (the `contracts` project, in Node's environment as the API runs it) — the domain
 * (money with big.js, dates, Intl and the ICU data that formats yen and Japanese dates, NFKC and
 * the kana conversions), the zod contracts (Unicode regular expressions, the request and answer
 * shapes the API parses), the route table and the copy. Node 24 ships another V8 and ICU: these
 * are the tests whose answers can change with them. @app/shared (UI kit, auth store, API client,
 * runtime) and the remotes run in browsers, never on the production Node; in tests they run in
 * jsdom, whose behaviour follows jsdom's version and not Node's, so a second Node adds nothing
 * there (and their component tests were most of this step's time).
 */
export const NODE_PROJECTS = ['contracts'];

/**
 * The API tests of the default run (npm test keeps it within a few minutes): every endpoint once
 * (the catalogue's security checks), HTTP over loopback with argon2 and the mail outbox (the load
 * run), the pg driver through a PostgreSQL restart, multipart streams and file types (uploads),
 * PDF rendering, the server process itself, and the embedded PostgreSQL in each of them.
 */
export const API_SUBSET = [
  'api/src/http/catalogue-security.test.ts',
  'api/src/load/load.test.ts',
  'api/src/fault/postgres.test.ts',
  'api/src/modules/uploads/uploads.test.ts',
  'api/src/modules/contract-document/render.test.ts',
  'api/src/server.test.ts',
];

export const NODE24_VERSION = process.env.NODE24_VERSION ?? '24.21.0';
const PLATFORMS = { linux: 'linux', darwin: 'darwin', win32: 'win' };

/** The path of the Node 24 binary, downloaded into the cache on first use. */
export async function node24() {
  const platform = PLATFORMS[process.platform];
  if (platform === undefined) throw new Error(`no node package on the npm registry for ${process.platform}`);
  const pkg = `node-${platform}-${process.arch}`;
  const dir = path.join(ROOT, 'node_modules', '.cache', 'node24', `${pkg}-${NODE24_VERSION}`);
  const binary = path.join(dir, 'package', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (fs.existsSync(binary)) return binary;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  console.log(`Fetching ${pkg}@${NODE24_VERSION} from the npm registry…`);
  await run('npm', ['pack', `${pkg}@${NODE24_VERSION}`, '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = fs.readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack ${pkg}@${NODE24_VERSION} left no tarball in ${dir}`);
  await run('tar', ['xzf', tarball], { cwd: dir });
  fs.rmSync(path.join(dir, tarball));
  if (!fs.existsSync(binary)) throw new Error(`${pkg}@${NODE24_VERSION} has no ${path.relative(dir, binary)}`);
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const node = await node24();
    const args = process.argv.slice(2);
    const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    // Child processes the tests start (`node …`) get Node 24 too.
    const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` };
    await run(node, ['--version'], { env });
    const gone = API_SUBSET.filter((file) => !fs.existsSync(path.join(ROOT, file)));
    if (gone.length > 0) throw new Error(`API_SUBSET names files that do not exist: ${gone.join(', ')}`);
    const runs =
      args.length === 0
        ? [NODE_PROJECTS.flatMap((project) => ['--project', project]), ['--project', 'api', ...API_SUBSET]]
        : args[0] === '--all'
          ? [['--project', 'contracts', '--project', 'shared', '--project', 'api', ...args.slice(1)]]
          : [args];
    // Every run goes ahead; the script fails at the end if any did.
    let failed;
    for (const vitestArgs of runs) {
      await run(node, [vitest, 'run', ...vitestArgs], { env }).catch((error) => (failed ??= error));
    }
    if (failed) throw failed;
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(error.code ?? 1);
  }
}
