/**
 * What every mail shares: the subjects, the greeting, the plain-text and HTML layout (render) and
 * the formatting of dates and accounts. The templates are in account-templates.ts and
 * entry-templates.ts; templates.ts is what the rest of the API imports.
 */
import { humanTextProblem } from '@app/contracts';
import { jstDateTime, maskedBankAccountText } from '@app/contracts/domain';
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

export interface Layout {
  readonly to: string;
  readonly subject: string;
  readonly greeting: string;
  /** Paragraphs before the link. */
  readonly intro: readonly string[];
  readonly link: { readonly url: string; readonly label: string } | null;
  /** Paragraphs after the link. */
  readonly outro: readonly string[];
}

export function render(layout: Layout): MailMessage {
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

export type Person = { to: string; lastName: string; firstName: string };
export const NOT_YOU =
  'お心当たりのない場合は、第三者による不正な操作のおそれがあります。至急パスワードを変更のうえ、お問い合わせください。';
/** Local time in Japan, for "when" lines: 2026年11月23日 14:05 (the domain's). */
export { jstDateTime };

/** The bank account string with the account number shown as its last 3 digits only (the domain's one masking, bank-account.ts). */
export const maskAccountNumber = (bankAccount: string): string =>
  maskedBankAccountText(bankAccount) ?? '（口座の情報を読み取れませんでした）';
