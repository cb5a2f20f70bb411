import type { MailMessage } from './mailer';

/** The service as the mails name it (BRAND.fullName of the site's copy). */
export const SERVICE_NAME = 'ツムギ 請求書買取';

/** The subjects of the mails, one per template. */
export const MAIL_SUBJECTS = {
  activation: `【${SERVICE_NAME}】メールアドレスのご確認`,
  passwordReset: `【${SERVICE_NAME}】パスワード再設定のご案内`,
} as const;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

interface Layout {
  readonly to: string;
  readonly subject: string;
  readonly greeting: string;
  /** Paragraphs before the link. */
  readonly intro: readonly string[];
  readonly link: { readonly url: string; readonly label: string };
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
    layout.link.url,
    '',
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
    `<p><a href="${escapeHtml(layout.link.url)}">${escapeHtml(layout.link.label)}</a></p>`,
    `<p style="font-size: 0.9em;">リンクを開けない場合は、次のURLをブラウザに貼り付けてください。<br>${escapeHtml(layout.link.url)}</p>`,
    ...layout.outro.map(paragraph),
    '<hr>',
    ...footer.map((line) => `<p style="font-size: 0.85em; color: #52606d;">${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to: layout.to, subject: layout.subject, text, html };
}

const greeting = (name: { lastName: string; firstName: string }) => `${name.lastName} ${name.firstName} 様`.trim();

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
