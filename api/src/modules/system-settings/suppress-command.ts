import { SUPPRESS_ENTRIES_METHOD } from '@app/contracts/domain';
import os from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { SuppressEntries } from '@app/contracts';
import type { Db } from '../../context';
import { getSuppressEntries, setSuppressEntries } from './service';

/** The suppression methods the site knows (the domain's SUPPRESS_ENTRIES_METHOD). */
export const SUPPRESS_METHODS = Object.values(SUPPRESS_ENTRIES_METHOD);

export const SUPPRESS_USAGE = `Usage: pnpm --filter @app/api run settings:suppress -- [options]

Sets what GET /api/system_settings/supress_entries/ answers (spec §3). The options given replace
the whole setting; without options the current setting is printed.

  --method <m>     ${SUPPRESS_METHODS.join(' | ')}
  --segment <s>    which users it reaches: their user_segment, or a comma-separated list (unset: everybody)
  --message <t>    what applicants are told (Japanese text)
  --clear          remove the suppression (method, segment and message become null)
  --help           this text`;

export type SuppressCommand =
  { readonly kind: 'show' } | { readonly kind: 'help' } | { readonly kind: 'set'; readonly value: SuppressEntries };

export class UsageError extends Error {
  override name = 'UsageError';
}

/** An operator command's options (`parseArgs`, strict, no positionals); a parse error is a UsageError. */
export function parseCommandOptions<const O extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads the command line (a leading `--` from `pnpm run … --` is ignored). */
export function parseSuppressCommand(argv: readonly string[]): SuppressCommand {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { method, segment, message, clear, help } = parseCommandOptions(args, {
    method: { type: 'string' },
    segment: { type: 'string' },
    message: { type: 'string' },
    clear: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (help) return { kind: 'help' };
  const setsSomething = method !== undefined || segment !== undefined || message !== undefined;
  if (clear) {
    if (setsSomething) throw new UsageError('--clear cannot be combined with --method, --segment or --message');
    return { kind: 'set', value: { method: null, segment: null, message: null } };
  }
  if (!setsSomething) return { kind: 'show' };
  if (method === undefined) throw new UsageError('--method is required when setting a suppression');
  if (!(SUPPRESS_METHODS as readonly string[]).includes(method)) {
    throw new UsageError(`--method must be one of ${SUPPRESS_METHODS.join(', ')} (got "${method}")`);
  }
  const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());
  return { kind: 'set', value: { method, segment: text(segment), message: text(message) } };
}

/** Runs a parsed command and returns the setting now in force. */
export async function runSuppressCommand(db: Db, command: SuppressCommand, now: Date): Promise<SuppressEntries> {
  if (command.kind === 'set') return setSuppressEntries(db, command.value, { actor: `operator:${os.userInfo().username}`, now });
  return getSuppressEntries(db);
}
