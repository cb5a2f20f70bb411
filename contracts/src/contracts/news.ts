import * as z from 'zod/mini';

/**
 * News for /mypage (spec §9: WordPress tag 15), read by the API from the configured WordPress REST
 * API and cached; an empty list when none is configured or WordPress does not answer.
 */
export const NewsItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  url: z.url({ protocol: /^https?$/ }),
  published_at: z.iso.datetime({ offset: true }),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;
export const NewsListSchema = z.array(NewsItemSchema);
