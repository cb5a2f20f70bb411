import { getRuntimeConfig } from '@app/shared';
import { ConfigLink } from './config-link';
import { Section } from './section';

/** ヘルプ: the help articles of the runtime config, then the support page (always there). */
export function HelpSection() {
  const { helpLinks = [], supportUrl } = getRuntimeConfig();
  return (
    <Section id="help" title="ヘルプ・お問い合わせ">
      <ul className="mp-links">
        {helpLinks.map((link) => (
          <li key={`${link.label}|${link.url}`}>
            <ConfigLink url={link.url}>{link.label}</ConfigLink>
          </li>
        ))}
        <li>
          <ConfigLink url={supportUrl}>サポート窓口へのお問い合わせ</ConfigLink>
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
