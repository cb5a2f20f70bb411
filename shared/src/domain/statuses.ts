/**
 * Enumerations and codes of spec §3 and §4, and the status sets built on them. Status codes are the
 * numbers the API sends; names are the spec's (snake_case, as the API spells them).
 */
import { DEPOSIT_TYPES } from './constants';

/** The name of the code `code` in `table`, or null when no name has that code. */
function nameOfCode<T extends Readonly<Record<string, number>>>(table: T, code: unknown): keyof T | null {
  for (const [name, value] of Object.entries(table)) {
    if (value === code) return name;
  }
  return null;
}

/** Whether `value` is one of the strings of `list` (narrowing an unknown API value). */
function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Entry status (spec §4)
// ---------------------------------------------------------------------------------------------

export const ENTRY_STATUS = {
  under_review: 1,
  inadequate: 2,
  reviewed: 3,
  contracted: 4,
  transferred: 5,
  archived: 6,
} as const;
export type EntryStatusName = keyof typeof ENTRY_STATUS;
export type EntryStatus = (typeof ENTRY_STATUS)[EntryStatusName];

export const isEntryStatus = (value: unknown): value is EntryStatus => nameOfCode(ENTRY_STATUS, value) !== null;
/** `entryStatusName(3)` → `'reviewed'`; null for a code the spec does not know. */
export const entryStatusName = (code: unknown): EntryStatusName | null => nameOfCode(ENTRY_STATUS, code);

/**
 * The entry statuses in Japanese, as the applicant reads them (the /mypage list, the entry pages).
 * Interpretation: reviewed is the offer waiting for the contract; archived is an entry that ended
 * without a purchase or after it.
 */
export const ENTRY_STATUS_LABELS: Readonly<Record<EntryStatusName, string>> = {
  under_review: '審査中',
  inadequate: '書類の不備あり',
  reviewed: '審査完了・ご契約手続き待ち',
  contracted: 'ご契約済み',
  transferred: 'お振込み済み',
  archived: '終了',
};
/** `entryStatusLabel(1)` → `'審査中'`; null for a code the spec does not know. */
export function entryStatusLabel(code: unknown): string | null {
  const name = entryStatusName(code);
  return name === null ? null : ENTRY_STATUS_LABELS[name];
}

/** An entry can be cancelled only while under_review, inadequate or reviewed (spec §4). */
export const CANCELLABLE_ENTRY_STATUSES: ReadonlySet<EntryStatus> = new Set([
  ENTRY_STATUS.under_review,
  ENTRY_STATUS.inadequate,
  ENTRY_STATUS.reviewed,
]);
export const isEntryCancellable = (status: number): boolean => CANCELLABLE_ENTRY_STATUSES.has(status as EntryStatus);

/**
 * An entry that is still pending before its contract: reviewed, under_review or inadequate (spec §4,
 * "no entry is pending before contract"). The same three statuses as the cancellable ones, kept as
 * its own set because the two rules could part.
 */
export const ENTRY_STATUSES_PENDING_BEFORE_CONTRACT: ReadonlySet<EntryStatus> = new Set([
  ENTRY_STATUS.under_review,
  ENTRY_STATUS.inadequate,
  ENTRY_STATUS.reviewed,
]);
export const isEntryPendingBeforeContract = (status: number): boolean => ENTRY_STATUSES_PENDING_BEFORE_CONTRACT.has(status as EntryStatus);

// ---------------------------------------------------------------------------------------------
// Claim status (spec §4)
// ---------------------------------------------------------------------------------------------

export const CLAIM_STATUS = {
  under_review: 1,
  inadequate: 2,
  can_buy: 3,
  contracted: 4,
  transferred: 5,
  returned: 6,
  delay: 7,
  cannot_buy: 8,
  cancel: 9,
} as const;
export type ClaimStatusName = keyof typeof CLAIM_STATUS;
export type ClaimStatus = (typeof CLAIM_STATUS)[ClaimStatusName];

export const isClaimStatus = (value: unknown): value is ClaimStatus => nameOfCode(CLAIM_STATUS, value) !== null;
export const claimStatusName = (code: unknown): ClaimStatusName | null => nameOfCode(CLAIM_STATUS, code);

/** The claim statuses in Japanese, as the applicant and the back office read them. */
export const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatusName, string>> = {
  under_review: '審査中',
  inadequate: '書類の不備あり',
  can_buy: '買取可',
  contracted: 'ご契約済み',
  transferred: 'お振込み済み',
  returned: '回収済み',
  delay: '支払遅延',
  cannot_buy: '買取不可',
  cancel: '取り消し',
};
/** `claimStatusLabel(3)` → `'買取可'`; null for a code the spec does not know. */
export function claimStatusLabel(code: unknown): string | null {
  const name = claimStatusName(code);
  return name === null ? null : CLAIM_STATUS_LABELS[name];
}

/** Status of a group of claims: payment = 0 (spec §4). */
export const CLAIM_GROUP_STATUS = { payment: 0 } as const;
export type ClaimGroupStatus = (typeof CLAIM_GROUP_STATUS)[keyof typeof CLAIM_GROUP_STATUS];

const claimSet = (...names: readonly ClaimStatusName[]): ReadonlySet<ClaimStatus> => new Set(names.map((name) => CLAIM_STATUS[name]));

/** After review: can_buy, contracted, transferred, returned, delay, cannot_buy, cancel (spec §4). */
export const CLAIM_STATUSES_AFTER_REVIEW = claimSet('can_buy', 'contracted', 'transferred', 'returned', 'delay', 'cannot_buy', 'cancel');
/** Needing return: under_review, inadequate, can_buy, contracted, transferred, returned, delay (spec §4). */
export const CLAIM_STATUSES_NEEDING_RETURN = claimSet(
  'under_review',
  'inadequate',
  'can_buy',
  'contracted',
  'transferred',
  'returned',
  'delay',
);
/** After contract: contracted, transferred, returned, delay (spec §4). */
export const CLAIM_STATUSES_AFTER_CONTRACT = claimSet('contracted', 'transferred', 'returned', 'delay');
/** Statuses in which a claim has a purchase amount: can_buy, contracted, transferred, delay, returned (spec §4). */
export const CLAIM_STATUSES_WITH_PURCHASE_AMOUNT = claimSet('can_buy', 'contracted', 'transferred', 'delay', 'returned');

export const isClaimAfterReview = (status: number): boolean => CLAIM_STATUSES_AFTER_REVIEW.has(status as ClaimStatus);
export const isClaimNeedingReturn = (status: number): boolean => CLAIM_STATUSES_NEEDING_RETURN.has(status as ClaimStatus);
export const isClaimAfterContract = (status: number): boolean => CLAIM_STATUSES_AFTER_CONTRACT.has(status as ClaimStatus);
export const claimHasPurchaseAmount = (status: number): boolean => CLAIM_STATUSES_WITH_PURCHASE_AMOUNT.has(status as ClaimStatus);

// ---------------------------------------------------------------------------------------------
// Identity and document review status (spec §4)
// ---------------------------------------------------------------------------------------------

/**
 * Review status of the identity, the withdrawals details and the financial statements
 * (`identity_confirmation`, `withdrawals_detail_status`, `financial_statements_status`, and the
 * entry's and claim's `*_confirmation_status`).
 */
export const REVIEW_STATUS = {
  confirming: 1,
  inadequate: 2,
  confirmed: 3,
  nothing: 4,
  expired: 5,
} as const;
export type ReviewStatusName = keyof typeof REVIEW_STATUS;
export type ReviewStatus = (typeof REVIEW_STATUS)[ReviewStatusName];

/** A confirmation status that is missing defaults to nothing (spec §4). */
export const DEFAULT_REVIEW_STATUS: ReviewStatus = REVIEW_STATUS.nothing;

export const isReviewStatus = (value: unknown): value is ReviewStatus => nameOfCode(REVIEW_STATUS, value) !== null;
export const reviewStatusName = (code: unknown): ReviewStatusName | null => nameOfCode(REVIEW_STATUS, code);
/** The status itself when it is a known code; otherwise (null, undefined, an unknown code) nothing. */
export const reviewStatusOrDefault = (value: unknown): ReviewStatus => (isReviewStatus(value) ? value : DEFAULT_REVIEW_STATUS);

// ---------------------------------------------------------------------------------------------
// Corporate division (spec §1, §3)
// ---------------------------------------------------------------------------------------------

/** `none` is "not selected yet"; it counts as corporate where the rules need a side (spec §1). */
export const CORPORATE_DIVISIONS = ['none', 'corporate', 'individual'] as const;
export type CorporateDivision = (typeof CORPORATE_DIVISIONS)[number];
export const isCorporateDivision = (value: unknown): value is CorporateDivision => isOneOf(CORPORATE_DIVISIONS, value);

// ---------------------------------------------------------------------------------------------
// Identity documents (spec §3)
// ---------------------------------------------------------------------------------------------

export const IDENTITY_DOCUMENT_TYPES = ['drivingLicence', 'passport', 'individualNumber', 'other'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];
export const isIdentityDocumentType = (value: unknown): value is IdentityDocumentType => isOneOf(IDENTITY_DOCUMENT_TYPES, value);

/** An identity document has a front and a back side (spec §3). */
export const IDENTITY_SIDES = ['front', 'back'] as const;
export type IdentitySide = (typeof IDENTITY_SIDES)[number];
export const isIdentitySide = (value: unknown): value is IdentitySide => isOneOf(IDENTITY_SIDES, value);

// ---------------------------------------------------------------------------------------------
// Financial statement types (spec §3, §4)
// ---------------------------------------------------------------------------------------------

export const FINANCIAL_STATEMENT_TYPES = [
  'financialStatements',
  'trialBalance',
  'declarationETax',
  'declarationDocument',
  'businessOpening',
] as const;
export type FinancialStatementType = (typeof FINANCIAL_STATEMENT_TYPES)[number];
export const isFinancialStatementType = (value: unknown): value is FinancialStatementType => isOneOf(FINANCIAL_STATEMENT_TYPES, value);

// ---------------------------------------------------------------------------------------------
// Bank file formats (spec §3)
// ---------------------------------------------------------------------------------------------

/** How an account activity statement was obtained: a passbook, internet banking (ib), or not said. */
export const BANK_FILE_FORMATS = ['passbook', 'ib', 'unknown'] as const;
export type BankFileFormat = (typeof BANK_FILE_FORMATS)[number];
export type EffectiveBankFileFormat = Exclude<BankFileFormat, 'unknown'>;
export const isBankFileFormat = (value: unknown): value is BankFileFormat => isOneOf(BANK_FILE_FORMATS, value);

/**
 * The format the rules work with: ib stays ib; passbook, unknown and anything missing or not
 * recognised count as passbook (spec §3 "unknown is treated as passbook").
 */
export const effectiveBankFileFormat = (format: unknown): EffectiveBankFileFormat => (format === 'ib' ? 'ib' : 'passbook');

// ---------------------------------------------------------------------------------------------
// Deposit types (spec §3, §5, §9)
// ---------------------------------------------------------------------------------------------

/** `ordinary` (普通) or `checking` (当座); the list itself is `DEPOSIT_TYPES` of ./constants. */
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export const DEPOSIT_TYPE_LABELS: Readonly<Record<DepositType, string>> = {
  ordinary: '普通',
  checking: '当座',
};

export const isDepositType = (value: unknown): value is DepositType => isOneOf(DEPOSIT_TYPES, value);
export const depositTypeLabel = (type: DepositType): string => DEPOSIT_TYPE_LABELS[type];

/**
 * Reads a deposit type written either as its code (`ordinary`, `checking`) or as its label
 * (`普通`, `当座`), e.g. from a bank account string; null for anything else.
 */
export function parseDepositType(value: string): DepositType | null {
  const text = value.trim();
  if (isDepositType(text)) return text;
  for (const type of DEPOSIT_TYPES) {
    if (DEPOSIT_TYPE_LABELS[type] === text) return type;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Sectors (spec §3)
// ---------------------------------------------------------------------------------------------

export const SECTORS = [
  'unknown',
  'construction',
  'manufacturing',
  'information_and_communications',
  'services',
  'transportation',
  'wholesale_and_retail_trade',
  'finance_and_insurance',
  'real_estate',
  'goods_rental_and_leasing',
  'agriculture_forestry_fishery',
  'mining_and_quarrying_of_stone_and_gravel',
  'textiles_apparels_and_chemical_allied_products',
  'iron_and_steel',
  'electricity_gas_heat_supply_and_water',
  'other',
] as const;
export type Sector = (typeof SECTORS)[number];

/** A profile's sector defaults to unknown (spec §3). */
export const DEFAULT_SECTOR: Sector = 'unknown';

/** Japanese labels for a sector select; `unknown` reads as "not selected". */
export const SECTOR_LABELS: Readonly<Record<Sector, string>> = {
  unknown: '未選択',
  construction: '建設業',
  manufacturing: '製造業',
  information_and_communications: '情報通信業',
  services: 'サービス業',
  transportation: '運輸業',
  wholesale_and_retail_trade: '卸売業・小売業',
  finance_and_insurance: '金融業・保険業',
  real_estate: '不動産業',
  goods_rental_and_leasing: '物品賃貸業',
  agriculture_forestry_fishery: '農業・林業・漁業',
  mining_and_quarrying_of_stone_and_gravel: '鉱業・採石業・砂利採取業',
  textiles_apparels_and_chemical_allied_products: '繊維・衣服・化学関連製品',
  iron_and_steel: '鉄鋼業',
  electricity_gas_heat_supply_and_water: '電気・ガス・熱供給・水道業',
  other: 'その他',
};

export const isSector = (value: unknown): value is Sector => isOneOf(SECTORS, value);
/** The sector itself when known; otherwise (missing, empty, retired code) unknown. */
export const sectorOrDefault = (value: unknown): Sector => (isSector(value) ? value : DEFAULT_SECTOR);

// ---------------------------------------------------------------------------------------------
// Upload kinds (spec §3, §7)
// ---------------------------------------------------------------------------------------------

export const UPLOAD_KINDS = [
  'identity',
  'invoice',
  'additional_doc',
  'withdrawals_detail',
  'passbook_cover',
  'passbook_details',
  'ib_info',
  'ib_details',
  'financial_statements',
  'pl',
  'bs',
  'breakdown_statement',
  'sga_expenses',
  'tb_pl',
  'tb_bs',
  'tax_returns',
  'business_opening',
  'delinquency',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const isUploadKind = (value: unknown): value is UploadKind => isOneOf(UPLOAD_KINDS, value);

/**
 * Kinds that carry a suffix in the upload key, so several files of the kind live side by side:
 * `withdrawals_detail-{n}` (n = the statement's index, digits), `invoice-{id}` and
 * `additional_doc-{id}` (id = the claim's id or display id, any non-empty text).
 */
export const SUFFIXED_UPLOAD_KINDS = ['withdrawals_detail', 'invoice', 'additional_doc'] as const;
export type SuffixedUploadKind = (typeof SUFFIXED_UPLOAD_KINDS)[number];
export const isSuffixedUploadKind = (kind: unknown): kind is SuffixedUploadKind => isOneOf(SUFFIXED_UPLOAD_KINDS, kind);

/** An upload key: a kind, or a suffixed kind with its suffix (`invoice-12`). */
export type UploadKey = UploadKind | `${SuffixedUploadKind}-${string}`;

const UPLOAD_KEY_SEPARATOR = '-';

/**
 * The kind sent to POST /api/uploads/: the part of the key before the first dash (spec §7).
 * `withdrawals_detail-2` → `withdrawals_detail`; `pl` → `pl`.
 */
export function apiUploadKind(key: string): string {
  const dash = key.indexOf(UPLOAD_KEY_SEPARATOR);
  return dash === -1 ? key : key.slice(0, dash);
}

/** Builds the key of a suffixed kind: `formatUploadKey('invoice', 12)` → `invoice-12`. Throws on a suffix the key could not carry. */
export function formatUploadKey(kind: SuffixedUploadKind, suffix: string | number): UploadKey {
  const text = String(suffix);
  if (!isValidSuffix(kind, text)) throw new RangeError(`Invalid ${kind} upload key suffix: ${JSON.stringify(text)}`);
  return `${kind}${UPLOAD_KEY_SEPARATOR}${text}`;
}

export interface ParsedUploadKey {
  readonly kind: UploadKind;
  /** The suffix of a suffixed kind, null for a plain key such as `pl` or a bare `invoice`. */
  readonly suffix: string | null;
}

/**
 * Reads an upload key: a known kind alone, or a suffixed kind, a dash and a valid suffix. Null for an
 * unknown kind, a suffix on a kind that takes none, or an invalid suffix.
 */
export function parseUploadKey(key: string): ParsedUploadKey | null {
  const kind = apiUploadKind(key);
  if (!isUploadKind(kind)) return null;
  if (kind === key) return { kind, suffix: null };
  const suffix = key.slice(kind.length + UPLOAD_KEY_SEPARATOR.length);
  if (!isSuffixedUploadKind(kind) || !isValidSuffix(kind, suffix)) return null;
  return { kind, suffix };
}

function isValidSuffix(kind: SuffixedUploadKind, suffix: string): boolean {
  return kind === 'withdrawals_detail' ? /^\d+$/.test(suffix) : suffix !== '';
}

// ---------------------------------------------------------------------------------------------
// System setting for suppressing entries (spec §3, §4)
// ---------------------------------------------------------------------------------------------

/**
 * `method` values of GET /api/system_settings/supress_entries/: stop new entries, or take the
 * entry area down for maintenance. Any other value (or none) suppresses nothing.
 */
export const SUPPRESS_ENTRIES_METHOD = {
  stopNewEntry: 'stop_new_entry',
  maintenance: 'maintenance',
} as const;
export type SuppressEntriesMethod = (typeof SUPPRESS_ENTRIES_METHOD)[keyof typeof SUPPRESS_ENTRIES_METHOD];

/**
 * Whether a suppression setting reaches this user (spec §3: the setting has a `segment`; `me` has
 * `user_segment`). Interpretation, also in api/README.md: no segment (null, empty or blank) → every
 * user and visitor; otherwise a comma-separated list of segments → only users whose `user_segment`
 * is one of them (compared trimmed and exactly); a visitor or a user without a segment is then not
 * reached.
 */
export function suppressionReaches(segment: string | null | undefined, userSegment: string | null | undefined): boolean {
  const segments = (segment ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (segments.length === 0) return true;
  // No segment is empty, so a blank user segment matches none.
  return userSegment != null && segments.includes(userSegment.trim());
}

/** The suppression setting when it reaches this user, else null. */
export function suppressionFor<Setting extends { readonly segment?: string | null }>(
  setting: Setting | null | undefined,
  userSegment: string | null | undefined,
): Setting | null {
  return setting != null && suppressionReaches(setting.segment, userSegment) ? setting : null;
}
