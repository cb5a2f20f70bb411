import * as z from 'zod/mini';

/**
 * The applicant's sessions (/profile「ログイン中の端末」): each browser where they are logged in,
 * the device in plain words (from its User-Agent), when it was last used, and which one is this.
 */

/** `{id}` of `DELETE /api/profile/sessions/{id}/`: a session's public id (never its cookie or row key). */
export const SessionIdSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/));
export const SessionParamsSchema = z.object({ id: SessionIdSchema });

export const AccountSessionSchema = z.object({
  id: SessionIdSchema,
  /** `Chrome / Android`, `Safari / iPhone`, … or `不明な端末`. */
  device: z.string(),
  /** ISO 8601: when the session was created (the login), and when it was last used. */
  created_at: z.string(),
  last_seen_at: z.string(),
  /** 「ログインしたままにする」 */
  persistent: z.boolean(),
  /** The session of the request (this device). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

/** Newest use first; the current session is among them. */
export const AccountSessionListSchema = z.array(AccountSessionSchema);
export type AccountSessionList = z.infer<typeof AccountSessionListSchema>;
