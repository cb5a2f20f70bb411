// Operator command: `pnpm --filter @app/api run settings:suppress -- --method stop_new_entry --message "…"`.
// See modules/system-settings/suppress-command.ts for the options.
import { openCliDatabase } from '../db/cli-database';
import { env } from '../env';
import { parseSuppressCommand, runSuppressCommand, SUPPRESS_USAGE, UsageError } from '../modules/system-settings/suppress-command';

async function main(): Promise<number> {
  let command;
  try {
    command = parseSuppressCommand(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${SUPPRESS_USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(SUPPRESS_USAGE);
    return 0;
  }
  const database = await openCliDatabase(env, (line) => console.error(`[settings] ${line}`));
  try {
    const setting = await runSuppressCommand(database.db, command, new Date());
    console.error(`[settings] ${command.kind === 'set' ? 'saved to' : 'read from'} ${database.description}`);
    console.log(JSON.stringify(setting, null, 2));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[settings] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
