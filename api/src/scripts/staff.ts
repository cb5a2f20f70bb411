// Operator commands for staff accounts:
//   pnpm --filter @app/api run staff:create -- --email a@b.jp --name 山田 --role reviewer [--password-stdin]
//   pnpm --filter @app/api run staff:disable -- --email a@b.jp
//   pnpm --filter @app/api run staff:reset-totp -- --email a@b.jp
//   pnpm --filter @app/api run staff:list
// See modules/staff/command.ts for the options.
import { openCliDatabase } from '../db/cli-database';
import { env } from '../env';
import {
  createStaffMember,
  disableStaffMember,
  listStaffAccounts,
  parseStaffCommand,
  resetStaffTotp,
  STAFF_USAGE,
  StaffCommandError,
  staffPasswordProblems,
  UsageError,
  type TotpEnrolment,
} from '../modules/staff/command';
import { TOTP_SETTINGS } from '../modules/staff/totp';
import { totpKeyFor } from '../modules/staff/totp-secret';
import { parseOperatorCommand, runAndExit } from './operator-cli';

const log = (line: string) => console.error(`[staff] ${line}`);

/** All of standard input, its first line (without the line break): `echo "$PW" | … --password-stdin`. */
async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').normalize('NFC');
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    // No echo before the prompt shows, so nothing typed early appears either.
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    process.stderr.write(prompt);
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(value.normalize('NFC'));
          return;
        }
        if (character === '\u0003' || character === '\u0004') {
          finish();
          reject(new StaffCommandError('cancelled'));
          return;
        }
        if (character === '\u007f' || character === '\b') value = [...value].slice(0, -1).join('');
        else value += character;
      }
    };
    stdin.on('data', onData);
  });
}

/** The new account's password: from stdin, or asked twice on the terminal (again while it is refused). */
async function readPassword(command: { email: string; name: string; passwordStdin: boolean }): Promise<string> {
  if (command.passwordStdin) {
    const password = await readStdinLine();
    if (password === '') throw new StaffCommandError('standard input gave no password');
    const problems = staffPasswordProblems(password, command);
    if (problems.length > 0) throw new StaffCommandError(`the password is refused:\n  ${problems.join('\n  ')}`);
    return password;
  }
  if (!process.stdin.isTTY) throw new UsageError('no terminal to ask for the password on: pipe it in with --password-stdin');
  for (let attempt = 1; ; attempt++) {
    const password = await askHidden(`Password for ${command.email}: `);
    const problems = staffPasswordProblems(password, command);
    if (problems.length > 0) {
      log(`the password is refused:\n  ${problems.join('\n  ')}`);
      if (attempt === 3) throw new StaffCommandError('no acceptable password given');
      continue;
    }
    if ((await askHidden('The same password again: ')) === password) return password;
    log('the two passwords differ');
    if (attempt === 3) throw new StaffCommandError('no acceptable password given');
  }
}

function printEnrolment(email: string, totp: TotpEnrolment): void {
  const grouped = totp.secret_base32.replace(/(.{4})/g, '$1 ').trim();
  console.log(`
Authenticator app for ${email} — shown this once; hand it over privately, then clear the screen:

  ${totp.otpauth_uri}

  secret (base32): ${grouped}
  type TOTP, ${TOTP_SETTINGS.algorithm}, ${TOTP_SETTINGS.digits} digits, every ${TOTP_SETTINGS.period} seconds

Scan the URI as a QR code (e.g. qrencode -t ansiutf8 '<the URI>') or type the secret into the app.`);
}

async function main(): Promise<number> {
  const command = parseOperatorCommand(parseStaffCommand, STAFF_USAGE);
  if (typeof command === 'number') return command;
  if ((command.kind === 'create' || command.kind === 'reset-totp') && env.STAFF_TOTP_KEY === undefined) {
    log('STAFF_TOTP_KEY is not set: the secret is stored under the development key (fine on a laptop, never for real staff)');
  }
  let password = '';
  try {
    if (command.kind === 'create') password = await readPassword(command);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${STAFF_USAGE}`);
      return 2;
    }
    if (!(error instanceof StaffCommandError)) throw error;
    log(error.message);
    return 1;
  }

  const database = await openCliDatabase(env, log);
  try {
    const now = new Date();
    log(`using ${database.description}`);
    switch (command.kind) {
      case 'create': {
        const { member, totp } = await createStaffMember(database.db, { ...command, password }, now, totpKeyFor(env));
        console.log(JSON.stringify(member, null, 2));
        printEnrolment(member.email, totp);
        break;
      }
      case 'disable': {
        const result = await disableStaffMember(database.db, command.email, now);
        console.log(JSON.stringify(result, null, 2));
        break;
      }
      case 'reset-totp': {
        const { member, totp, sessions_ended } = await resetStaffTotp(database.db, command.email, now, totpKeyFor(env));
        console.log(JSON.stringify({ member, sessions_ended }, null, 2));
        printEnrolment(member.email, totp);
        break;
      }
      case 'list':
        console.log(JSON.stringify(await listStaffAccounts(database.db), null, 2));
        break;
    }
    return 0;
  } catch (error) {
    if (!(error instanceof StaffCommandError)) throw error;
    log(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

runAndExit('staff', main);
