import { endpoints } from '@app/contracts';
import type { AppContext } from '../../context';
import { env } from '../../env';
import { implement, type Implementation } from '../../http/endpoints';
import { WordPressNews } from './service';

/** The news of /mypage, read from WORDPRESS_API_URL (one reader, and so one cache, per app). */
export const newsRoutes = (ctx: AppContext): Implementation[] => {
  const news = new WordPressNews({ apiUrl: env.WORDPRESS_API_URL, now: () => ctx.now() });
  return [implement(endpoints.news.list, async ({ request }) => news.list(request.log))];
};
