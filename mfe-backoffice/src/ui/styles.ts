import { ensureStyleSheet } from '@app/shared';

/**
 * The back office's styles, on the site's design tokens only (TOKENS_CSS): denser than the
 * applicants' pages (an operator reads many rows), calm colours, 1280 px first and usable at 375 px.
 */
const BACKOFFICE_CSS = `
.bo { background: var(--color-bg); }
.bo-header { background: #17233a; color: #e8edf5; }
.bo-header__inner { max-width: 1280px; margin: 0 auto; padding: var(--space-2) var(--space-4); min-height: 52px; display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-5); }
.bo-brand { color: #fff; font-weight: 700; text-decoration: none; white-space: nowrap; }
.bo-brand small { font-weight: 400; color: #c3ccd9; margin-left: var(--space-2); font-size: var(--font-size-xs); }
.bo-nav { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); flex: 1 1 auto; }
.bo-nav a { color: #e8edf5; font-size: var(--font-size-sm); padding: var(--space-1) var(--space-2); border-radius: var(--radius-sm); white-space: nowrap; }
@media (max-width: 599px) { .bo-nav { gap: var(--space-1) var(--space-2); } .bo-nav a { padding: var(--space-1); } }
.bo-nav a[aria-current="page"] { background: rgba(255,255,255,0.14); text-decoration: none; }
.bo-nav__count { display: inline-block; min-width: 1.5em; margin-left: var(--space-1); padding: 0 0.4em; border-radius: 999px; background: #fff; color: #17233a; font-size: var(--font-size-xs); font-weight: 700; line-height: 1.5; text-align: center; font-variant-numeric: tabular-nums; }
.bo-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.bo-user { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-3); font-size: var(--font-size-sm); margin-left: auto; }
.bo-user__role { display: inline-block; padding: 0 var(--space-2); border-radius: var(--radius-sm); background: rgba(255,255,255,0.14); font-size: var(--font-size-xs); }
.bo-header .bo-logout { background: transparent; color: #fff; border: 1px solid #8a9ab3; border-radius: var(--radius); font: inherit; font-size: var(--font-size-sm); min-height: 36px; padding: 0 var(--space-3); cursor: pointer; }
.bo-header .bo-logout:hover { background: rgba(255,255,255,0.1); }
.bo-main { flex: 1 0 auto; width: 100%; max-width: 1280px; margin: 0 auto; padding: var(--space-5) var(--space-4) var(--space-7); font-size: var(--font-size-sm); line-height: 1.6; }
.bo-main:focus { outline: none; }
.bo-main h1 { font-size: var(--font-size-xl); margin: 0 0 var(--space-3); }
.bo-main h2 { font-size: var(--font-size-lg); margin: 0 0 var(--space-3); }
.bo-main h3 { font-size: var(--font-size-md); margin: 0 0 var(--space-2); }
.bo-main :focus-visible { outline: 3px solid var(--color-focus); outline-offset: 2px; }
.bo-main h1[tabindex="-1"]:focus { outline: none; }
.bo-panel { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-4); min-width: 0; }
.bo-panel + .bo-panel { margin-top: var(--space-4); }
.bo-stack { display: grid; gap: var(--space-4); min-width: 0; }
.bo-muted { color: var(--color-muted); }
.bo-small { font-size: var(--font-size-xs); }
.bo-badge { display: inline-block; padding: 0 var(--space-2); border-radius: 999px; border: 1px solid var(--color-border); background: var(--color-bg); font-size: var(--font-size-xs); font-weight: 700; white-space: nowrap; line-height: 1.8; }
.bo-badge--under_review, .bo-badge--confirming { background: var(--color-primary-soft); border-color: #c5d7ef; color: var(--color-primary-strong); }
.bo-badge--inadequate { background: var(--color-warning-soft); border-color: #f0d9a0; color: #6b4500; }
.bo-badge--reviewed, .bo-badge--contracted, .bo-badge--can_buy, .bo-badge--confirmed { background: #e6f4ec; border-color: #b5dcc6; color: var(--color-success); }
.bo-badge--transferred, .bo-badge--returned { background: #e6f4ec; border-color: #b5dcc6; color: var(--color-success); }
.bo-badge--archived, .bo-badge--cannot_buy, .bo-badge--cancel, .bo-badge--delay { background: var(--color-danger-soft); border-color: #f1b5ae; color: var(--color-danger); }
.bo-field { display: grid; gap: var(--space-1); min-width: 0; }
.bo-field label, .bo-field legend, .bo-label { font-weight: 700; font-size: var(--font-size-xs); }
.bo-field input, .bo-field select, .bo-field textarea { font: inherit; font-size: max(16px, var(--font-size-sm)); min-height: 40px; padding: var(--space-1) var(--space-2); border: 1px solid #8a96a3; border-radius: var(--radius-sm); background: var(--color-surface); color: var(--color-text); width: 100%; }
.bo-field textarea { min-height: 72px; resize: vertical; }
.bo-field input[type="radio"], .bo-field input[type="checkbox"] { width: 18px; height: 18px; min-height: 0; padding: 0; margin: 0; vertical-align: -3px; accent-color: var(--color-primary); }
.bo-choices { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-5); }
.bo-choices label { display: inline-flex; align-items: center; gap: var(--space-2); min-height: 32px; font-weight: 400; font-size: var(--font-size-sm); cursor: pointer; }
.bo-field [aria-invalid="true"] { border-color: var(--color-danger); background: #fffafa; }
.bo-field__hint { font-size: var(--font-size-xs); color: var(--color-muted); margin: 0; }
.bo-error { margin: 0; color: var(--color-danger); font-weight: 700; font-size: var(--font-size-xs); }
.bo-error::before { content: "！ "; }
.bo-alert { border: 1px solid #f1b5ae; background: var(--color-danger-soft); color: var(--color-danger); border-radius: var(--radius-sm); padding: var(--space-2) var(--space-3); font-weight: 700; margin: 0; }
.bo-alert p { margin: 0; }
.bo-ok { border: 1px solid #b5dcc6; background: #e6f4ec; color: var(--color-success); border-radius: var(--radius-sm); padding: var(--space-2) var(--space-3); margin: 0; font-weight: 700; }
.bo-note { border: 1px solid #f0d9a0; background: var(--color-warning-soft); color: #553700; border-radius: var(--radius-sm); padding: var(--space-2) var(--space-3); margin: 0; }
.bo-actions { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; }
.bo-preview-cell { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; margin: 0; }
.bo-preview-cell select { max-width: 16rem; }
.bo-tabs { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-2); }
.bo-tab { display: inline-flex; align-items: baseline; gap: var(--space-1); padding: var(--space-1) var(--space-3); border: 1px solid var(--color-border); border-radius: 999px; color: var(--color-text); background: var(--color-surface); text-decoration: none; white-space: nowrap; font-size: var(--font-size-sm); }
.bo-tab[aria-current="page"] { background: var(--color-primary); border-color: var(--color-primary); color: #fff; }
.bo-tab__count { font-weight: 700; font-variant-numeric: tabular-nums; }
.bo-row--overdue td { background: var(--color-warning-soft); }
.bo-overdue { margin: 0; color: #8a4b00; font-weight: 700; }
.bo-export { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); align-items: start; }
.bo-export .bo-actions { grid-column: 1 / -1; }
.bo-main .button { min-height: 40px; padding: var(--space-1) var(--space-4); font-size: var(--font-size-sm); }
.bo-main .button--danger { background: var(--color-danger); color: #fff; }
.bo-main .button--danger:hover { background: #8f1c13; color: #fff; }
.bo-main .button:disabled { opacity: 0.55; cursor: not-allowed; }
.bo-table-wrap { overflow-x: auto; border: 1px solid var(--color-border); border-radius: var(--radius); background: var(--color-surface); }
.bo-table { width: 100%; min-width: 720px; border-collapse: collapse; font-size: var(--font-size-sm); }
.bo-table code { white-space: nowrap; font-size: var(--font-size-xs); color: var(--color-muted); }
.bo-table caption { text-align: left; padding: var(--space-2) var(--space-3); font-weight: 700; }
.bo-table th, .bo-table td { padding: var(--space-2) var(--space-3); border-bottom: 1px solid var(--color-border); text-align: left; vertical-align: top; }
.bo-table thead th { background: #eef2f7; font-size: var(--font-size-xs); white-space: nowrap; }
.bo-table tbody tr:hover { background: #f8fafc; }
.bo-table .bo-num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.bo-table .bo-nowrap { white-space: nowrap; }
.bo-filters { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fill, minmax(136px, 1fr)); align-items: end; }
.bo-filters .bo-actions { grid-column: 1 / -1; }
@media (min-width: 1100px) { .bo-filters { grid-template-columns: repeat(5, minmax(0, 1fr)) auto; } .bo-filters .bo-actions { grid-column: auto; } }
.bo-pager { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-2); margin-top: var(--space-3); }
.bo-head { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-3); margin-bottom: var(--space-3); }
.bo-head h1 { margin: 0; }
.bo-dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); align-content: start; gap: var(--space-1) var(--space-4); margin: 0; min-width: 0; }
.bo-dl dt { color: var(--color-muted); font-size: var(--font-size-xs); padding-top: 2px; }
.bo-dl dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.bo-grid-2 { display: grid; gap: var(--space-4); }
@media (min-width: 1000px) { .bo-grid-2 { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; } }
.bo-entry { display: grid; gap: var(--space-4); }
@media (min-width: 1100px) { .bo-entry { grid-template-columns: minmax(0, 1fr) 340px; grid-template-rows: auto 1fr; align-items: start; } .bo-entry__main { grid-column: 1; grid-row: 1 / span 2; } .bo-entry__assignee { grid-column: 2; grid-row: 1; } .bo-entry__side { grid-column: 2; grid-row: 2; position: sticky; top: var(--space-4); } }
.bo-group { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-3); display: grid; gap: var(--space-3); min-width: 0; }
.bo-group__head { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); }
.bo-group__head h3 { margin: 0; }
.bo-files { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-2); }
.bo-file { border: 1px solid var(--color-border); border-radius: var(--radius-sm); padding: var(--space-2); display: grid; gap: var(--space-2); min-width: 0; }
.bo-file__row { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); }
.bo-file__name { font-weight: 700; overflow-wrap: anywhere; }
.bo-viewer img { display: block; max-width: 100%; max-height: 70vh; height: auto; border: 1px solid var(--color-border); background: #fff; }
.bo-pdf { display: grid; gap: var(--space-2); min-width: 0; }
.bo-pdf__pages { display: grid; gap: var(--space-2); max-height: 70vh; overflow: auto; min-width: 0; }
.bo-pdf__pages canvas { display: block; max-width: 100%; height: auto; border: 1px solid var(--color-border); background: #fff; }
.bo-decision { display: grid; gap: var(--space-2); }
.bo-figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(120px, 1fr)); gap: var(--space-2); margin: 0; }
.bo-figures div { background: var(--color-bg); border-radius: var(--radius-sm); padding: var(--space-2); }
.bo-figures dt { font-size: var(--font-size-xs); color: var(--color-muted); }
.bo-figures dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
.bo-figures .bo-figures__total { background: var(--color-primary-soft); }
.bo-pricing { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); align-items: start; }
.bo-claim { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-3); display: grid; gap: var(--space-3); }
.bo-claim + .bo-claim { margin-top: var(--space-3); }
.bo-history { list-style: none; margin: 0; padding: 0; display: grid; min-width: 0; }
.bo-history__item { border-top: 1px solid var(--color-border); padding: var(--space-2) 0; display: grid; gap: var(--space-1); min-width: 0; }
.bo-history__item:first-child { border-top: 0; padding-top: 0; }
.bo-history__meta { margin: 0; display: flex; flex-wrap: wrap; gap: 0 var(--space-3); color: var(--color-muted); font-size: var(--font-size-xs); }
.bo-history__action { margin: 0; overflow-wrap: anywhere; }
.bo-history__details { margin: 0; padding-left: var(--space-4); overflow-wrap: anywhere; }
.bo-history__record summary { cursor: pointer; font-size: var(--font-size-xs); color: var(--color-muted); min-height: 24px; }
.bo-history__record pre { background: var(--color-bg); border-radius: var(--radius-sm); padding: var(--space-2); margin: var(--space-1) 0 0; max-height: 320px; overflow: auto; }
.bo-kv { white-space: pre-wrap; overflow-wrap: anywhere; font-size: var(--font-size-xs); margin: 0; }
.bo-dialog-backdrop { position: fixed; inset: 0; background: rgba(15, 23, 42, 0.55); display: grid; place-items: center; padding: var(--space-4); z-index: 80; }
.bo-dialog { background: var(--color-surface); border-radius: var(--radius); box-shadow: 0 10px 30px rgba(0,0,0,0.25); width: min(520px, 100%); padding: var(--space-5); display: grid; gap: var(--space-3); font-size: var(--font-size-sm); max-height: calc(100vh - 2 * var(--space-4)); overflow-y: auto; }
.bo-approve { display: grid; gap: var(--space-3); margin-top: var(--space-3); }
.bo-approve__claims { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-2); }
.bo-approve__claims > li { border: 1px solid var(--color-border); border-radius: var(--radius-sm); padding: var(--space-2) var(--space-3); display: grid; gap: var(--space-1); }
.bo-dialog .bo-approve__claim { font-weight: 700; overflow-wrap: anywhere; }
.bo-approve dd { font-variant-numeric: tabular-nums; }
.bo-approve__total { background: var(--color-primary-soft); border-radius: var(--radius-sm); padding: var(--space-2) var(--space-3); font-weight: 700; }
.bo-dialog h2 { margin: 0; font-size: var(--font-size-lg); }
.bo-dialog p { margin: 0; }
.bo-dialog .bo-actions { justify-content: flex-end; }
.bo-login { max-width: 440px; margin: var(--space-6) auto 0; }
.bo-login form { display: grid; gap: var(--space-4); }
.bo-table-wrap { position: relative; }
.bo-tab[aria-current="true"] { background: var(--color-primary); border-color: var(--color-primary); color: #fff; }
.bo-badge--health-healthy { background: #e6f4ec; border-color: #b5dcc6; color: var(--color-success); }
.bo-badge--health-worse { background: var(--color-danger-soft); border-color: #f1b5ae; color: var(--color-danger); }
.bo-badge--health-not-enough-data { background: var(--color-warning-soft); border-color: #f0d9a0; color: #6b4500; }
.bo-health { display: grid; gap: var(--space-3); }
.bo-health h3 { margin: 0; overflow-wrap: anywhere; }
.bo-health p { margin: 0; }
.bo-health__verdict ul { margin: var(--space-1) 0 0; padding-left: var(--space-5); overflow-wrap: anywhere; }
.bo-health__message { font-weight: 400; overflow-wrap: anywhere; min-width: 16rem; }
.bo-health__frame { margin: 0; display: grid; gap: var(--space-1); min-width: 20rem; }
.bo-health__frame dt { font-size: var(--font-size-xs); color: var(--color-muted); }
.bo-health__frame dd { margin: 0; }
.bo-health .bo-health__frame code { white-space: normal; overflow-wrap: anywhere; }
.bo-health .bo-health__frame .bo-health__source { font-size: var(--font-size-sm); color: var(--color-text); }
.bo-chart { margin: 0; min-width: 0; display: grid; gap: var(--space-1); }
.bo-chart__title { font-weight: 700; }
.bo-chart__legend { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-4); font-size: var(--font-size-xs); }
.bo-chart__legend li { display: inline-flex; align-items: center; gap: var(--space-1); overflow-wrap: anywhere; }
.bo-chart__svg { display: block; width: 100%; height: auto; background: var(--color-surface); }
.bo-chart__axis text, .bo-chart__empty { font-size: 14px; fill: var(--color-muted); }
@media (max-width: 599px) { .bo-chart__axis text, .bo-chart__empty { font-size: 20px; } }
.bo-health > *, .bo-health .bo-grid-2 > *, .bo-chart > * { min-width: 0; }
.bo-health .bo-table { min-width: 0; }
.bo-health .bo-table th[scope="row"]:not(.bo-health__message) { white-space: nowrap; }
.bo-chart__grid { stroke: var(--color-border); stroke-width: 1; }
.bo-chart__line { fill: none; stroke-width: 2.5; stroke-linejoin: round; stroke-linecap: round; }
.bo-chart__line--canary, .bo-chart__mark--canary { stroke: var(--color-danger); }
.bo-chart__line--live, .bo-chart__mark--live { stroke: var(--color-primary); }
.bo-chart__mark--canary { fill: var(--color-danger); }
.bo-chart__mark--live { fill: var(--color-primary); }
.bo-chart__data summary { cursor: pointer; font-size: var(--font-size-xs); color: var(--color-muted); min-height: 24px; }
.bo-chart__data .bo-table { min-width: 0; }
.bo-skeleton { padding: var(--space-7) 0; text-align: center; color: var(--color-muted); }
.bo-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

export function ensureBackofficeStyles(): void {
  ensureStyleSheet('backoffice-styles', BACKOFFICE_CSS);
}
