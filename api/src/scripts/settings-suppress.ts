// Operator command: `pnpm --filter @app/api run settings:suppress -- --method stop_new_entry --message "…"`.
// See modules/system-settings/suppress-command.ts for the options.
import { parseSuppressCommand, runSuppressCommand, SUPPRESS_USAGE } from '../modules/system-settings/suppress-command';
import { runDatabaseCommand } from './operator-cli';

runDatabaseCommand({ tag: 'settings', parse: parseSuppressCommand, usage: SUPPRESS_USAGE, run: runSuppressCommand });
