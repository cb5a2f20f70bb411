import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../audit';
import type { Db } from '../../context';
import { users } from '../../db/schema';
import { UsageError, parseCommandOptions } from '../system-settings/suppress-command';

export { UsageError };

/** A segment name: what `pnpm release canary <remote> <version> --segment <s>` and `settings:suppress --segment` name. */
const SEGMENT = /^[0-9A-Za-z_-]{1,64}$/;

export const SEGMENT_USAGE = `Usage: pnpm --filter @app/api run users:segment -- --email <address> [--email <address>…] [--segment <s> | --clear]

Puts applicants in a user segment (user_segment), or takes them out: a segment canary
(\`pnpm release canary <remote> <version> --segment <s>\`) reaches exactly its members, and
\`settings:suppress --segment\` too. Without --segment or --clear it prints each account's segment.
Each change is written to the audit log (account.segment_changed).

  --email <a>      an account's login address (any case); repeat for several
  --segment <s>    the segment (letters, digits, _ and -, at most 64)
  --clear          no segment
  --help           this text`;

export type SegmentCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'show'; readonly emails: readonly string[] }
  | { readonly kind: 'set'; readonly emails: readonly string[]; readonly segment: string | null };

export function parseSegmentCommand(argv: readonly string[]): SegmentCommand {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { email, segment, clear, help } = parseCommandOptions(args, {
    email: { type: 'string', multiple: true },
    segment: { type: 'string' },
    clear: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (help) return { kind: 'help' };
  const emails = (email ?? []).map((e) => e.trim()).filter((e) => e !== '');
  if (emails.length === 0) throw new UsageError('--email is required');
  if (segment !== undefined && clear) throw new UsageError('--segment and --clear exclude each other');
  if (segment !== undefined && !SEGMENT.test(segment)) {
    throw new UsageError(`--segment must be letters, digits, _ or - (at most 64; got "${segment}")`);
  }
  if (segment === undefined && !clear) return { kind: 'show', emails };
  return { kind: 'set', emails, segment: clear ? null : (segment ?? null) };
}

/** An operator's error that is not about the command line (exit 1): an address with no account. */
export class SegmentCommandError extends Error {
  override name = 'SegmentCommandError';
}

export interface SegmentResult {
  readonly user_id: number;
  readonly email: string;
  readonly segment: string | null;
  /** For `set`: the segment before. */
  readonly before?: string | null;
}

/** Shows or sets the segment of each account, all in one transaction (an unknown address changes nothing). */
export async function runSegmentCommand(
  db: Db,
  command: Exclude<SegmentCommand, { kind: 'help' }>,
  now: Date,
  actor = `operator:${os.userInfo().username}`,
): Promise<SegmentResult[]> {
  return db.transaction(async (tx) => {
    const results: SegmentResult[] = [];
    for (const email of command.emails) {
      const [user] = await tx
        .select({ id: users.id, email: users.email, segment: users.userSegment })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .for('update');
      if (user === undefined) throw new SegmentCommandError(`no account has the address ${email}`);
      if (command.kind === 'show') {
        results.push({ user_id: user.id, email: user.email, segment: user.segment });
        continue;
      }
      await tx.update(users).set({ userSegment: command.segment }).where(eq(users.id, user.id));
      if (user.segment !== command.segment) {
        await writeAudit(tx, {
          event: 'account.segment_changed',
          at: now,
          actor,
          userId: user.id,
          data: { before: { user_segment: user.segment }, after: { user_segment: command.segment } },
        });
      }
      results.push({ user_id: user.id, email: user.email, segment: command.segment, before: user.segment });
    }
    return results;
  });
}
