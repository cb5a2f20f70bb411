import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, loggedIn, startTestApi, type TestApi } from '../../test/api';
import { parseSegmentCommand, runSegmentCommand, SegmentCommandError, UsageError } from './segment-command';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('the command line', () => {
  it.each<[string[], unknown]>([
    [['--help'], { kind: 'help' }],
    [['--', '--email', ' a@b.jp '], { kind: 'show', emails: ['a@b.jp'] }],
    [['--email', 'a@b.jp', '--email', 'c@d.jp', '--segment', 'pilot-2'], { kind: 'set', emails: ['a@b.jp', 'c@d.jp'], segment: 'pilot-2' }],
    [['--email', 'a@b.jp', '--clear'], { kind: 'set', emails: ['a@b.jp'], segment: null }],
  ])('%j', (argv, command) => {
    expect(parseSegmentCommand(argv)).toEqual(command);
  });

  it.each([
    [[], '--email is required'],
    [['--segment', 'pilot'], '--email is required'],
    [['--email', 'a@b.jp', '--segment', 'pilot', '--clear'], '--segment and --clear exclude each other'],
    [['--email', 'a@b.jp', '--segment', 'a b'], '--segment must be letters, digits, _ or -'],
    [['--email', 'a@b.jp', 'extra'], 'Unexpected argument'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSegmentCommand(argv)).toThrow(UsageError);
    expect(() => parseSegmentCommand(argv)).toThrow(message);
  });
});

describe('runSegmentCommand', () => {
  const segmentOf = async (agent: Awaited<ReturnType<typeof loggedIn>>) =>
    (await agent.post('/api/me/', {})).json<{ user_segment: string | null }>().user_segment;

  it('puts accounts in a segment and takes them out, audited with before/after; the applicant sees it', async () => {
    const [a, b] = [await createUser(api), await createUser(api)];
    const now = api.clock.now();
    const set = await runSegmentCommand(
      api.database.drizzle,
      { kind: 'set', emails: [a.email.toUpperCase(), b.email], segment: 'pilot' },
      now,
      'operator:test',
    );
    expect(set.map((r) => [r.segment, r.before])).toEqual([
      ['pilot', null],
      ['pilot', null],
    ]);
    expect(await segmentOf(await loggedIn(api, a))).toBe('pilot');
    const shown = await runSegmentCommand(api.database.drizzle, { kind: 'show', emails: [b.email] }, now);
    expect(shown).toEqual([{ user_id: set[1]!.user_id, email: b.email, segment: 'pilot' }]);

    await runSegmentCommand(api.database.drizzle, { kind: 'set', emails: [a.email], segment: null }, now, 'operator:test');
    expect(await segmentOf(await loggedIn(api, a))).toBeNull();
    const rows = (await auditRows(api, 'account.segment_changed')).filter((r) => r.subject_id === String(set[0]!.user_id));
    expect(rows.map((r) => [r.actor, r.data])).toEqual([
      ['operator:test', { before: { user_segment: null }, after: { user_segment: 'pilot' } }],
      ['operator:test', { before: { user_segment: 'pilot' }, after: { user_segment: null } }],
    ]);
  });

  it('an unknown address changes nobody (one transaction)', async () => {
    const a = await createUser(api);
    await expect(
      runSegmentCommand(api.database.drizzle, { kind: 'set', emails: [a.email, 'nobody@example.jp'], segment: 'pilot' }, api.clock.now()),
    ).rejects.toThrow(new SegmentCommandError('no account has the address nobody@example.jp'));
    expect(await segmentOf(await loggedIn(api, a))).toBeNull();
  });
});
