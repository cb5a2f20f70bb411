import { group, endpoint } from '../endpoint';
import { NewsListSchema } from '../news';

export const news = group('news', {
  list: endpoint({
    method: 'GET',
    path: '/api/news/',
    tag: 'system',
    summary: 'お知らせ（WordPress のタグ 15、キャッシュ。未設定・停止中は空の一覧）',
    access: 'applicant',
    success: { status: 200, schema: NewsListSchema },
  }),
});
