import {
  REVIEW_STATUS,
  REVIEW_STATUS_LABELS,
  claimStatusLabel,
  entryStatusLabel,
  formatYen,
  isReviewStatus,
  parseDecimal,
} from '@app/contracts/domain';
import { formatDay } from './format';

/**
 * Reading an audit record's values for the history in words (history-words.ts): the record is
 * stored JSON, so nothing is trusted to have its shape; each reader gives words or null.
 */

/** A status the record holds but the domain does not know (never shown as its code). */
export const UNKNOWN_STATUS = '不明な状態';

export type Values = Readonly<Record<string, unknown>>;

export const record = (value: unknown): Values | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Values) : null;
export const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
export const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
export const id = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** `"759340.00"` → `759,340円`; null for what is not an amount. */
export function yen(value: unknown): string | null {
  const amount = typeof value === 'number' || typeof value === 'string' ? parseDecimal(String(value)) : undefined;
  return amount === undefined ? null : formatYen(amount);
}

/** A ratio as stored (`"0.8000"`) without its trailing zeros (`0.8`); null for what is not one. */
export const ratio = (value: unknown): string | null => {
  const number = typeof value === 'string' || typeof value === 'number' ? parseDecimal(String(value)) : undefined;
  return number === undefined ? null : number.toString();
};

/** A review status (the identity's, a document's), as a code (`3`) or a name (`'confirmed'`) → 確認済. */
export function reviewLabel(value: unknown): string {
  if (isReviewStatus(value)) return REVIEW_STATUS_LABELS[value];
  if (typeof value === 'string' && Object.hasOwn(REVIEW_STATUS, value))
    return REVIEW_STATUS_LABELS[REVIEW_STATUS[value as keyof typeof REVIEW_STATUS]];
  return UNKNOWN_STATUS;
}
export const entryStatus = (value: unknown): string => entryStatusLabel(value) ?? UNKNOWN_STATUS;
export const claimStatus = (value: unknown): string => claimStatusLabel(value) ?? UNKNOWN_STATUS;

/** `label before → after` when both are known and differ; `label after` when only after is; else nothing. */
export function change(label: string, before: string | null, after: string | null): string[] {
  if (after === null) return [];
  if (before === null) return [`${label} ${after}`];
  return before === after ? [] : [`${label} ${before} → ${after}`];
}

export const quoted = (label: string, value: unknown): string[] => {
  const words = text(value);
  return words === null ? [] : [`${label}「${words}」`];
};

export const day = (value: unknown): string | null => {
  const words = text(value);
  return words === null ? null : formatDay(words.slice(0, 10));
};
