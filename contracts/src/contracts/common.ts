import * as z from 'zod/mini';
import { FORMAT_MESSAGES } from '../domain/messages';
import { CLAIM_STATUS, DEFAULT_REVIEW_STATUS, ENTRY_STATUS, REVIEW_STATUS } from '../domain/statuses';

/**
 * Building blocks of the contracts: ids, dates, decimal strings and status codes, each defined once
 * with the domain's rules (spec §3 "Amounts are decimals", §4 status codes).
 *
 * Format errors the spec does not word use `FORMAT_MESSAGES`; structural errors (a number where a
 * string belongs) keep zod's own message — configure `z.config(z.locales.ja())` once per app for
 * Japanese.
 *
 * Every contract is written with `zod/mini` (functions instead of methods): the same schemas run in
 * the API (fastify-type-provider-zod reads any zod 4 schema) and in every page, where full zod would
 * add ~20 KB gzip to each page's JavaScript.
 */

/**
 * The largest value of a PostgreSQL `integer` column: every id and version the API stores. A request
 * with a larger one is refused by the contract (it used to reach a query and answer 500).
 */
export const DB_INTEGER_MAX = 2_147_483_647;

export const IdSchema = z.int().check(z.positive(), z.lte(DB_INTEGER_MAX));

/** A date as the API sends it: `2025-06-30`. */
export const DateSchema = z.iso.date({ error: FORMAT_MESSAGES.date });

/** A timestamp as Django REST framework sends it, with its offset: `2025-06-30T09:00:00.123456+09:00`. */
export const DateTimeSchema = z.iso.datetime({ offset: true });

const codes = <T extends Readonly<Record<string, number>>>(table: T) => Object.values(table) as [T[keyof T], ...T[keyof T][]];

export const EntryStatusSchema = z.literal(codes(ENTRY_STATUS));
export const ClaimStatusSchema = z.literal(codes(CLAIM_STATUS));
export const ReviewStatusSchema = z.literal(codes(REVIEW_STATUS));
/** A confirmation status: a review status code, nothing (4) when missing (spec §4). */
export const ConfirmationStatusSchema = z._default(ReviewStatusSchema, DEFAULT_REVIEW_STATUS);

/** Text a form may leave empty: the domain rules say whether it is required (with the spec's message). */
export const OptionalTextSchema = z.nullish(z.string());

/** Uploaded files attached to a record (`addfiles`, `contentfiles`): the spec does not detail them; id and kind are what the rules read. */
export const ContentFileSchema = z.looseObject({
  id: IdSchema,
  /** Upload key (`pl`, `invoice-3`). */
  kind: z.string(),
  name: z.optional(z.string()),
  content_type: z.optional(z.string()),
});
export type ContentFile = z.infer<typeof ContentFileSchema>;

/** Free-form metadata of an entry or a claim. */
export const MetadataSchema = z.nullable(z.record(z.string(), z.unknown()));
