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
