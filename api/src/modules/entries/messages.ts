import { NEW_ENTRY_BLOCK_MESSAGES, PAYOUT_ACCOUNT_MESSAGES, type UploadKind } from '@app/contracts/domain';

/**
 * What the entry endpoints tell the applicant when the server's own checks fail (the spec words the
 * §5 field rules, which come from the domain's MESSAGES; these are the rules only the server can
 * check: files, the documents a step needs, the draft's size and keys). Japanese, ready to show.
 */

/** The bound of a saved draft: its JSON, as stored, in bytes. */
export const DRAFT_MAX_BYTES = 256 * 1024;

/** How far ahead a claim's due date may be at submission, in years (issue 23). */
export const DUE_DATE_MAX_YEARS = 1;

/** How each upload kind is named to the applicant. */
export const UPLOAD_KIND_LABELS: Readonly<Record<UploadKind, string>> = {
  identity: '本人確認書類',
  invoice: '請求書',
  additional_doc: '追加書類',
  withdrawals_detail: '入出金明細',
  passbook_cover: '通帳の表紙',
  passbook_details: '通帳の明細',
  ib_info: 'インターネットバンキングの口座情報',
  ib_details: 'インターネットバンキングの入出金明細',
  financial_statements: '決算書',
  pl: '損益計算書',
  bs: '貸借対照表',
  breakdown_statement: '勘定科目内訳明細書',
  sga_expenses: '販売費及び一般管理費内訳書',
  tb_pl: '試算表（損益計算書）',
  tb_bs: '試算表（貸借対照表）',
  tax_returns: '確定申告書',
  business_opening: '開業届',
  delinquency: '滞納に関する書類',
};

const labels = (kinds: readonly UploadKind[]): string => kinds.map((kind) => UPLOAD_KIND_LABELS[kind]).join('、');

export const ENTRY_MESSAGES = {
  draftTooLarge: `下書きが大きすぎるため保存できません（${DRAFT_MAX_BYTES / 1024}KBまで）。入力内容を減らしてから、もう一度お試しください。`,
  entryTooLarge: `お申し込みの内容が大きすぎるため送信できません（${DRAFT_MAX_BYTES / 1024}KBまで）。入力内容を減らしてから、もう一度お試しください。`,
  dueDatePast: '入金予定日は本日以降の日付を入力してください。',
  dueDateTooFar: `入金予定日は本日から${DUE_DATE_MAX_YEARS}年以内の日付を入力してください。`,
  duplicateKey: (key: string) => `キー "${key}" がほかの項目と重複しています。`,
  fileUsedTwice: (id: number) => `ファイル "${id}" は別の項目にも添付されています。1つのファイルは1か所にだけ添付できます。`,
  fileWrongPlace: (id: number, kind: UploadKind) => `ファイル "${id}"（${UPLOAD_KIND_LABELS[kind]}）はここには添付できません。`,
  fileSubmitted: (id: number) => `ファイル "${id}" は提出済みのお申し込みに添付されています。新しいファイルをアップロードしてください。`,
  purchaseAmountDesired: '希望買取額は、1円以上で、請求書額面（税込）の合計以下の金額を入力してください。',
  positiveAmount: '1円以上の金額を入力してください。',
  fixedDebt: '請求書が確定した債権であることをご確認のうえ、チェックを入れてください。',
  bankTransfer: '売掛先から銀行振込で入金されることをご確認のうえ、チェックを入れてください。',
  obligerAccounts: '売掛先の振込名義を1件以上入力してください。',
  invoiceFile: '請求書のファイルを1つ以上アップロードしてください。',
  financialChoice: '決算書（確定申告書）を提出できるかどうかを選択してください。',
  taxReturnMethod: '確定申告の方法（e-Taxか書面か）を選択してください。',
  missingFiles: (kinds: readonly UploadKind[]) => `次の書類をアップロードしてください：${labels(kinds)}`,
  noBanks: '入出金明細を提出する口座を1つ以上追加してください。',
  profile: 'プロフィールの入力が完了していません。プロフィールをご入力のうえ、お申し込みください。',
  identity: NEW_ENTRY_BLOCK_MESSAGES.identityImperfect,
  bankAccountRequired: PAYOUT_ACCOUNT_MESSAGES.required,
  bankAccountHolderRequired: PAYOUT_ACCOUNT_MESSAGES.holderRequired,
} as const;
