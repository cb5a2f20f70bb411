// Operator command: `pnpm --filter @app/api run identity:set -- --email a@b.jp --status confirmed --valid-date 2031-03-31`.
// See modules/identity-review/set-command.ts for the options.
import { IDENTITY_SET_USAGE, IdentityCommandError, parseIdentityCommand, runIdentityCommand } from '../modules/identity-review/set-command';
import { runDatabaseCommand } from './operator-cli';

runDatabaseCommand({
  tag: 'identity',
  parse: parseIdentityCommand,
  usage: IDENTITY_SET_USAGE,
  run: runIdentityCommand,
  refusal: IdentityCommandError,
});
