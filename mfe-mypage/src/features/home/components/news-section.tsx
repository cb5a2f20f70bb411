import type { NewsItem } from '@app/contracts';
import type { Resource } from '../api/use-resource';
import { formatDate, isoDay } from '../model/format';
import { ExternalLink } from './config-link';
import { QuietError, Section, Skeleton } from './section';

/** お知らせ (`GET /api/news/`): date and title, each opening the article in a new tab. */
export function NewsSection({ news, onRetry }: { readonly news: Resource<readonly NewsItem[]>; readonly onRetry: () => void }) {
  return (
    <Section id="news" title="お知らせ" busy={news.status === 'loading'}>
      {news.status === 'loading' && <Skeleton label="お知らせ" kind="line" count={3} />}
      {news.status === 'failed' && <QuietError what="お知らせ" onRetry={onRetry} />}
      {news.status === 'ready' &&
        (news.data.length === 0 ? (
          <p className="mp-quiet">現在、お知らせはありません。</p>
        ) : (
          <ul className="mp-news">
            {news.data.map((item) => (
              <li key={item.id}>
                <time dateTime={isoDay(item.published_at)}>{formatDate(item.published_at)}</time>
                <ExternalLink url={item.url}>{item.title}</ExternalLink>
              </li>
            ))}
          </ul>
        ))}
    </Section>
  );
}
