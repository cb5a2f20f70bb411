import { group } from '../endpoint';
import { NewsListSchema } from '../news';

export const news = group('news', { tag: 'system', access: 'applicant' }, ({ GET }) => ({
  list: GET('/api/news/', {
    summary: 'お知らせ（WordPress のタグ 15、キャッシュ。未設定・停止中は空の一覧）',
    ok: NewsListSchema,
  }),
}));
