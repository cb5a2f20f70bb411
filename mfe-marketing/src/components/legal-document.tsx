import type { ReactNode } from 'react';
import { BRAND } from '@app/shared/core';
import { operatorLabel } from './operator';
import { SupportLink } from './support';
import { useScrollToHash } from './use-scroll-to-hash';

export interface LegalArticle {
  /** Heading text without its number (「適用」, 「取得する情報」). */
  readonly title: string;
  readonly body: ReactNode;
}

export interface LegalDocumentProps {
  /** Prefix of the heading ids, unique per page. */
  readonly id: string;
  readonly title: string;
  readonly intro?: ReactNode;
  readonly articles: readonly LegalArticle[];
  /** 「第1条（適用）」 for terms of use, 「1. 取得する情報」 for policies. */
  readonly numbering: 'article' | 'decimal';
  /** Shown after the articles (e.g. the date line's counterpart 「以上」). */
  readonly closing?: ReactNode;
}

/** Date every public legal text was established (制定日). */
export const ESTABLISHED_ON = { iso: '2026-11-21', label: '2026年11月21日' } as const;

export function articleHeading(numbering: LegalDocumentProps['numbering'], n: number, title: string): string {
  return numbering === 'article' ? `第${n}条（${title}）` : `${n}. ${title}`;
}

/**
 * The shape shared by the terms, policies and the 特定商取引法 page: one h1, the 制定日 line, an
 * optional preamble and numbered articles, each a section labelled by its h2.
 */
export function LegalDocument({ id, title, intro, articles, numbering, closing }: LegalDocumentProps) {
  useScrollToHash();
  const titleId = `${id}-title`;
  return (
    <article className="legal" aria-labelledby={titleId}>
      <header className="legal__header">
        <h1 id={titleId}>{title}</h1>
        <p className="legal__date">
          <time dateTime={ESTABLISHED_ON.iso}>{ESTABLISHED_ON.label}</time> 制定
        </p>
      </header>
      {intro && <div className="legal__intro">{intro}</div>}
      {articles.map((article, i) => {
        const headingId = `${id}-${i + 1}`;
        return (
          <section key={headingId} className="legal__article" aria-labelledby={headingId}>
            <h2 id={headingId}>{articleHeading(numbering, i + 1, article.title)}</h2>
            {article.body}
          </section>
        );
      })}
      {closing ?? <p className="legal__end">以上</p>}
    </article>
  );
}

/**
 * A policy of the operator (privacy, information security): numbered 「1.」, after a preamble that
 * names 当社 (the operator) and 本サービス and then says `purpose`.
 */
export function PolicyDocument({
  id,
  title,
  purpose,
  articles,
}: {
  readonly id: string;
  readonly title: string;
  readonly purpose: string;
  readonly articles: readonly LegalArticle[];
}) {
  return (
    <LegalDocument
      id={id}
      title={title}
      numbering="decimal"
      intro={
        <p>
          {operatorLabel()}（以下「当社」といいます）は、「{BRAND.fullName}」（以下「本サービス」といいます）{purpose}
        </p>
      }
      articles={articles}
    />
  );
}

/** The way to the support window under a policy's last article (nothing when there is none). */
export function SupportParagraph() {
  return (
    <SupportLink className="mk-textlink" paragraph>
      サポート窓口へのお問い合わせ
    </SupportLink>
  );
}
