// Operator command: `pnpm --filter @app/api run storage:sweep [-- --dry-run] [--grace-hours 24]`.
// Removes stored objects no `uploads` row refers to, and incomplete writes (storage/sweep.ts).
import { parseArgs } from 'node:util';
import { openCliDatabase } from '../db/cli-database';
import { env } from '../env';
import { createStorage } from '../storage/create';
import { SWEEP_GRACE_MS, sweepStorage } from '../storage/sweep';
import { runAndExit } from './operator-cli';

const USAGE = `Usage: pnpm --filter @app/api run storage:sweep [-- options]

Removes the uploaded-file objects that no upload row refers to and that are older than the grace
period, and the leftovers of writes that never finished (temporary files, unfinished multipart
uploads). Uses the storage and the database the environment names, as the server does.

  --dry-run          list what would be removed, remove nothing
  --grace-hours <n>  only objects older than this many hours (default ${SWEEP_GRACE_MS / 3_600_000}; at least 1)
  --help             this text`;

class UsageError extends Error {}

function parseOptions(args: string[]): { dryRun: boolean; graceMs: number } | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { 'dry-run': { type: 'boolean' }, 'grace-hours': { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) return 'help';
  let graceMs = SWEEP_GRACE_MS;
  if (values['grace-hours'] !== undefined) {
    const hours = Number(values['grace-hours']);
    // Under an hour an upload in progress could lose its object.
    if (!Number.isFinite(hours) || hours < 1) throw new UsageError('--grace-hours must be a number of hours, at least 1');
    graceMs = hours * 3_600_000;
  }
  return { dryRun: values['dry-run'] === true, graceMs };
}

async function main(): Promise<number> {
  let options;
  try {
    // pnpm passes the `--` through.
    options = parseOptions(process.argv.slice(2).filter((arg) => arg !== '--'));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const storage = createStorage(env);
  const database = await openCliDatabase(env, (line) => console.error(`[storage] ${line}`));
  try {
    const report = await sweepStorage(database.db, storage, new Date(), options);
    const verb = options.dryRun ? 'would remove' : 'removed';
    console.error(
      `[storage] ${storage.description}, rows in ${database.description}: ${report.scanned} object(s), ${verb} ${report.removed.length} orphaned and ${report.incomplete} incomplete`,
    );
    console.log(JSON.stringify({ dryRun: options.dryRun, graceHours: options.graceMs / 3_600_000, ...report }, null, 2));
    return 0;
  } finally {
    await database.close();
  }
}

runAndExit('storage', main);
