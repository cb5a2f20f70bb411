import * as z from 'zod/mini';

/**
 * Live status (issue 22): `GET /api/events/` is a server-sent-events stream of the logged-in
 * applicant that says *that* something of theirs changed, never what: the page then reads it again
 * through the API client as usual. Each notice is one `event: changed` whose `data` is this object.
 * - `identity`: their identity review was decided (`id` is the applicant's user id);
 * - `entry`: an entry of theirs (or one of its claims) moved (`id` is the entry's id): a document
 *   group reviewed, a claim priced, the contract offered, the payout made, a claim delayed…
 */
export const CHANGE_KINDS = ['identity', 'entry'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const ChangeNoticeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  id: z.int(),
});
export type ChangeNotice = z.infer<typeof ChangeNoticeSchema>;

/** The SSE event name of a change notice (the stream sends nothing else but comments). */
export const CHANGE_EVENT = 'changed';
