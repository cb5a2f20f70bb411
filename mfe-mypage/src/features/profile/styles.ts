import { ensureStyleSheet } from '@app/shared';

/**
 * The profile pages' styles, on the site's design tokens only (TOKENS_CSS): added once when a profile
 * page first renders, so the shared base stylesheet (part of every page) does not grow.
 */
const PROFILE_CSS = `
.stack { display: grid; gap: var(--space-4); }
.stack-lg { display: grid; gap: var(--space-5); }
.fieldset { border: 0; border-top: 1px solid var(--color-border); margin: var(--space-2) 0 0; padding: var(--space-5) 0 0; min-width: 0; display: grid; gap: var(--space-5); }
.address-fields { display: grid; gap: var(--space-5); }
.fieldset__legend { float: left; width: 100%; padding: 0; margin-bottom: 0; font-size: var(--font-size-lg); font-weight: 700; }
.fieldset__legend + * { clear: both; }
.field__select { appearance: auto; background: var(--color-surface); }
.field__textarea { min-height: 6em; resize: vertical; line-height: var(--line-height); }
.field__counter { margin: var(--space-1) 0 0; text-align: right; font-size: var(--font-size-xs); color: var(--color-muted); font-variant-numeric: tabular-nums; }
.field__status { min-height: 1.75em; margin: var(--space-2) 0 0; font-size: var(--font-size-sm); color: var(--color-accent-strong); }
.field__status:empty { min-height: 0; margin: 0; }
.address-fields__zip .field__input { max-width: 12rem; }
.copy-address { justify-self: start; }
.section-heading { font-size: var(--font-size-xl); margin: 0; }
.subsection-heading { font-size: var(--font-size-lg); margin: 0; }
.profile-section__header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-3); margin-bottom: var(--space-3); }
.status-badge { display: inline-flex; align-items: center; gap: var(--space-1); padding: 2px var(--space-3); border-radius: 999px; font-size: var(--font-size-sm); font-weight: 700; border: 1px solid currentColor; }
.status-badge { white-space: nowrap; flex-shrink: 0; }
.status-badge--info { color: var(--color-primary); background: var(--color-primary-soft); }
.status-badge--success { color: var(--color-success); background: #e7f6ee; }
.status-badge--danger { color: var(--color-danger); background: var(--color-danger-soft); }
.status-badge--neutral { color: var(--color-muted); background: var(--color-bg); }
.status-badge--success::before { content: "✓"; }
.status-badge--danger::before { content: "！"; }
.notice p:last-child { margin-bottom: 0; }
.notice ul { margin: 0 0 var(--space-3); padding-left: 1.25em; }
.notice--success { background: #e7f6ee; border-color: #a8d8bd; }
.notice--warning { background: var(--color-warning-soft); border-color: #f0cf85; }
.button-row { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: center; }
.button-row .button--block { width: auto; flex: 1 1 14rem; }
.button--link { background: none; border: 0; padding: 0; min-height: 44px; color: var(--color-primary); text-decoration: underline; text-underline-offset: 3px; font: inherit; cursor: pointer; }
.divider { border: 0; border-top: 1px solid var(--color-border); margin: var(--space-6) 0; }
.small { font-size: var(--font-size-sm); }
.field__input:disabled { background: var(--color-bg); color: var(--color-muted); cursor: not-allowed; }
.skeleton { border-radius: var(--radius); background: linear-gradient(90deg, var(--color-bg), #eceff3, var(--color-bg)); }
.skeleton--field { height: 76px; margin-bottom: var(--space-4); }
.session-list { list-style: none; margin: 0; padding: 0; display: grid; }
.session-list__item { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-3); padding: var(--space-4) 0; border-top: 1px solid var(--color-border); }
.session-list__item:last-child { border-bottom: 1px solid var(--color-border); }
.session-list__text { min-width: 0; flex: 1 1 14rem; }
.session-list__text p { margin: 0; }
.session-list__device { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); font-weight: 700; overflow-wrap: anywhere; }
.session-list__item .button--small { min-height: 44px; }
.button--danger { background: var(--color-surface); color: var(--color-danger); border-color: var(--color-danger); }
.button--danger:hover { background: var(--color-danger-soft); }
#identity:focus { outline: 3px solid var(--color-focus); outline-offset: 2px; }
`;

export const ensureProfileStyles = (): void => ensureStyleSheet('mfe-mypage-profile-styles', PROFILE_CSS);
