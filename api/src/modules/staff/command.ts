import os from 'node:os';
import {
  ACCOUNT_MESSAGES,
  EmailFieldSchema,
  PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  validatePassword,
  type StaffMember,
  type StaffRole,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { safeParse } from 'zod/mini';
import { hashPassword } from '../../accounts/passwords';
import { writeAudit } from '../../audit';
import type { Db } from '../../context';
import { staffMembers } from '../../db/schema';
import { UsageError, parseCommandOptions } from '../system-settings/suppress-command';
import { findStaffMemberByEmail, listStaffMembers, STAFF_SUBJECT, toStaffMember } from './service';
import { deleteStaffMemberSessions } from '../../accounts/staff-sessions';
import { newTotpSecret, totpUri } from './totp';
import { encryptTotpSecret } from './totp-secret';
import { installCommonPasswordList } from '../password/common-passwords';

export { UsageError };

/**
 * The operator's commands for staff accounts (there is no sign-up for staff, and no page to make
 * the first admin): `pnpm --filter @app/api run staff:create|staff:disable|staff:reset-totp|staff:list`.
 * The script (scripts/staff.ts) reads the command line and the password; this module does the
 * work, so the tests run it on a real database.
 */

export const STAFF_USAGE = `Usage: pnpm --filter @app/api run staff:<command> -- [options]

Staff accounts of the back office (reviewer, approver, admin), each with a password and a TOTP
authenticator app as the second factor.

  staff:create -- --email <address> --name <name> --role <role> [--password-stdin]
        creates the account and prints, once, the otpauth:// URI and the base32 secret for the
        authenticator app. The password is asked for twice on the terminal (not shown), or read
        from standard input with --password-stdin (one line).
  staff:disable -- --email <address>
        the account can no longer log in; its sessions end at once.
  staff:reset-totp -- --email <address>
        a new authenticator secret (a lost phone, or a changed STAFF_TOTP_KEY); prints it once;
        the account's sessions end.
  staff:list
        every staff account (no secrets).

  --role <role>        ${STAFF_ROLES.join(' | ')}
  --help               this text`;

/** Staff passwords are longer than applicants' (Django's rules apply too). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
const NAME_MAX_LENGTH = 100;

export type StaffCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'create'; readonly email: string; readonly name: string; readonly role: StaffRole; readonly passwordStdin: boolean }
  | { readonly kind: 'disable'; readonly email: string }
  | { readonly kind: 'reset-totp'; readonly email: string }
  | { readonly kind: 'list' };

const SUBCOMMANDS = ['create', 'disable', 'reset-totp', 'list'] as const;

/** Reads the command line: the subcommand, then its options (a `--` from `pnpm run … --` is ignored). */
export function parseStaffCommand(argv: readonly string[]): StaffCommand {
  const args = argv.filter((arg) => arg !== '--');
  const [subcommand, ...rest] = args;
  if (subcommand === '--help' || subcommand === 'help') return { kind: 'help' };
  if (subcommand === undefined || !(SUBCOMMANDS as readonly string[]).includes(subcommand)) {
    throw new UsageError(`the command must be one of ${SUBCOMMANDS.join(', ')}${subcommand === undefined ? '' : ` (got "${subcommand}")`}`);
  }
  const values = parseCommandOptions(rest, {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    'password-stdin': { type: 'boolean' },
    help: { type: 'boolean' },
  });
  const { email, name, role, 'password-stdin': passwordStdin, help } = values;
  if (help) return { kind: 'help' };
  const only = (allowed: readonly string[]) => {
    const extra = Object.keys(values).filter((key) => !allowed.includes(key));
    if (extra.length > 0) throw new UsageError(`${subcommand} does not take --${extra.join(', --')}`);
  };
  if (subcommand === 'list') {
    only([]);
    return { kind: 'list' };
  }
  const address = email?.trim() ?? '';
  if (address === '') throw new UsageError('--email is required');
  if (!safeParse(EmailFieldSchema, address).success) throw new UsageError(`--email is not an e-mail address (got "${address}")`);
  if (subcommand === 'disable' || subcommand === 'reset-totp') {
    only(['email']);
    return { kind: subcommand, email: address };
  }
  const trimmedName = name?.normalize('NFC').trim() ?? '';
  if (trimmedName === '') throw new UsageError('--name is required');
  if ([...trimmedName].length > NAME_MAX_LENGTH) throw new UsageError(`--name is longer than ${NAME_MAX_LENGTH} characters`);
  if (role === undefined) throw new UsageError('--role is required');
  if (!(STAFF_ROLES as readonly string[]).includes(role))
    throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')} (got "${role}")`);
  return { kind: 'create', email: address, name: trimmedName, role: role as StaffRole, passwordStdin: passwordStdin ?? false };
}

/** An operator's error that is not about the command line (exit 1): an address taken or unknown, a weak password. */
export class StaffCommandError extends Error {
  override name = 'StaffCommandError';
}

/** What a staff password must satisfy: Django's rules (similar to the address or name, common, digits only) and 12 characters. */
export function staffPasswordProblems(password: string, attributes: { email: string; name: string }): string[] {
  installCommonPasswordList();
  const applicantsMinimum = ACCOUNT_MESSAGES.passwordTooShort(PASSWORD_MIN_LENGTH);
  const problems = validatePassword(password, { email: attributes.email, last_name: attributes.name }).filter(
    (p) => p !== applicantsMinimum,
  );
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) problems.push(ACCOUNT_MESSAGES.passwordTooShort(STAFF_PASSWORD_MIN_LENGTH));
  return problems;
}

/** What the operator hands to the staff member's authenticator app (shown once, never stored in clear). */
export interface TotpEnrolment {
  readonly otpauth_uri: string;
  readonly secret_base32: string;
}

const operatorActor = () => `operator:${os.userInfo().username}`;

function enrolment(email: string, totpKey: Buffer): TotpEnrolment & { readonly encrypted: string } {
  const secret = newTotpSecret();
  return { otpauth_uri: totpUri(secret, email), secret_base32: secret, encrypted: encryptTotpSecret(secret, totpKey) };
}

/** Creates a staff account (audited as `staff.created`) and returns it with its authenticator enrolment. */
export async function createStaffMember(
  db: Db,
  input: { email: string; name: string; role: StaffRole; password: string },
  now: Date,
  totpKey: Buffer,
  actor = operatorActor(),
): Promise<{ member: StaffMember; totp: TotpEnrolment }> {
  const problems = staffPasswordProblems(input.password, input);
  if (problems.length > 0) throw new StaffCommandError(`the password is refused:\n  ${problems.join('\n  ')}`);
  if ((await findStaffMemberByEmail(db, input.email)) !== undefined) {
    throw new StaffCommandError(`a staff account with the address ${input.email} exists already`);
  }
  const { encrypted, ...totp } = enrolment(input.email, totpKey);
  const passwordHash = await hashPassword(input.password);
  const member = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffMembers)
      .values({
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash,
        totpSecretEncrypted: encrypted,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (row === undefined) throw new Error('the staff account was not stored');
    await writeAudit(tx, {
      event: 'staff.created',
      at: now,
      actor,
      subjectType: STAFF_SUBJECT,
      subjectId: String(row.id),
      data: { email: row.email, name: row.name, role: row.role },
    });
    return row;
  });
  return { member: toStaffMember(member), totp };
}

async function existing(db: Db, email: string) {
  const member = await findStaffMemberByEmail(db, email);
  if (member === undefined) throw new StaffCommandError(`no staff account has the address ${email}`);
  return member;
}

/** Disables a staff account: no more logins, its sessions deleted (audited as `staff.disabled`). */
export async function disableStaffMember(
  db: Db,
  email: string,
  now: Date,
  actor = operatorActor(),
): Promise<{ member: StaffMember; sessions_ended: number }> {
  const member = await existing(db, email);
  if (member.disabledAt !== null)
    throw new StaffCommandError(`${member.email} has been disabled already (${member.disabledAt.toISOString()})`);
  return changeAndEndSessions(db, member, { disabledAt: now, updatedAt: now }, { event: 'staff.disabled', now, actor });
}

/**
 * Changes the account, ends every session of it and audits `event` (with the address and how many
 * sessions ended), in one transaction: disabling it, or a new authenticator.
 */
async function changeAndEndSessions(
  db: Db,
  member: NonNullable<Awaited<ReturnType<typeof findStaffMemberByEmail>>>,
  set: Partial<typeof staffMembers.$inferInsert>,
  audit: { event: 'staff.disabled' | 'staff.totp_reset'; now: Date; actor: string },
): Promise<{ member: StaffMember; sessions_ended: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(staffMembers).set(set).where(eq(staffMembers.id, member.id)).returning();
    if (row === undefined) throw new Error('the staff account vanished');
    const sessionsEnded = await deleteStaffMemberSessions(tx, member.id);
    await writeAudit(tx, {
      event: audit.event,
      at: audit.now,
      actor: audit.actor,
      subjectType: STAFF_SUBJECT,
      subjectId: String(member.id),
      data: { email: member.email, sessions_ended: sessionsEnded },
    });
    return { member: toStaffMember(row), sessions_ended: sessionsEnded };
  });
}

/** A new authenticator secret for the account (the old app stops working; sessions end); audited as `staff.totp_reset`. */
export async function resetStaffTotp(
  db: Db,
  email: string,
  now: Date,
  totpKey: Buffer,
  actor = operatorActor(),
): Promise<{ member: StaffMember; totp: TotpEnrolment; sessions_ended: number }> {
  const member = await existing(db, email);
  const { encrypted, ...totp } = enrolment(member.email, totpKey);
  const changed = await changeAndEndSessions(
    db,
    member,
    { totpSecretEncrypted: encrypted, totpLastCounter: null, updatedAt: now },
    { event: 'staff.totp_reset', now, actor },
  );
  return { ...changed, totp };
}

export const listStaffAccounts = async (db: Db): Promise<StaffMember[]> => (await listStaffMembers(db)).map(toStaffMember);
