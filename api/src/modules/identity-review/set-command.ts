import os from 'node:os';
import { REVIEW_STATUS, toIsoDate, type ReviewStatusName } from '@app/contracts/domain';
import { findUserByEmail } from '../../accounts/users';
import type { Db } from '../../context';
import { UsageError, parseCommandOptions } from '../system-settings/suppress-command';
import { identityStateOfUser, IdentityReviewError, reviewIdentity, type IdentityState } from './review';

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
  const {
    email,
    status,
    'valid-date': validDateText,
    help,
  } = parseCommandOptions(args, {
    email: { type: 'string' },
    status: { type: 'string' },
    'valid-date': { type: 'string' },
    help: { type: 'boolean' },
  });
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
export type { IdentityState };

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

/**
 * Runs a parsed command: shows the account's identity state, or sets it and writes
 * `identity.reviewed` (before/after, actor `operator:<login name>`) in the same transaction
 * (review.ts `reviewIdentity`, which the back office uses too). The profile's `version` is not bumped
 * (the review is not an edit of the profile form).
 */
export async function runIdentityCommand(
  db: Db,
  command: Exclude<IdentityCommand, { kind: 'help' }>,
  now: Date,
  actor = `operator:${os.userInfo().username}`,
): Promise<IdentityCommandResult> {
  const user = await findUserByEmail(db, command.email);
  if (user === undefined) throw new IdentityCommandError(`no account has the address ${command.email}`);
  if (command.kind === 'show') return { user_id: user.id, email: user.email, ...identityStateOfUser(user) };
  try {
    const { before, after } = await reviewIdentity(db, {
      userId: user.id,
      status: command.status,
      validDate: command.validDate,
      now,
      actor,
    });
    return { user_id: user.id, email: user.email, ...after, before };
  } catch (error) {
    if (error instanceof IdentityReviewError && error.reason.kind === 'pastValidDate') {
      const { validDate, today } = error.reason;
      throw new IdentityCommandError(`--valid-date ${validDate} is before today (${today}): the identity would be expired at once`);
    }
    if (error instanceof IdentityReviewError && error.reason.kind === 'notFound') {
      throw new IdentityCommandError(`no account has the address ${command.email}`);
    }
    throw error;
  }
}
