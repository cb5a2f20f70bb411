// Operator command: `pnpm --filter @app/api run users:segment -- --email a@b.jp --segment pilot`.
// See modules/user-segment/segment-command.ts for the options.
import { SEGMENT_USAGE, SegmentCommandError, parseSegmentCommand, runSegmentCommand } from '../modules/user-segment/segment-command';
import { runDatabaseCommand } from './operator-cli';

runDatabaseCommand({
  tag: 'segment',
  parse: parseSegmentCommand,
  usage: SEGMENT_USAGE,
  run: runSegmentCommand,
  refusal: SegmentCommandError,
});
