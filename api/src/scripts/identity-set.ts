// Operator command: `pnpm --filter @app/api run identity:set -- --email a@b.jp --status confirmed --valid-date 2031-03-31`.
// See modules/identity-review/set-command.ts for the options.
import { openCliDatabase } from '../db/cli-database';
import { env } from '../env';
import { IDENTITY_SET_USAGE, IdentityCommandError, parseIdentityCommand, runIdentityCommand } from '../modules/identity-review/set-command';
import { parseOperatorCommand, runAndExit } from './operator-cli';

async function main(): Promise<number> {
  const command = parseOperatorCommand(parseIdentityCommand, IDENTITY_SET_USAGE);
  if (typeof command === 'number') return command;
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

runAndExit('identity', main);
