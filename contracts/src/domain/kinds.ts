/**
 * The enumerations of spec §1, §3 and §4 that are not statuses: corporate divisions, identity
 * document types and sides, financial statement types, bank file formats, deposit types, sectors
 * and upload kinds (statuses.ts exports them too).
 */
import { DEPOSIT_TYPES } from './constants';

/** Whether `value` is one of the strings of `list` (narrowing an unknown API value). */
function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

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

/** The bank's own files of one account's statement: a passbook's cover and pages, or internet banking's account screen and statement. */
export const BANK_FILE_KINDS = ['passbook_cover', 'passbook_details', 'ib_info', 'ib_details'] as const;

/** The files of the financial statements (決算書等), one kind per document; `financial_statements` is the group's own kind. */
export const FINANCIAL_STATEMENT_FILE_KINDS = [
  'pl',
  'bs',
  'breakdown_statement',
  'sga_expenses',
  'tb_pl',
  'tb_bs',
  'tax_returns',
  'business_opening',
] as const;

export const UPLOAD_KINDS = [
  'identity',
  'invoice',
  'additional_doc',
  'withdrawals_detail',
  ...BANK_FILE_KINDS,
  'financial_statements',
  ...FINANCIAL_STATEMENT_FILE_KINDS,
  'delinquency',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const isUploadKind = (value: unknown): value is UploadKind => isOneOf(UPLOAD_KINDS, value);

/** How each upload kind is named to the applicant: the API's messages and the entry wizard's fields (the one table, issue 24). */
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

/**
 * Inside one bank account of the wizard's withdrawals step (口座 n, its format already chosen), the
 * page names the bank's own files by what the applicant photographs or saves, without repeating
 * the format: these, and `UPLOAD_KIND_LABELS` for every other kind.
 */
export const ACCOUNT_FILE_LABELS = {
  passbook_details: '通帳の明細ページ',
  ib_info: '口座情報の画面',
  ib_details: '入出金明細',
} as const satisfies Partial<Record<UploadKind, string>>;

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
