import os from 'node:os';
import { parseArgs } from 'node:util';
import { isIdentityExpired, REVIEW_STATUS, reviewStatusName, toIsoDate, type ReviewStatusName } from '@app/shared/domain';
import { eq } from 'drizzle-orm';
import { drfDateTime, findUserByEmail } from '../../accounts/users';
import { writeAudit } from '../../audit';
import type { Db } from '../../context';
import { users, type User } from '../../db/schema';
import { UsageError } from '../system-settings/suppress-command';

export { UsageError };

/** The review statuses of spec §4 by name, as the command takes them. */
export const IDENTITY_STATUSES = Object.keys(REVIEW_STATUS) as ReviewStatusName[];

export const IDENTITY_SET_USAGE = `Usage: pnpm --filter @app/api run identity:set -- --email <address> [--status <status> [--valid-date YYYY-MM-DD]]

Records the review of an applicant's identity document (本人確認, spec §4) until the back office
exists: sets identity_confirmation and identity_valid_date of the account with that address.
Without --status it prints the account's current identity state.

  --email <a>          the account's login address (any case)
  --status <s>         ${IDENTITY_STATUSES.join(' | ')}
  --valid-date <d>     the last day the identity counts as valid (YYYY-MM-DD):
                       required with confirmed (not before today in Japan); with expired it replaces
                       the stored date (else kept); not allowed otherwise (the stored date is cleared)
  --help               this text`;

export type IdentityCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'show'; readonly email: string }
  | { readonly kind: 'set'; readonly email: string; readonly status: ReviewStatusName; readonly validDate: string | undefined };

/** Reads the command line (a leading `--` from `pnpm run … --` is ignored). */
export function parseIdentityCommand(argv: readonly string[]): IdentityCommand {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: 'string' },
        status: { type: 'string' },
        'valid-date': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { email, status, 'valid-date': validDateText, help } = parsed.values;
  if (help) return { kind: 'help' };
  if (email === undefined || email.trim() === '') throw new UsageError('--email is required');
  if (status === undefined) {
    if (validDateText !== undefined) throw new UsageError('--valid-date needs --status');
    return { kind: 'show', email: email.trim() };
  }
  if (!(IDENTITY_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status must be one of ${IDENTITY_STATUSES.join(', ')} (got "${status}")`);
  }
  const name = status as ReviewStatusName;
  let validDate: string | undefined;
  if (validDateText !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(validDateText)) throw new UsageError(`--valid-date must be YYYY-MM-DD (got "${validDateText}")`);
    try {
      validDate = toIsoDate(validDateText);
    } catch {
      throw new UsageError(`--valid-date is not a calendar day (got "${validDateText}")`);
    }
  }
  if (name === 'confirmed' && validDate === undefined) throw new UsageError('--status confirmed needs --valid-date');
  if (name !== 'confirmed' && name !== 'expired' && validDate !== undefined) {
    throw new UsageError(`--valid-date goes with confirmed or expired, not ${name} (whose valid date is cleared)`);
  }
  return { kind: 'set', email: email.trim(), status: name, validDate };
}

/** An account's identity state as the command prints it. */
export interface IdentityState {
  readonly identity_confirmation: ReviewStatusName;
  readonly identity_valid_date: string | null;
}

export interface IdentityCommandResult extends IdentityState {
  readonly user_id: number;
  readonly email: string;
  /** For `set`: the state before. */
  readonly before?: IdentityState;
}

/** An operator's error that is not about the command line (exit 1): no such account, a date in the past. */
export class IdentityCommandError extends Error {
  override name = 'IdentityCommandError';
}

const stateOf = (user: Pick<User, 'identityConfirmation' | 'identityValidDate'>): IdentityState => ({
  identity_confirmation: reviewStatusName(user.identityConfirmation) ?? 'nothing',
  identity_valid_date: user.identityValidDate,
});

/**
 * Runs a parsed command: shows the account's identity state, or sets it and writes
 * `identity.reviewed` (before/after, actor `operator:<login name>`) in the same transaction. The
 * profile's `version` is not bumped (the review is not an edit of the profile form).
 */
export async function runIdentityCommand(
  db: Db,
  command: Exclude<IdentityCommand, { kind: 'help' }>,
  now: Date,
  actor = `operator:${os.userInfo().username}`,
): Promise<IdentityCommandResult> {
  const user = await findUserByEmail(db, command.email);
  if (user === undefined) throw new IdentityCommandError(`no account has the address ${command.email}`);
  const before = stateOf(user);
  if (command.kind === 'show') return { user_id: user.id, email: user.email, ...before };

  const today = drfDateTime(now).slice(0, 10); // the day in Japan
  const validDate = command.status === 'confirmed' || command.status === 'expired' ? (command.validDate ?? user.identityValidDate) : null;
  if (command.status === 'confirmed' && validDate !== null && isIdentityExpired(validDate, today)) {
    throw new IdentityCommandError(`--valid-date ${validDate} is before today (${today}): the identity would be expired at once`);
  }
  const after: IdentityState = { identity_confirmation: command.status, identity_valid_date: validDate };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ identityConfirmation: REVIEW_STATUS[command.status], identityValidDate: validDate, updatedAt: now })
      .where(eq(users.id, user.id));
    await writeAudit(tx, { event: 'identity.reviewed', at: now, actor, userId: user.id, data: { before, after } });
  });
  return { user_id: user.id, email: user.email, ...after, before };
}
