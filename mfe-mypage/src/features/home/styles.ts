import { ensureStyleSheet } from '@app/shared';

/**
 * The /mypage home's styles, on the site's design tokens only (TOKENS_CSS), added once when the
 * page first renders. The skeleton uses the same boxes as the loaded page, so nothing moves when
 * the data arrives.
 */
const HOME_CSS = `
.mp-page { display: grid; gap: var(--space-5); }
.mp-hello { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: var(--space-3) var(--space-5); }
.mp-hello h1 { margin: 0 0 var(--space-1); font-size: var(--font-size-2xl); }
.mp-hello__who { margin: 0; font-size: var(--font-size-lg); }
.mp-hello__company { display: block; font-size: var(--font-size-sm); color: var(--color-muted); }
.mp-layout { display: grid; gap: var(--space-5); align-items: start; }
@media (min-width: 900px) { .mp-layout { grid-template-columns: minmax(0, 1fr) 288px; } }
.mp-column { display: grid; gap: var(--space-5); min-width: 0; }
.mp-card { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-5) var(--space-4); min-width: 0; }
@media (min-width: 600px) { .mp-card { padding: var(--space-5) var(--space-5); } }
.mp-card > h2 { font-size: var(--font-size-lg); margin: 0 0 var(--space-3); }
.mp-card__lead { margin: 0 0 var(--space-4); font-size: var(--font-size-sm); color: var(--color-muted); }
.mp-quiet { margin: 0; font-size: var(--font-size-sm); color: var(--color-muted); }
.mp-error { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-1) var(--space-3); margin: 0; font-size: var(--font-size-sm); color: var(--color-text); }
.mp-error::before { content: "！"; font-weight: 700; color: var(--color-danger); }
.mp-retry { background: none; border: 0; padding: 0; min-height: 44px; font: inherit; color: var(--color-primary); text-decoration: underline; text-underline-offset: 3px; cursor: pointer; }
.mp-banner { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-2) var(--space-4); padding: var(--space-3) var(--space-4); border-radius: var(--radius); background: var(--color-primary-soft); border: 1px solid #c5d7ef; }
.mp-banner p { margin: 0; }
.mp-banner a { font-weight: 700; }

.mp-steps { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-3); }
.mp-step { display: grid; grid-template-columns: 32px minmax(0, 1fr); gap: var(--space-3); padding: var(--space-4); border: 1px solid var(--color-border); border-radius: var(--radius); background: var(--color-surface); min-height: 92px; }
.mp-step--next { border: 2px solid var(--color-primary); padding: calc(var(--space-4) - 1px); background: var(--color-primary-soft); }
.mp-step__icon { width: 32px; height: 32px; border-radius: 50%; display: grid; place-items: center; font-weight: 700; font-size: var(--font-size-sm); line-height: 1; border: 2px solid currentColor; color: var(--color-muted); background: var(--color-surface); }
.mp-step__icon--done { color: #fff; background: var(--color-success); border-color: var(--color-success); }
.mp-step__icon--todo, .mp-step__icon--waiting { color: var(--color-primary); }
.mp-step__body { min-width: 0; }
.mp-step__head { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-1) var(--space-2); min-height: 32px; }
.mp-step__title { margin: 0; font-size: var(--font-size-md); }
.mp-step__desc { margin: var(--space-1) 0 0; font-size: var(--font-size-sm); }
.mp-step--done .mp-step__desc, .mp-step--skipped .mp-step__desc { color: var(--color-muted); }
.mp-step__action { margin: var(--space-3) 0 0; }
.mp-step__action a:not(.button) { font-size: var(--font-size-sm); }
@media (max-width: 479px) { .mp-step__action .button { width: 100%; } }
.mp-next-tag { display: inline-block; padding: 0 var(--space-2); border-radius: var(--radius-sm); background: var(--color-primary); color: #fff; font-size: var(--font-size-xs); font-weight: 700; line-height: 1.8; }
.mp-next-tag { white-space: nowrap; flex-shrink: 0; }

.mp-badge { display: inline-block; padding: 0 var(--space-2); border-radius: 999px; border: 1px solid currentColor; font-size: var(--font-size-xs); font-weight: 700; line-height: 1.7; white-space: nowrap; color: var(--color-muted); background: var(--color-surface); }
.mp-badge--done { color: var(--color-success); }
.mp-badge--todo { color: #7a4d00; background: var(--color-warning-soft); }
.mp-badge--waiting { color: var(--color-primary); }

.mp-entries { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-2); }
.mp-entry { display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: center; gap: var(--space-2) var(--space-4); padding: var(--space-3) var(--space-4); border: 1px solid var(--color-border); border-radius: var(--radius); }
.mp-entry__code { margin: 0; font-weight: 700; display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-1) var(--space-2); }
.mp-entry__meta { margin: 0; font-size: var(--font-size-sm); color: var(--color-muted); }
.mp-entry__meta span { display: block; white-space: nowrap; }
@media (min-width: 600px) { .mp-entry__meta span { display: inline; } .mp-entry__meta span + span::before { content: "／"; margin: 0 var(--space-1); } }
.mp-entry a { display: inline-flex; align-items: center; min-height: 44px; font-size: var(--font-size-sm); white-space: nowrap; }
.mp-entry__next { margin: var(--space-1) 0 0; display: flex; flex-wrap: wrap; align-items: center; gap: 0 var(--space-3); font-weight: 700; }
.mp-entry__deadline { font-size: var(--font-size-sm); color: #7a4d00; font-weight: 700; white-space: nowrap; }
.mp-empty { margin: 0; padding: var(--space-4); border: 1px dashed var(--color-border); border-radius: var(--radius); text-align: center; }
.mp-empty p { margin: 0; }
.mp-empty p + p { margin-top: var(--space-1); font-size: var(--font-size-sm); color: var(--color-muted); }

.mp-news { list-style: none; margin: 0; padding: 0; display: grid; }
.mp-news li { padding: var(--space-2) 0; border-top: 1px solid var(--color-border); }
.mp-news li:first-child { border-top: 0; padding-top: 0; }
.mp-news time { display: block; font-size: var(--font-size-xs); color: var(--color-muted); }
.mp-news a { font-size: var(--font-size-sm); }
.mp-links { list-style: none; margin: 0; padding: 0; display: grid; }
.mp-links a { display: flex; align-items: center; min-height: 44px; font-size: var(--font-size-sm); }
.mp-external::after { content: " ↗"; }

.mp-docs { list-style: none; margin: 0 0 var(--space-4); padding: 0; display: grid; gap: var(--space-2); }
.mp-doc { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-1) var(--space-3); padding: var(--space-2) var(--space-3); border: 1px solid var(--color-border); border-radius: var(--radius); font-size: var(--font-size-sm); }
.mp-doc__name { font-weight: 700; overflow-wrap: anywhere; }
.mp-doc__date { color: var(--color-muted); }
.mp-subheading { margin: 0 0 var(--space-2); font-size: var(--font-size-sm); font-weight: 700; }
.mp-submit { display: grid; gap: var(--space-2); margin-top: var(--space-4); }
.mp-submit p { margin: 0; font-size: var(--font-size-sm); color: var(--color-muted); }
@media (min-width: 600px) { .mp-submit .button { justify-self: start; } }
.mp-logout { align-self: center; }

.mp-skeleton { display: block; border-radius: var(--radius); background: var(--color-bg); }
.mp-skeleton--step { height: 112px; }
.mp-skeleton--step + .mp-skeleton--step, .mp-skeleton--row + .mp-skeleton--row { margin-top: var(--space-3); }
.mp-after { margin-top: var(--space-3); }
.mp-skeleton--row { height: 90px; }
.mp-skeleton--upload { height: 170px; }
.mp-skeleton--line { height: 1.2em; margin: var(--space-2) 0; border-radius: var(--radius-sm); }
.mp-skeleton--short { width: 60%; }
`;

export const ensureHomeStyles = (): void => ensureStyleSheet('mfe-mypage-home-styles', HOME_CSS);
