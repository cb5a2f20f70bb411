import type { Db } from '../context';
import { openCliDatabase } from '../db/cli-database';
import { env } from '../env';
import { UsageError } from '../modules/system-settings/suppress-command';

/**
 * An operator command's arguments (`process.argv`, after pnpm's `--`): the command to run, or the
 * exit code when there is none — 2 after a usage error (the message and the usage on stderr), 0
 * after `--help` (the usage on stdout).
 */
export function parseOperatorCommand<C extends { kind: string }>(
  parse: (args: string[]) => C,
  usage: string,
): Exclude<C, { kind: 'help' }> | number {
  let command: C;
  try {
    command = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(usage);
    return 0;
  }
  return command as Exclude<C, { kind: 'help' }>;
}

/** Runs an operator command and always exits: the embedded database's handles would keep the process alive. */
export function runAndExit(tag: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`[${tag}] failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

/**
 * A "set, or show" operator command on the database (`identity:set`, `settings:suppress`): parses the
 * arguments, opens the database, runs the command and prints its result as JSON (stdout) and where
 * it was saved to or read from (stderr), then closes the database and exits. An error of the class
 * `refusal` is the command's own answer (its message, exit 1); any other is a failure.
 */
export function runDatabaseCommand<C extends { kind: string }>(options: {
  readonly tag: string;
  readonly parse: (args: string[]) => C;
  readonly usage: string;
  readonly run: (db: Db, command: Exclude<C, { kind: 'help' }>, now: Date) => Promise<unknown>;
  readonly refusal?: new (message: string) => Error;
}): void {
  const { tag } = options;
  runAndExit(tag, async () => {
    const command = parseOperatorCommand(options.parse, options.usage);
    if (typeof command === 'number') return command;
    const database = await openCliDatabase(env, (line) => console.error(`[${tag}] ${line}`));
    try {
      const result = await options.run(database.db, command, new Date());
      console.error(`[${tag}] ${command.kind === 'set' ? 'saved to' : 'read from'} ${database.description}`);
      console.log(JSON.stringify(result, null, 2));
      return 0;
    } catch (error) {
      if (options.refusal === undefined || !(error instanceof options.refusal)) throw error;
      console.error(`[${tag}] ${error.message}`);
      return 1;
    } finally {
      await database.close();
    }
  });
}
