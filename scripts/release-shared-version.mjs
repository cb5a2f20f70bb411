// The version of @app/shared, the module-federation singleton every remote and the shell share.
// Its contract is (1) the public surface of `@app/shared` — every export's name and type, read with
// the TypeScript compiler — and (2) the API contracts in contracts/src/contracts (non-test sources):
// @app/contracts is bundled into the shell and each remote rather than shared at run time, so a
// remote built against other API shapes is told apart by the singleton's version it requires.
// shared/contract-version.json records the package version together with a fingerprint of both;
// a check test (release-shared-version.test.mjs) fails when the contract changed and the version
// did not. `pnpm release shared-version` records a new fingerprint, and only with a bumped version:
// the gate (`^0.x.y` ranges: a new 0.x minor is incompatible) and the share scope then tell two
// builds of different contracts apart.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, readJson } from './lib.mjs';

export const SHARED_DIR = path.join(ROOT, 'shared');
export const RECORD_FILE = path.join(SHARED_DIR, 'contract-version.json');

/** Every export of shared/src/index.ts as `name: type` lines, sorted (the singleton's surface). */
export function sharedSurface() {
  const ts = createRequire(path.join(ROOT, 'package.json'))('typescript');
  const configFile = path.join(SHARED_DIR, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const index = path.join(SHARED_DIR, 'src', 'index.ts');
  const program = ts.createProgram({ rootNames: [index], options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(index);
  const flags = ts.TypeFormatFlags.NoTruncation;
  // A named type by its members (one level), so that a change of an interface changes the line.
  const members = (type) =>
    checker
      .getPropertiesOfType(type)
      .map(
        (p) =>
          `${p.name}${p.flags & ts.SymbolFlags.Optional ? '?' : ''}: ${checker.typeToString(checker.getTypeOfSymbol(p), undefined, flags)}`,
      )
      .sort()
      .join('; ');
  return checker
    .getExportsOfModule(checker.getSymbolAtLocation(source))
    .map((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const parts = [];
      if (symbol.flags & ts.SymbolFlags.Type) {
        const type = checker.getDeclaredTypeOfSymbol(symbol);
        const calls = checker
          .getSignaturesOfType(type, ts.SignatureKind.Call)
          .map((sig) => checker.signatureToString(sig, undefined, flags));
        parts.push(`type ${checker.typeToString(type, undefined, flags)} { ${[...calls, members(type)].join('; ')} }`);
      }
      if (symbol.flags & ts.SymbolFlags.Value) {
        // Values by their (widened) type: a constant's text is not its contract, its type is.
        const type = checker.getBaseTypeOfLiteralType(checker.getTypeOfSymbolAtLocation(symbol, symbol.declarations?.[0] ?? source));
        parts.push(`value ${checker.typeToString(type, undefined, flags)}`);
      }
      // Without the checkout's location (types of installed packages are named by their path).
      return `${exported.name}: ${parts.join(' & ')}`.replaceAll(`${ROOT}/`, '');
    })
    .sort();
}

/** The API contracts' sources (tests excluded), as `path\0content` in path order. */
function contractSources() {
  const dir = path.join(ROOT, 'contracts', 'src', 'contracts');
  return fs
    .readdirSync(dir, { recursive: true })
    .map((p) => p.split(path.sep).join('/'))
    .filter((p) => p.endsWith('.ts') && !p.endsWith('.test.ts'))
    .sort()
    .map((p) => `${p}\0${fs.readFileSync(path.join(dir, p), 'utf8')}`);
}

export function contractFingerprint() {
  const hash = createHash('sha256');
  for (const line of sharedSurface()) hash.update(line).update('\n');
  for (const file of contractSources()) hash.update(file).update('\0');
  return hash.digest('hex').slice(0, 16);
}

export const packageVersion = () => readJson(path.join(SHARED_DIR, 'package.json')).version;
export const recorded = () => readJson(RECORD_FILE, null);

/** Problems with the recorded version (empty: the version matches the contract). */
export function versionProblems({ fingerprint = contractFingerprint(), record = recorded(), version = packageVersion() } = {}) {
  const file = path.relative(ROOT, RECORD_FILE);
  if (!record) return [`${file} is missing: run \`pnpm release shared-version\``];
  if (record.version !== version)
    return [`shared/package.json says ${version}, ${file} ${record.version}: run \`pnpm release shared-version\``];
  if (record.fingerprint !== fingerprint) {
    return [
      `the @app/shared contract (its exports' types, contracts/src/contracts) changed but its version ${version} did not: ` +
        'bump "version" in shared/package.json (0.x: the minor — remotes built against the old one are then refused by the release gate) ' +
        'and run `pnpm release shared-version`',
    ];
  }
  return [];
}

/** The record to write for the current contract; refused when the contract changed and the version did not. */
export function nextRecord({ fingerprint = contractFingerprint(), record = recorded(), version = packageVersion() } = {}) {
  if (record && record.fingerprint !== fingerprint && record.version === version) {
    throw new Error(`the @app/shared contract changed: bump "version" in shared/package.json (now ${version}) first`);
  }
  return { version, fingerprint };
}

export function recordVersion() {
  const next = nextRecord();
  fs.writeFileSync(RECORD_FILE, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
