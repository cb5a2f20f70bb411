import { humanTextProblem } from '@app/shared/contracts';
import { formatYen, maskedBankAccountText } from '@app/shared/domain';
import type { MailMessage } from './mailer';

/** The service as the mails name it (BRAND.fullName of the site's copy). */
export const SERVICE_NAME = 'ツムギ 請求書買取';

/** The subjects of the mails, one per template. */
export const MAIL_SUBJECTS = {
  activation: `【${SERVICE_NAME}】メールアドレスのご確認`,
  passwordReset: `【${SERVICE_NAME}】パスワード再設定のご案内`,
  registrationPending: `【${SERVICE_NAME}】会員登録が完了していません`,
  mailChange: `【${SERVICE_NAME}】新しいメールアドレスのご確認`,
  passwordChanged: `【${SERVICE_NAME}】パスワードを変更しました`,
  bankAccountChanged: `【${SERVICE_NAME}】振込先口座を変更しました`,
  mailChanged: `【${SERVICE_NAME}】メールアドレスを変更しました`,
  entryReceived: `【${SERVICE_NAME}】お申し込みを受け付けました`,
  entryInadequate: `【${SERVICE_NAME}】書類の再提出のお願い`,
  entryResubmitted: `【${SERVICE_NAME}】再提出の書類を受け付けました`,
  entryReviewed: `【${SERVICE_NAME}】審査が完了しました（買取条件のご案内）`,
  entryRejected: `【${SERVICE_NAME}】審査結果のお知らせ`,
  entryOfferWithdrawn: `【${SERVICE_NAME}】買取条件のご提案を終了しました`,
  entryContracted: `【${SERVICE_NAME}】ご契約ありがとうございます`,
  entryTransferred: `【${SERVICE_NAME}】買取代金をお振込みしました`,
  entryBankAccountChanged: `【${SERVICE_NAME}】お申し込みの振込先口座を変更しました`,
  entryCancelled: `【${SERVICE_NAME}】お申し込みを取り消しました`,
} as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

interface Layout {
  readonly to: string;
  readonly subject: string;
  readonly greeting: string;
  /** Paragraphs before the link. */
  readonly intro: readonly string[];
  readonly link: { readonly url: string; readonly label: string } | null;
  /** Paragraphs after the link. */
  readonly outro: readonly string[];
}

function render(layout: Layout): MailMessage {
  const footer = ['※このメールは送信専用アドレスから送信しています。ご返信いただいてもお答えできません。', SERVICE_NAME];
  const text = [
    layout.greeting,
    '',
    ...layout.intro,
    '',
    ...(layout.link === null ? [] : [layout.link.url, '']),
    ...layout.outro,
    '',
    '――――――――――――――――――――',
    ...footer,
    '',
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="ja"><head><meta charset="utf-8"><title>' + escapeHtml(layout.subject) + '</title></head>',
    '<body style="font-family: sans-serif; line-height: 1.7; color: #1f2933;">',
    paragraph(layout.greeting),
    ...layout.intro.map(paragraph),
    ...(layout.link === null
      ? []
      : [
          `<p><a href="${escapeHtml(layout.link.url)}">${escapeHtml(layout.link.label)}</a></p>`,
          `<p style="font-size: 0.9em;">リンクを開けない場合は、次のURLをブラウザに貼り付けてください。<br>${escapeHtml(layout.link.url)}</p>`,
        ]),
    ...layout.outro.map(paragraph),
    '<hr>',
    ...footer.map((line) => `<p style="font-size: 0.85em; color: #52606d;">${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to: layout.to, subject: layout.subject, text, html };
}

/** Longest name a greeting prints (family and given name together); a longer one is not a name. */
const GREETING_NAME_MAX = 60;
/** Line breaks, controls, bidi and invisible formatting characters: each becomes a space. */
const NOT_IN_A_LINE = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/gu;

/**
 * The greeting line. The names are what the applicant typed, and the activation mail goes to an
 * address nobody has confirmed yet: the name is printed only as one line of plain text (every line
 * break, control or bidi character a space), and not at all — 「お客様」 — when it is empty, longer
 * than a name, or holds a link, so that no text of theirs reads as ours beside our link.
 */
export function greeting(name: { lastName: string; firstName: string }): string {
  const line = `${name.lastName} ${name.firstName}`.normalize('NFC').replace(NOT_IN_A_LINE, ' ').replace(/\s+/gu, ' ').trim();
  if (line === '' || humanTextProblem(line, { maxLength: GREETING_NAME_MAX, noLinks: true }) !== null) return 'お客様';
  return `${line} 様`;
}

/** After registration: confirm the address (the link works once, for 72 hours). */
export function activationMail(input: { to: string; lastName: string; firstName: string; url: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.activation,
    greeting: greeting(input),
    intro: [
      `${SERVICE_NAME}にご登録いただき、ありがとうございます。`,
      '次のリンクを開いて、メールアドレスの確認を完了してください。確認が済むとログインできるようになります。',
    ],
    link: { url: input.url, label: 'メールアドレスを確認する' },
    outro: ['このリンクの有効期限は72時間で、一度だけ使えます。', 'お心当たりのない場合は、このメールを破棄してください。'],
  });
}

/** Forgotten password: choose a new one (the link works once, for one hour). */
export function passwordResetMail(input: { to: string; lastName: string; firstName: string; url: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.passwordReset,
    greeting: greeting(input),
    intro: ['パスワード再設定のお申し込みを受け付けました。', '次のリンクを開いて、新しいパスワードを設定してください。'],
    link: { url: input.url, label: '新しいパスワードを設定する' },
    outro: [
      'このリンクの有効期限は1時間で、一度だけ使えます。',
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    ],
  });
}

/**
 * A password reset asked for an address whose account was never activated (issue 23): no link
 * that sets a password — whoever registered chose it, and the mailbox's owner may not be that
 * person — and none of the registrant's text (the greeting is お客様). It says what to do: open the
 * activation mail if the registration was theirs, or register anew once the address is free.
 */
export function registrationPendingMail(input: { to: string; freeFrom: Date; now: Date; registerUrl: string }): MailMessage {
  const free = input.freeFrom.getTime() <= input.now.getTime();
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.registrationPending,
    greeting: 'お客様',
    intro: [
      'パスワード再設定のお申し込みを受け付けましたが、このメールアドレスの会員登録は、メールアドレスの確認が済んでいないため、まだ完了していません。',
      free
        ? '確認のリンクは有効期限が切れています。すでに新規登録いただけますので、次のリンクから、あらためてご登録ください。'
        : `ご自身で登録された場合は、登録時にお送りした確認メールのリンクを開いてください（${jstDateTime(input.freeFrom)}まで有効です）。お心当たりのない登録の場合や、確認メールが見当たらない場合は、${jstDateTime(input.freeFrom)}以降に、次のリンクからあらためてご登録いただけます。`,
    ],
    link: { url: input.registerUrl, label: '新規登録のページを開く' },
    outro: ['確認されなかった登録は、自動的に削除されます。', 'お心当たりのない場合は、このメールを破棄してください。'],
  });
}

type Person = { to: string; lastName: string; firstName: string };
const NOT_YOU = 'お心当たりのない場合は、第三者による不正な操作のおそれがあります。至急パスワードを変更のうえ、お問い合わせください。';
/** Local time in Japan, for "when" lines: 2026年11月23日 14:05. */
export const jstDateTime = (date: Date): string => {
  const jst = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${jst.getUTCFullYear()}年${jst.getUTCMonth() + 1}月${jst.getUTCDate()}日 ${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`;
};

/** Mail change: confirm the new address (sent to the NEW address; the link works once, for 24 hours). */
export function mailChangeMail(input: Person & { url: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.mailChange,
    greeting: greeting(input),
    intro: ['ログイン用メールアドレスの変更のお申し込みを受け付けました。', '次のリンクを開くと、このメールアドレスへの変更が完了します。'],
    link: { url: input.url, label: 'メールアドレスの変更を完了する' },
    outro: [
      'このリンクの有効期限は24時間で、一度だけ使えます。',
      'お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。',
    ],
  });
}

/** Notice to the OLD address once the change is done. */
export function mailChangedMail(input: Person & { newEmail: string; at: Date }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.mailChanged,
    greeting: greeting(input),
    intro: [
      `${jstDateTime(input.at)}に、ログイン用メールアドレスを ${input.newEmail} に変更しました。`,
      '今後のお知らせは新しいメールアドレスにお送りします。',
    ],
    link: null,
    outro: [NOT_YOU],
  });
}

/** Notice after a password change (from /profile). */
export function passwordChangedMail(input: Person & { at: Date }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.passwordChanged,
    greeting: greeting(input),
    intro: [`${jstDateTime(input.at)}に、ログインパスワードを変更しました。`],
    link: null,
    outro: [NOT_YOU],
  });
}

/** Notice after the bank account (振込先口座) of the profile changed; the number is masked. */
export function bankAccountChangedMail(input: Person & { at: Date; bankAccount: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.bankAccountChanged,
    greeting: greeting(input),
    intro: [
      `${jstDateTime(input.at)}に、プロフィールの振込先口座を変更しました。`,
      `変更後の口座: ${input.bankAccount === '' ? '（削除されました）' : maskAccountNumber(input.bankAccount)}`,
    ],
    link: null,
    outro: [NOT_YOU],
  });
}

/**
 * After `POST /api/entries/{id}/bank_account/`: the payout account of an offered or signed entry
 * changed. Both accounts, masked; the payout waits for our confirmation; if it was not them, what to do.
 */
export function entryBankAccountChangedMail(
  input: Person & { code: string; at: Date; before: string; after: string; url: string },
): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryBankAccountChanged,
    greeting: greeting(input),
    intro: [
      `${jstDateTime(input.at)}に、お申し込み（申込番号: ${input.code}）の振込先口座を変更しました。`,
      `変更前の口座: ${input.before === '' ? '（未登録）' : maskAccountNumber(input.before)}`,
      `変更後の口座: ${maskAccountNumber(input.after)}`,
      '買取代金のお振込みは、当社で変更後の口座を確認するまでお待ちいただきます。確認のため、お電話することがあります。',
    ],
    link: { label: 'お申し込み内容を確認する', url: input.url },
    outro: [NOT_YOU],
  });
}

/** The bank account string with the account number shown as its last 3 digits only (the domain's one masking, bank-account.ts). */
export const maskAccountNumber = (bankAccount: string): string =>
  maskedBankAccountText(bankAccount) ?? '（口座の情報を読み取れませんでした）';

/**
 * After `POST /api/entries/`: the entry was received (its code, when, the claims), and what happens
 * next — the review, the answer by mail, where to follow it.
 */
export function entryReceivedMail(
  input: Person & {
    at: Date;
    code: string;
    claims: readonly { readonly obligerCompanyName: string; readonly amount: string }[];
    purchaseAmountDesired: string;
    url: string;
  },
): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryReceived,
    greeting: greeting(input),
    intro: [
      `${SERVICE_NAME}をご利用いただき、ありがとうございます。`,
      `${jstDateTime(input.at)}に、次の内容でお申し込みを受け付けました。`,
      `申込番号: ${input.code}`,
      `希望買取額: ${formatYen(input.purchaseAmountDesired)}`,
      ...input.claims.map((claim, index) => `請求書${index + 1}: ${claim.obligerCompanyName}（額面 ${formatYen(claim.amount)}）`),
      'お申し込みの状況と内容は、次のリンクからご確認いただけます。',
    ],
    link: { url: input.url, label: 'お申し込みの内容を確認する' },
    outro: [
      '今後の流れ: 担当者がお申し込みの内容と書類を審査し、結果をメールでお知らせします。',
      '書類に不備があった場合は、その内容をメールでご連絡します。マイページから書類を再提出してください。',
      '審査が完了すると買取のご提案をお送りします。ご契約の手続きはオンラインで完結します。',
      'お心当たりのない場合は、お手数ですがお問い合わせください。',
    ],
  });
}

/** What every entry-status mail names: the applicant, the entry's code and its page. */
type EntryMailInput = Person & { code: string; url: string };

const entryLink = (url: string) => ({ url, label: 'お申し込みの状況を確認する' });

/**
 * The entry was marked inadequate: which documents, why, and that only those are asked again
 * (/entry/resubmit/{id}); everything else is kept.
 */
export function entryInadequateMail(
  input: EntryMailInput & { documents: readonly { readonly label: string; readonly reason: string }[] },
): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryInadequate,
    greeting: greeting(input),
    intro: [
      `お申し込み（申込番号: ${input.code}）の審査で、次の書類を確認できませんでした。`,
      ...input.documents.map((document) => `・${document.label}: ${document.reason}`),
      'お手数ですが、次のリンクから該当する書類だけを再提出してください。ほかの書類やご入力の内容はそのまま引き継がれます。',
    ],
    link: { url: input.url, label: '書類を再提出する' },
    outro: ['再提出いただいた書類を確認し、審査を再開します。'],
  });
}

/** The applicant resubmitted: received, the review goes on. */
export function entryResubmittedMail(input: EntryMailInput & { at: Date }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryResubmitted,
    greeting: greeting(input),
    intro: [
      `${jstDateTime(input.at)}に、お申し込み（申込番号: ${input.code}）の書類の再提出を受け付けました。`,
      '担当者が確認し、審査を再開します。結果はメールでお知らせします。',
    ],
    link: entryLink(input.url),
    outro: [],
  });
}

/** The terms were approved: the amount to be paid, the last day to sign, where to sign. */
export function entryReviewedMail(input: EntryMailInput & { purchaseAmount: string; contractPeriod: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryReviewed,
    greeting: greeting(input),
    intro: [
      `お申し込み（申込番号: ${input.code}）の審査が完了しました。`,
      `お振込み予定額（合計）: ${formatYen(input.purchaseAmount)}`,
      `ご契約の期限: ${input.contractPeriod}`,
      '請求書ごとの買取額・手数料の内訳をご確認のうえ、期限までに次のリンクからご契約の手続きをしてください。',
    ],
    link: { url: input.url, label: '買取条件を確認して契約する' },
    outro: ['期限を過ぎると、このご提案は無効になります。'],
  });
}

/** The entry was declined (no reason beyond what the service may tell). */
export function entryRejectedMail(input: EntryMailInput): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryRejected,
    greeting: greeting(input),
    intro: [
      `お申し込み（申込番号: ${input.code}）について慎重に審査いたしましたが、誠に恐れ入りますが今回はご希望に沿いかねる結果となりました。`,
      '審査の詳細についてはお答えしかねますので、ご了承ください。',
    ],
    link: entryLink(input.url),
    outro: [],
  });
}

/** An approver ended an offer before its last day to sign (issue 23): why, and that it can no longer be signed. */
export function entryOfferWithdrawnMail(input: EntryMailInput & { reason: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryOfferWithdrawn,
    greeting: greeting(input),
    intro: [
      `お申し込み（申込番号: ${input.code}）についてご案内していた買取条件のご提案を、契約期限の前ですが終了いたしました。このお申し込みはご契約いただけなくなりました。`,
      `理由: ${input.reason}`,
      'ご不明な点がございましたら、お問い合わせください。',
    ],
    link: entryLink(input.url),
    outro: [],
  });
}

/** The contract was signed: when, the amount, the PDF on the entry's page. */
export function entryContractedMail(input: EntryMailInput & { at: Date; purchaseAmount: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryContracted,
    greeting: greeting(input),
    intro: [
      `${jstDateTime(input.at)}に、お申し込み（申込番号: ${input.code}）のご契約を承りました。`,
      `お振込み予定額（合計）: ${formatYen(input.purchaseAmount)}`,
      '契約書（PDF）は、次のリンクのページからいつでもダウンロードできます。お振込みが済みましたら、メールでお知らせします。',
    ],
    link: entryLink(input.url),
    outro: [],
  });
}

/** The purchase price was paid: money is coming. */
export function entryTransferredMail(input: EntryMailInput & { at: Date; purchaseAmount: string; bankAccount: string }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryTransferred,
    greeting: greeting(input),
    intro: [
      `${jstDateTime(input.at)}に、お申し込み（申込番号: ${input.code}）の買取代金をお振込みしました。`,
      `お振込み額（合計）: ${formatYen(input.purchaseAmount)}`,
      ...(input.bankAccount === '' ? [] : [`お振込み先: ${maskAccountNumber(input.bankAccount)}`]),
      '売掛先からお支払いを受けましたら、期日までにご返金（回収金のお引き渡し）をお願いいたします。',
    ],
    link: entryLink(input.url),
    outro: [],
  });
}

/** The applicant cancelled the entry. */
export function entryCancelledMail(input: EntryMailInput & { at: Date }): MailMessage {
  return render({
    to: input.to,
    subject: MAIL_SUBJECTS.entryCancelled,
    greeting: greeting(input),
    intro: [
      `${jstDateTime(input.at)}に、お申し込み（申込番号: ${input.code}）を取り消しました。`,
      'お心当たりのない場合は、お手数ですがお問い合わせください。',
    ],
    link: entryLink(input.url),
    outro: [],
  });
}
