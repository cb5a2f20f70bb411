// Operator command: `pnpm --filter @app/api run identity:set -- --email a@b.jp --status confirmed --valid-date 2031-03-31`.
// See modules/identity-review/set-command.ts for the options.
import { openCliDatabase } from '../db/cli-database';
import { env } from '../env';
import {
  IDENTITY_SET_USAGE,
  IdentityCommandError,
  parseIdentityCommand,
  runIdentityCommand,
  UsageError,
} from '../modules/identity-review/set-command';

async function main(): Promise<number> {
  let command;
  try {
    command = parseIdentityCommand(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${IDENTITY_SET_USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(IDENTITY_SET_USAGE);
    return 0;
  }
  const database = await openCliDatabase(env, (line) => console.error(`[identity] ${line}`));
  try {
    const result = await runIdentityCommand(database.db, command, new Date());
    console.error(`[identity] ${command.kind === 'set' ? 'saved to' : 'read from'} ${database.description}`);
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    if (!(error instanceof IdentityCommandError)) throw error;
    console.error(`[identity] ${error.message}`);
    return 1;
  } finally {
    await database.close();
  }
}

// The embedded database's handles would keep the process alive: always exit.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[identity] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
