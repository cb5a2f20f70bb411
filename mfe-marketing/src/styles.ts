/**
 * Styles of the public pages (home, statement, legal texts, status pages). Written only against the
 * site tokens (CSS variables of @app/shared). The prerendered pages link it as a static file; a page
 * opened otherwise loads this module and injects it before it renders (app/marketing-styles.ts).
 *
 * Class prefixes: `mk-` landing and statement sections, `legal-` the static-layout documents,
 * `status-` the maintenance / unsupported notices.
 */
export { MARKETING_STYLE_ID } from './style-id';

export const MARKETING_CSS = `
/* ---------- shared building blocks ---------- */
/* Headings and short texts break between phrases, not inside words (Chromium; Safari falls back to
   the usual Japanese breaking). Running text keeps the usual breaking, without one-character last lines. */
.mk-hero, .mk-eyebrow, .mk-cta, .mk-section h2, .mk-section h3, .mk-faq summary, .mk-pagehead h1, .mk-promise h2, .status-notice h1, .status-notice h2, .legal h1, .legal h2, .legal th { word-break: auto-phrase; }
p, li, dd { text-wrap: pretty; }
.mk-cta p { text-wrap: balance; }
.mk-container { max-width: calc(var(--width-wide) + 2 * var(--space-4)); margin: 0 auto; padding: 0 var(--space-4); }
.mk-container--narrow { max-width: calc(var(--width-narrow) + 2 * var(--space-4)); }
.mk-section { padding: var(--space-7) 0; }
.mk-section--surface { background: var(--color-surface); border-top: 1px solid var(--color-border); border-bottom: 1px solid var(--color-border); }
@media (min-width: 768px) { .mk-section { padding: var(--space-8) 0; } }
.mk-section__head { max-width: var(--width-narrow); margin-bottom: var(--space-6); }
.mk-section__head > :last-child { margin-bottom: 0; }
.mk-section__title { font-size: var(--font-size-xl); margin-bottom: var(--space-3); }
@media (min-width: 768px) { .mk-section__title { font-size: var(--font-size-2xl); } }
.mk-eyebrow { display: block; margin: 0 0 var(--space-2); color: var(--color-primary); font-size: var(--font-size-sm); font-weight: 700; letter-spacing: 0.06em; }
.mk-phrase { display: inline-block; }
.mk-note { font-size: var(--font-size-sm); color: var(--color-muted); }
.mk-actions { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-3); }
@media (max-width: 479px) { .mk-actions .button { width: 100%; } }
.mk-grid { display: grid; gap: var(--space-4); list-style: none; padding: 0; margin: 0; }
@media (min-width: 768px) { .mk-grid--2 { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: var(--space-5); } }
@media (min-width: 768px) { .mk-grid--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: var(--space-5); } }
.mk-tile { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-5); }
.mk-tile > :last-child { margin-bottom: 0; }
.mk-tile__title { font-size: var(--font-size-lg); margin-bottom: var(--space-2); }
.mk-section--surface .mk-tile { background: var(--color-bg); }
.mk-checklist { list-style: none; padding: 0; margin: 0 0 var(--space-4); }
.mk-checklist > li { position: relative; padding-left: 1.75em; margin-bottom: var(--space-2); }
.mk-checklist > li::before { content: "✓"; position: absolute; left: 0; top: 0; width: 1.25em; text-align: center; color: var(--color-accent); font-weight: 700; }
.mk-checklist > li:last-child { margin-bottom: 0; }
.mk-textlink { font-weight: 700; display: inline-block; }
.mk-textlink::after { content: " →"; }

/* ---------- home: hero ---------- */
.mk-hero { background: var(--color-primary-soft); border-bottom: 1px solid var(--color-border); padding: var(--space-7) 0; }
@media (min-width: 768px) { .mk-hero { padding: var(--space-8) 0; } }
.mk-hero__grid { display: grid; gap: var(--space-6); align-items: center; }
@media (min-width: 960px) { .mk-hero__grid { grid-template-columns: minmax(0, 7fr) minmax(0, 5fr); gap: var(--space-7); } }
.mk-hero__title { font-size: var(--font-size-2xl); line-height: 1.45; margin-bottom: var(--space-4); letter-spacing: 0.04em; }
@media (min-width: 768px) { .mk-hero__title { font-size: var(--font-size-3xl); } }
.mk-hero__lead { font-size: var(--font-size-md); color: var(--color-text); max-width: 36em; margin-bottom: var(--space-5); }
@media (min-width: 768px) { .mk-hero__lead { font-size: var(--font-size-lg); } }
.mk-hero__note { margin: var(--space-3) 0 0; font-size: var(--font-size-sm); color: var(--color-muted); }
.mk-hero__panel { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-5); box-shadow: var(--shadow); }
.mk-hero__panel-title { font-size: var(--font-size-md); margin-bottom: var(--space-3); }
.mk-points { list-style: none; padding: 0; margin: 0; }
.mk-points > li { display: grid; grid-template-columns: auto 1fr; gap: var(--space-1) var(--space-3); padding: var(--space-3) 0; border-top: 1px solid var(--color-border); }
.mk-points > li:first-child { border-top: 0; padding-top: 0; }
.mk-points > li:last-child { padding-bottom: 0; }
.mk-points__mark { grid-row: span 2; display: inline-flex; align-items: center; justify-content: center; width: 2rem; height: 2rem; border-radius: 999px; background: var(--color-primary-soft); color: var(--color-primary-strong); font-weight: 700; font-size: var(--font-size-sm); }
.mk-points__title { font-weight: 700; line-height: 1.5; }
.mk-points__text { font-size: var(--font-size-sm); color: var(--color-muted); line-height: 1.6; }

/* ---------- home: who it is for ---------- */
.mk-audience__label { display: inline-block; margin-bottom: var(--space-3); padding: 2px var(--space-3); border-radius: 999px; background: var(--color-primary-soft); color: var(--color-primary-strong); font-size: var(--font-size-sm); font-weight: 700; }
.mk-situations { margin-top: var(--space-6); }
.mk-situations__title { font-size: var(--font-size-lg); }

/* ---------- home: flow ---------- */
.mk-steps { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--space-3); counter-reset: mk-step; }
@media (min-width: 768px) { .mk-steps { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: var(--space-4); } }
@media (min-width: 1024px) { .mk-steps { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.mk-steps > li { counter-increment: mk-step; position: relative; background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-4) var(--space-4) var(--space-4) calc(var(--space-4) + 2.5rem + var(--space-3)); }
@media (min-width: 1024px) { .mk-steps > li { padding: var(--space-5) var(--space-4) var(--space-4); } }
.mk-steps > li::before { content: counter(mk-step); position: absolute; left: var(--space-4); top: var(--space-4); display: flex; align-items: center; justify-content: center; width: 2.5rem; height: 2.5rem; border-radius: 999px; background: var(--color-primary); color: var(--color-surface); font-weight: 700; font-size: var(--font-size-lg); }
@media (min-width: 1024px) { .mk-steps > li::before { position: static; margin-bottom: var(--space-3); } }
.mk-steps__title { font-size: var(--font-size-md); margin-bottom: var(--space-1); }
.mk-steps__text { font-size: var(--font-size-sm); color: var(--color-muted); margin: 0; line-height: 1.7; }
.mk-steps > li.mk-steps__item--goal { border-color: var(--color-accent); }
.mk-steps > li.mk-steps__item--goal::before { background: var(--color-accent); }
.mk-flow__after { margin-top: var(--space-5); }

/* ---------- home: documents ---------- */
.mk-doc__title { display: flex; flex-wrap: wrap; align-items: baseline; gap: var(--space-1) var(--space-3); font-size: var(--font-size-lg); margin-bottom: var(--space-2); }
.mk-doc__who { list-style: none; padding: 0; margin: var(--space-3) 0 0; display: grid; gap: var(--space-2); }
.mk-doc__who > li { display: grid; gap: var(--space-1); padding: var(--space-3); border-radius: var(--radius); background: var(--color-bg); border: 1px solid var(--color-border); font-size: var(--font-size-sm); line-height: 1.7; }
.mk-doc__who-label { font-weight: 700; color: var(--color-primary-strong); }

/* ---------- home: fees ---------- */
.mk-formula { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); margin: 0 0 var(--space-5); padding: var(--space-4); border-radius: var(--radius-lg); background: var(--color-surface); border: 2px solid var(--color-primary); font-weight: 700; font-size: var(--font-size-md); }
@media (min-width: 768px) { .mk-formula { gap: var(--space-3); padding: var(--space-5); font-size: var(--font-size-lg); justify-content: center; } }
.mk-formula__group { display: inline-flex; align-items: center; gap: var(--space-2); white-space: nowrap; }
@media (min-width: 768px) { .mk-formula__group { gap: var(--space-3); } }
.mk-formula__term { display: inline-block; padding: var(--space-1) var(--space-3); border-radius: var(--radius); background: var(--color-primary-soft); color: var(--color-primary-strong); white-space: nowrap; }
.mk-formula__term--result { background: var(--color-primary); color: var(--color-surface); }
.mk-formula__op { color: var(--color-text); white-space: nowrap; }
.mk-fees__grid { display: grid; gap: var(--space-5); }
@media (min-width: 960px) { .mk-fees__grid { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: var(--space-6); align-items: start; } }
.mk-terms { margin: 0; }
.mk-terms > div { padding: var(--space-3) 0; border-bottom: 1px solid var(--color-border); }
.mk-terms > div:first-child { padding-top: 0; }
.mk-terms dt { font-weight: 700; }
.mk-terms dd { margin: var(--space-1) 0 0; color: var(--color-text); font-size: var(--font-size-sm); line-height: 1.8; }
.mk-example { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-5) var(--space-4); }
@media (min-width: 768px) { .mk-example { padding: var(--space-5); } }
.mk-example__label { display: inline-block; margin: 0 0 var(--space-2); padding: 2px var(--space-3); border-radius: 999px; border: 1px solid var(--color-primary); color: var(--color-primary-strong); font-size: var(--font-size-sm); font-weight: 700; }
.mk-example__intro { font-size: var(--font-size-sm); }
.mk-example table { font-size: var(--font-size-sm); margin-bottom: var(--space-3); font-variant-numeric: tabular-nums; }
.mk-example caption { text-align: left; font-weight: 700; margin-bottom: var(--space-2); }
.mk-example th, .mk-example td { padding: var(--space-2) 0; border-bottom: 1px solid var(--color-border); text-align: left; vertical-align: top; font-weight: 400; }
.mk-example td { text-align: right; white-space: nowrap; padding-left: var(--space-3); }
.mk-example tr.mk-example__total th, .mk-example tr.mk-example__total td { font-weight: 700; font-size: var(--font-size-md); border-bottom: 0; padding-top: var(--space-3); }
.mk-example__calc { display: block; color: var(--color-muted); font-size: var(--font-size-xs); }
.mk-example__note { margin: 0; font-size: var(--font-size-xs); color: var(--color-muted); }
.mk-promises { margin-top: var(--space-6); }

/* ---------- home: FAQ ---------- */
.mk-faq { display: grid; gap: var(--space-3); max-width: var(--width-main); }
.mk-faq details { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); }
.mk-faq summary { position: relative; display: block; list-style: none; cursor: pointer; padding: var(--space-4) calc(var(--space-4) + 2rem) var(--space-4) calc(var(--space-4) + 2em); font-weight: 700; line-height: 1.6; border-radius: var(--radius-lg); }
.mk-faq summary::-webkit-details-marker { display: none; }
.mk-faq summary::after { content: "＋"; position: absolute; right: var(--space-4); top: var(--space-4); color: var(--color-primary); font-weight: 700; }
.mk-faq details[open] summary::after { content: "−"; }
.mk-faq summary:hover { background: var(--color-primary-soft); }
.mk-faq__q { position: absolute; left: var(--space-4); top: var(--space-4); color: var(--color-primary); }
.mk-faq__answer { padding: 0 var(--space-4) var(--space-4) calc(var(--space-4) + 2em); }
.mk-faq__answer > :last-child { margin-bottom: 0; }

/* ---------- closing call to action ---------- */
.mk-cta { text-align: center; background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-6) var(--space-4); box-shadow: var(--shadow); }
@media (min-width: 768px) { .mk-cta { padding: var(--space-7); } }
.mk-cta .mk-actions { justify-content: center; }

/* ---------- statement ---------- */
.mk-pagehead { background: var(--color-primary-soft); border-bottom: 1px solid var(--color-border); padding: var(--space-7) 0 var(--space-6); }
@media (min-width: 768px) { .mk-pagehead { padding: var(--space-8) 0 var(--space-7); } }
.mk-pagehead h1 { font-size: var(--font-size-2xl); }
@media (min-width: 768px) { .mk-pagehead h1 { font-size: var(--font-size-3xl); } }
.mk-pagehead .lead { color: var(--color-text); margin-bottom: 0; }
.mk-promise-list { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--space-4); }
.mk-promise { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-5) var(--space-4); }
@media (min-width: 768px) { .mk-promise { padding: var(--space-6); } }
.mk-promise > :last-child { margin-bottom: 0; }
.mk-promise__num { display: block; margin-bottom: var(--space-1); color: var(--color-primary); font-size: var(--font-size-sm); font-weight: 700; letter-spacing: 0.06em; }
.mk-promise__title { font-size: var(--font-size-lg); margin-bottom: var(--space-3); }
@media (min-width: 768px) { .mk-promise__title { font-size: var(--font-size-xl); } }
.mk-contact { margin: 0 0 var(--space-4); }
.mk-contact > div { display: grid; gap: 0 var(--space-4); padding: var(--space-2) 0; border-bottom: 1px solid var(--color-border); }
@media (min-width: 600px) { .mk-contact > div { grid-template-columns: 9em 1fr; } }
.mk-contact dt { font-weight: 700; font-size: var(--font-size-sm); }
.mk-contact dd { margin: 0; }

/* ---------- legal documents (static layout) ---------- */
.legal { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-5) var(--space-4) var(--space-6); }
/* On a phone the document runs edge to edge: every pixel of the 375 px width goes to the text. */
@media (max-width: 599px) { .legal { margin: calc(-1 * var(--space-6)) calc(-1 * var(--space-4)) calc(-1 * var(--space-7)); border-width: 0 0 1px; border-radius: 0; padding: var(--space-5) var(--space-4) var(--space-7); } }
@media (min-width: 768px) { .legal { padding: var(--space-7); } }
.legal__header { padding-bottom: var(--space-4); margin-bottom: var(--space-5); border-bottom: 1px solid var(--color-border); }
.legal__header h1 { margin-bottom: var(--space-2); font-size: var(--font-size-xl); }
@media (min-width: 768px) { .legal__header h1 { font-size: var(--font-size-2xl); } }
.legal__date { margin: 0; color: var(--color-muted); font-size: var(--font-size-sm); }
.legal__intro { margin-bottom: var(--space-5); }
.legal__article { margin-top: var(--space-6); }
.legal__article > h2 { font-size: var(--font-size-lg); padding-left: var(--space-3); border-left: 4px solid var(--color-primary); line-height: 1.5; margin-bottom: var(--space-3); }
.legal__article p, .legal__article li { line-height: 1.85; }
.legal__article > :last-child { margin-bottom: 0; }
.legal__items { padding-left: 1.5em; }
.legal__formula { display: block; margin: var(--space-2) 0; padding: var(--space-2) var(--space-3); border-radius: var(--radius); background: var(--color-bg); font-weight: 700; }
.legal__items > li { margin-bottom: var(--space-2); padding-left: var(--space-1); }
.legal__items > li:last-child { margin-bottom: 0; }
@counter-style legal-paren { system: extends decimal; prefix: "("; suffix: ") "; }
.legal__sub { list-style: legal-paren; padding-left: 2.25em; margin: var(--space-2) 0 var(--space-2); }
.legal__sub > li { margin-bottom: var(--space-1); }
.legal__bullets { padding-left: 1.25em; }
.legal__bullets > li { margin-bottom: var(--space-1); }
.legal__end { margin-top: var(--space-7); text-align: right; color: var(--color-muted); font-size: var(--font-size-sm); }
.legal__pending { color: var(--color-muted); }
.legal__multiline { white-space: pre-line; }
.legal-table { margin: 0 0 var(--space-4); font-size: var(--font-size-sm); }
.legal-table th, .legal-table td { text-align: left; vertical-align: top; padding: var(--space-3) var(--space-3); border: 1px solid var(--color-border); line-height: 1.8; }
.legal-table th { width: 11em; background: var(--color-bg); font-weight: 700; }
.legal-table td > :last-child { margin-bottom: 0; }
.legal-table td p { margin-bottom: var(--space-2); }
@media (max-width: 599px) {
  .legal-table, .legal-table tbody, .legal-table tr, .legal-table th, .legal-table td { display: block; width: 100%; }
  .legal-table tr { border: 1px solid var(--color-border); border-radius: var(--radius); margin-bottom: var(--space-3); overflow: hidden; }
  .legal-table th, .legal-table td { border: 0; }
  .legal-table th { padding: var(--space-2) var(--space-3); }
  .legal-table td { padding: var(--space-3); }
}

/* ---------- status notices (maintenance, unsupported) ---------- */
.status-notice > :last-child { margin-bottom: 0; }
.status-notice__badge { display: inline-block; margin-bottom: var(--space-3); padding: 2px var(--space-3); border-radius: 999px; background: var(--color-warning-soft); border: 1px solid var(--color-border); color: var(--color-text); font-size: var(--font-size-sm); font-weight: 700; }
.status-notice__badge { white-space: nowrap; flex-shrink: 0; }
.status-notice h1 { font-size: var(--font-size-xl); }
@media (min-width: 768px) { .status-notice h1 { font-size: var(--font-size-2xl); } }
.status-notice h2 { font-size: var(--font-size-lg); margin-top: var(--space-6); }
.status-notice .notice { margin-bottom: var(--space-4); }
.status-notice .mk-actions { margin-top: var(--space-5); }
`;
