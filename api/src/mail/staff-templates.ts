import type { MailMessage } from './mailer';
import { SERVICE_NAME, jstDateTime, render } from './layout';

/** What a staff digest reports: new entries, resubmissions, signed contracts (issue 25). */
export type StaffNotifyKind = 'received' | 'resubmitted' | 'contracted';

const WHAT: Record<StaffNotifyKind, { readonly noun: string; readonly next: string }> = {
  received: { noun: '新しいお申し込み', next: '審査キューで書類を確認してください。' },
  resubmitted: { noun: '書類の再提出', next: '審査キューで再提出された書類を確認してください。' },
  contracted: { noun: '契約の締結（署名）', next: '入金の手続きに進んでください。' },
};

export const staffDigestSubject = (kind: StaffNotifyKind, count: number): string =>
  `【${SERVICE_NAME} 管理】${WHAT[kind].noun}が${count}件あります`;

/**
 * To STAFF_NOTIFY_EMAIL: what arrived since the last mail of this kind, as 申込番号 and time (no
 * applicant's name or amount: a team mailbox is not the back office). At most one per kind per
 * STAFF_NOTIFY_DIGEST_MINUTES; what comes in meanwhile waits for the next one.
 */
export function staffDigestMail(input: {
  to: string;
  kind: StaffNotifyKind;
  /** The first ones (up to 50); `total` counts them all. */
  items: readonly { readonly code: string; readonly at: Date }[];
  total: number;
  digestMinutes: number;
  queueUrl: string;
}): MailMessage {
  const { noun, next } = WHAT[input.kind];
  return render({
    to: input.to,
    subject: staffDigestSubject(input.kind, input.total),
    greeting: '審査担当のみなさま',
    intro: [
      `前回のお知らせ以降に、${noun}が${input.total}件ありました。`,
      ...input.items.map((item) => `申込番号 ${item.code}（${jstDateTime(item.at)}）`),
      ...(input.total > input.items.length ? [`ほか${input.total - input.items.length}件`] : []),
      next,
    ],
    link: { url: input.queueUrl, label: '審査キューを開く' },
    outro: [
      `このお知らせは種類ごとに${input.digestMinutes}分に1通までです。その間に届いたものは次のお知らせにまとめます。`,
      '申込者のお名前や金額は、管理画面でのみ確認できます。',
    ],
  });
}
