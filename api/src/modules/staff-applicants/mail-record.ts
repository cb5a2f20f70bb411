import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../context';
import { mailLog } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';

/**
 * The mail record (`mail_log`): every mail that left, with the account its address belonged to at
 * that moment, the subject and the time — never the body (mails hold activation and reset links).
 * The applicant page of the back office lists them (`GET /api/staff/applicants/{id}/`).
 */
export const mailRecorder =
  (db: Db, now: Clock) =>
  async (message: MailMessage): Promise<void> => {
    await db.insert(mailLog).values({
      toAddress: message.to,
      subject: message.subject,
      sentAt: now(),
      userId: sql`(select id from users where lower(email) = lower(${message.to}))`,
    });
  };
