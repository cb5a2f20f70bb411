import type { MailMessage } from './mailer';
import { MAIL_SUBJECTS, NOT_YOU, SERVICE_NAME, greeting, jstDateTime, maskAccountNumber, render, type Person } from './layout';

/** The mails of the account: registration, password, mail address and the profile's bank account. */

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
