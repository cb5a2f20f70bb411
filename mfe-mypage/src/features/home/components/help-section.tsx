import { getRuntimeConfig, supportHref } from '@app/shared';
import { ConfigLink } from './config-link';
import { Section } from './section';

/**
 * ヘルプ: the help articles of the runtime config, then the support contact (`supportHref`: the
 * configured support page, else a mail to the operator). Without either the page says so plainly
 * instead of linking to a page that is not a contact point.
 */
export function HelpSection() {
  const { helpLinks = [] } = getRuntimeConfig();
  const support = supportHref();
  return (
    <Section id="help" title="ヘルプ・お問い合わせ">
      <ul className="mp-links">
        {helpLinks.map((link) => (
          <li key={`${link.label}|${link.url}`}>
            <ConfigLink url={link.url}>{link.label}</ConfigLink>
          </li>
        ))}
        <li>
          {support === null ? (
            <span className="mp-quiet">サポート窓口の連絡先は、サービスの公開前にこちらに掲載します。</span>
          ) : (
            <ConfigLink url={support}>
              サポート窓口へのお問い合わせ
              {support.startsWith('mailto:') && `（メール：${support.slice('mailto:'.length)}）`}
            </ConfigLink>
          )}
        </li>
      </ul>
    </Section>
  );
}

/** The card-payment banner of the runtime config; nothing when it is not set. */
export function CardPaymentBanner() {
  const banner = getRuntimeConfig().cardPaymentBanner;
  if (!banner) return null;
  return (
    <aside className="mp-banner" aria-label="ご案内">
      <p>{banner.text}</p>
      <ConfigLink url={banner.url}>{banner.linkLabel ?? '詳しく見る'}</ConfigLink>
    </aside>
  );
}
