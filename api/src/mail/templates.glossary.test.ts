import { describeGlossaryViolations, findGlossaryViolations, TERMS } from '@app/contracts/copy/glossary';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer';
import * as templates from './templates';

/**
 * Every mail the API sends speaks the glossary's terms (contracts/src/copy/glossary.ts): each template
 * rendered with a sample, its subject, text and HTML checked. A new template must get a sample here
 * (the type below fails to compile without one, and the first test fails at run time).
 */

type Templates = typeof templates;
type TemplateName = {
  [K in keyof Templates]: K extends `${string}Mail` ? (Templates[K] extends (input: never) => MailMessage ? K : never) : never;
}[keyof Templates];
type Samples = { readonly [K in TemplateName]: Parameters<Templates[K]>[0] };

const person = { to: 'taro@example.jp', lastName: '山田', firstName: '太郎' };
const at = new Date('2026-04-01T00:30:00.000Z');
const entry = { ...person, code: 'E-000021', url: 'http://localhost:3000/entry/detail/21' };
const bankAccount = 'みずほ銀行 渋谷支店 普通 7654321 ヤマダ タロウ';

const SAMPLES: Samples = {
  activationMail: { ...person, url: 'http://localhost:3000/register/activation?uid=1&token=t' },
  passwordResetMail: { ...person, url: 'http://localhost:3000/profile/password/reset/reset/?uid=1&token=t' },
  mailChangeMail: { ...person, url: 'http://localhost:3000/profile/mail/change/done?token=t' },
  mailChangedMail: { ...person, newEmail: 'new@example.jp', at },
  passwordChangedMail: { ...person, at },
  registrationPendingMail: { to: person.to, freeFrom: at, now: at, registerUrl: 'http://localhost:3000/register' },
  bankAccountChangedMail: { ...person, at, bankAccount },
  staffDigestMail: {
    to: 'shinsa-team@example.jp',
    kind: 'received',
    items: [{ code: 'E-000021', at }],
    total: 1,
    digestMinutes: 15,
    queueUrl: 'http://localhost:3000/backoffice/queue',
  },
  entryReceivedMail: {
    ...person,
    at,
    code: 'E-000021',
    claims: [
      { obligerCompanyName: '株式会社サンプル商事', amount: '1100000' },
      { obligerCompanyName: '合同会社みほん', amount: '550000' },
    ],
    purchaseAmountDesired: '1200000',
    url: entry.url,
  },
  entryInadequateMail: {
    ...entry,
    documents: [{ label: '入出金明細', reason: '通帳の明細が直近3か月分そろっていません。' }],
  },
  entryResubmittedMail: { ...entry, at },
  entryReviewedMail: { ...entry, purchaseAmount: '759340', contractPeriod: '2026年4月8日' },
  entryRejectedMail: entry,
  entryOfferWithdrawnMail: { ...entry, reason: '売掛先の信用状況が変わったため、今回のご提案を取り下げます。' },
  entryContractedMail: { ...entry, at, purchaseAmount: '759340' },
  entryTransferredMail: { ...entry, at, purchaseAmount: '759340', bankAccount },
  entryCancelledMail: { ...entry, at },
  entryBankAccountChangedMail: { ...entry, at, before: bankAccount, after: 'ゆうちょ銀行 〇一八支店 普通 1234567 ヤマダ タロウ' },
};

const templateNames = Object.keys(templates).filter(
  (name): name is TemplateName => name.endsWith('Mail') && typeof templates[name as keyof Templates] === 'function',
);

const render = (name: TemplateName): MailMessage => (templates[name] as (input: unknown) => MailMessage)(SAMPLES[name]);

/** What a reader of the mail reads: the subject, the text, and the HTML's text (tags taken out). */
const readable = (mail: MailMessage) => [mail.subject, mail.text, mail.html.replace(/<[^>]*>/g, '')].join('\n');

describe('mails speak the glossary’s terms', () => {
  it('has a sample for every template', () => {
    expect(templateNames.length).toBeGreaterThanOrEqual(14);
    expect(templateNames.filter((name) => !(name in SAMPLES))).toEqual([]);
  });

  it.each(templateNames)('%s: no banned variant in its subject, text or HTML', (name) => {
    const mail = render(name);
    expect(mail.text.length).toBeGreaterThan(0);
    expect(describeGlossaryViolations(findGlossaryViolations(readable(mail)))).toEqual([]);
  });

  it('every subject, and the entry mails name the entry by its 申込番号', () => {
    expect(describeGlossaryViolations(findGlossaryViolations(Object.values(templates.MAIL_SUBJECTS).join('\n')))).toEqual([]);
    for (const name of templateNames.filter((n) => n.startsWith('entry')))
      expect(render(name).text).toContain(`${TERMS.entryCode}: E-000021`);
  });

  it('would catch a variant: the check is not blind to a mail (a deliberately bad one)', () => {
    const bad: MailMessage = {
      ...render('entryCancelledMail'),
      subject: '【ツムギ 請求書買取】お申込みを取り消しました（受付番号: E-000021）',
    };
    expect(findGlossaryViolations(readable(bad)).map((v) => v.term)).toEqual([TERMS.application, TERMS.entryCode]);
  });
});
