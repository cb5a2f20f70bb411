import type { Entry } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../audit';
import type { Mailer } from '../../mail/mailer';
import { PUBLIC_URL, auditRows, mailsTo, startTestApi, type TestApi } from '../../test/api';
import { applicant, completeDocument, submit, uploadCompleteFiles } from '../entries/testing';
import { sendStaffDigests, staffDigestsIdle } from './digest';

const STAFF = 'shinsa-team@example.jp';
const MINUTES = 15;

let api: TestApi;
/** The next staff mail fails once (an SMTP server that is down). */
let failNextStaffMail = false;
beforeAll(async () => {
  api = await startTestApi({
    staffNotify: { to: STAFF, digestMinutes: MINUTES },
    mailer: (outbox): Mailer => ({
      ...outbox,
      send: async (message) => {
        if (message.to === STAFF && failNextStaffMail) {
          failNextStaffMail = false;
          throw new Error('SMTP down');
        }
        await outbox.send(message);
      },
    }),
  });
});
afterAll(async () => {
  await api?.close();
});

async function newEntry(): Promise<{ entry: Entry; companyName: string; lastName: string }> {
  const a = await applicant(api);
  const response = await submit(a.agent, completeDocument(await uploadCompleteFiles(a.agent)));
  expect(response.statusCode).toBe(201);
  const [row] = (await api.database.pool.query('select company_name, last_name from users where id = $1', [a.user.id])).rows as {
    company_name: string;
    last_name: string;
  }[];
  return { entry: response.json<Entry>(), companyName: row?.company_name ?? '', lastName: row?.last_name ?? '' };
}

const staffMails = async () => {
  await staffDigestsIdle(api.context);
  return mailsTo(api, STAFF);
};

describe('the staff digest (STAFF_NOTIFY_EMAIL)', () => {
  it('mails the team when an entry arrives: its 申込番号 and the queue, never the applicant’s name', async () => {
    const { entry, companyName, lastName } = await newEntry();
    const mails = await staffMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('【ツムギ 請求書買取 管理】新しいお申し込みが1件あります');
    expect(mail?.text).toContain(`申込番号 ${entry.code}（`);
    expect(mail?.text).toContain(`${PUBLIC_URL}/backoffice/queue`);
    expect(mail?.text).toContain(`${MINUTES}分に1通まで`);
    for (const name of [companyName, lastName].filter((text) => text !== '')) expect(mail?.text).not.toContain(name);
    const [notified] = await auditRows(api, 'staff.notified');
    expect(notified?.data).toMatchObject({ kind: 'received', count: 1 });
  });

  it('sends at most one mail per kind per window: what comes meanwhile waits, then comes in one mail', async () => {
    const second = await newEntry();
    const third = await newEntry();
    expect(await staffMails()).toHaveLength(1);
    expect(await sendStaffDigests(api.context)).toEqual([]);

    api.clock.advance(MINUTES * 60_000);
    expect(await sendStaffDigests(api.context)).toEqual(['received']);
    const mails = await staffMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toContain('新しいお申し込みが2件');
    expect(mails[1]?.text).toContain(second.entry.code);
    expect(mails[1]?.text).toContain(third.entry.code);
    // Nothing new: nothing sent, however late.
    api.clock.advance(MINUTES * 60_000);
    expect(await sendStaffDigests(api.context)).toEqual([]);
    expect(await staffMails()).toHaveLength(2);
  });

  it('each kind has its own mail and window: resubmissions and signed contracts', async () => {
    const { entry } = await newEntry();
    await staffDigestsIdle(api.context);
    const at = api.clock.now();
    for (const event of ['entry.resubmitted', 'entry.contracted'] as const) {
      await writeAudit(api.context.db, { event, at, subjectType: 'entry', subjectId: String(entry.id) });
    }
    expect((await sendStaffDigests(api.context)).sort()).toEqual(['contracted', 'resubmitted']);
    const subjects = (await staffMails()).map((mail) => mail.subject);
    expect(subjects).toContain('【ツムギ 請求書買取 管理】書類の再提出が1件あります');
    expect(subjects).toContain('【ツムギ 請求書買取 管理】契約の締結（署名）が1件あります');
  });

  it('several runs at once (several API processes) send one mail', async () => {
    // The window of 「新しいお申し込み」 is running (the last test's mail): the entry waits for it.
    const before = (await staffMails()).length;
    const { entry } = await newEntry();
    expect(await staffMails()).toHaveLength(before);
    api.clock.advance(MINUTES * 60_000);
    const runs = await Promise.all([sendStaffDigests(api.context), sendStaffDigests(api.context), sendStaffDigests(api.context)]);
    expect(runs.flat()).toEqual(['received']);
    const mails = await staffMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text).toContain(entry.code);
  });

  it('a mail that could not be sent is not counted as sent: the next run sends it', async () => {
    api.clock.advance(MINUTES * 60_000);
    const before = (await staffMails()).length;
    const notifiedBefore = (await auditRows(api, 'staff.notified')).length;
    failNextStaffMail = true;
    // The request's own run meets the failing server (and logs it).
    const { entry } = await newEntry();
    expect(await staffMails()).toHaveLength(before);
    expect(await auditRows(api, 'staff.notified')).toHaveLength(notifiedBefore);
    expect(await sendStaffDigests(api.context)).toEqual(['received']);
    const mails = await staffMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text).toContain(entry.code);
  });
});

describe('without STAFF_NOTIFY_EMAIL', () => {
  it('sends no staff mail', async () => {
    const plain = await startTestApi();
    try {
      expect(plain.context.staffNotify).toBeUndefined();
      expect(await sendStaffDigests(plain.context)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
