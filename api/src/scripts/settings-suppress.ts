// Operator command: `pnpm --filter @app/api run settings:suppress -- --method stop_new_entry --message "…"`.
// See modules/system-settings/suppress-command.ts for the options.
import { openCliDatabase } from '../db/cli-database';
import { env } from '../env';
import { parseSuppressCommand, runSuppressCommand, SUPPRESS_USAGE } from '../modules/system-settings/suppress-command';
import { parseOperatorCommand, runAndExit } from './operator-cli';

async function main(): Promise<number> {
  const command = parseOperatorCommand(parseSuppressCommand, SUPPRESS_USAGE);
  if (typeof command === 'number') return command;
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

runAndExit('settings', main);
