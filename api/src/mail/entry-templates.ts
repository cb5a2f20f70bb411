import { formatYen } from '@app/contracts/domain';
import type { MailMessage } from './mailer';
import { MAIL_SUBJECTS, NOT_YOU, SERVICE_NAME, greeting, jstDateTime, maskAccountNumber, render, type Person } from './layout';

/** The mails of an entry's life: received, sent back, resubmitted, offered, declined, signed, paid, cancelled. */

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
