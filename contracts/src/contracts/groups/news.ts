import { group, endpointsOf } from '../endpoint';
import { NewsListSchema } from '../news';

const { GET } = endpointsOf({ tag: 'system', access: 'applicant' });

export const news = group('news', {
  list: GET('/api/news/', {
    summary: 'お知らせ（WordPress のタグ 15、キャッシュ。未設定・停止中は空の一覧）',
    ok: NewsListSchema,
  }),
});
