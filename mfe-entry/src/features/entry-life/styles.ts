import { ensureStyleSheet } from '@app/shared';

/**
 * Styles of an entry's pages (detail, resubmit, contract, agreement, completion), on the site's
 * design tokens only. Mobile first (375 px); two columns of claim cards from 800 px.
 */
const ENTRY_LIFE_CSS = `
.el-page { display: grid; gap: var(--space-5); }
.el-page > * { margin: 0; }
.el-page__heading { margin: 0; }
.el-page__heading:focus { outline: none; }
.el-meta { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-4); margin: 0; color: var(--color-muted); font-size: var(--font-size-sm); }
.el-code { font-weight: 700; color: var(--color-text); font-variant-numeric: tabular-nums; }
.el-badge { display: inline-block; padding: 2px var(--space-3); border-radius: 999px; font-size: var(--font-size-sm); font-weight: 700; background: var(--color-bg); color: var(--color-text); border: 1px solid var(--color-border); white-space: nowrap; }
.el-badge--todo { background: var(--color-warning-soft); color: #7a4d00; border-color: #f0cf85; }
.el-badge--waiting { background: var(--color-primary-soft); color: var(--color-primary-strong); border-color: #c5d7ef; }
.el-badge--done { background: #e7f6ee; color: var(--color-success); border-color: #b5e0c8; }
.el-section { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-5) var(--space-4); display: grid; gap: var(--space-4); min-width: 0; }
@media (min-width: 768px) { .el-section { padding: var(--space-6); } }
.el-section > * { margin: 0; }
.el-section__heading { font-size: var(--font-size-xl); margin: 0; }
.el-section--action { border-color: var(--color-primary); border-width: 2px; }
.el-section--todo { border-color: #e0a526; background: #fffcf3; }
.el-actions { display: grid; gap: var(--space-3); }
@media (min-width: 600px) { .el-actions { display: flex; flex-wrap: wrap; align-items: center; } }
.el-loading { min-height: 60vh; display: grid; align-content: start; gap: var(--space-4); }
.el-skeleton { height: 120px; border-radius: var(--radius-lg); background: linear-gradient(90deg, #eef1f5, #f7f9fb, #eef1f5); background-size: 200% 100%; animation: el-shimmer 1.4s ease-in-out infinite; }
.el-skeleton--tall { height: 280px; }
@keyframes el-shimmer { from { background-position: 200% 0; } to { background-position: -200% 0; } }
@media (prefers-reduced-motion: reduce) { .el-skeleton { animation: none; } }
.el-timeline { list-style: none; margin: 0; padding: 0; display: grid; gap: 0; }
.el-step { position: relative; display: grid; grid-template-columns: 28px minmax(0, 1fr); column-gap: var(--space-3); padding-bottom: var(--space-4); }
.el-step:last-child { padding-bottom: 0; }
.el-step::before { content: ""; position: absolute; left: 13px; top: 28px; bottom: 0; width: 2px; background: var(--color-border); }
.el-step:last-child::before { display: none; }
.el-step--done::before { background: var(--color-success); }
.el-step__mark { width: 28px; height: 28px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: var(--font-size-sm); font-weight: 700; border: 2px solid var(--color-border); background: var(--color-surface); color: var(--color-muted); }
.el-step--done .el-step__mark { background: var(--color-success); border-color: var(--color-success); color: #fff; }
.el-step--current .el-step__mark { border-color: var(--color-primary); background: var(--color-primary); color: #fff; box-shadow: 0 0 0 4px var(--color-primary-soft); }
.el-step__body { display: grid; gap: 2px; padding-top: 2px; min-width: 0; }
.el-step__label { font-weight: 700; }
.el-step--upcoming .el-step__label { color: var(--color-muted); font-weight: 400; }
.el-step--current .el-step__label { color: var(--color-primary-strong); }
.el-step__time, .el-step__note { font-size: var(--font-size-sm); color: var(--color-muted); }
.el-step--current .el-step__note { color: var(--color-text); }
.el-claims { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-4); }
@media (min-width: 800px) { .el-claims--two { grid-template-columns: 1fr 1fr; } }
.el-claim { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-4); display: grid; gap: var(--space-3); min-width: 0; }
.el-claim > * { margin: 0; }
.el-claim__header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-2); }
.el-claim__name { font-size: var(--font-size-lg); margin: 0; }
.el-facts { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: var(--space-1) var(--space-3); margin: 0; }
.el-facts dt { color: var(--color-muted); font-size: var(--font-size-sm); align-self: center; white-space: nowrap; }
.el-facts dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; font-weight: 700; }
.el-facts__strong { font-size: var(--font-size-lg); color: var(--color-accent-strong); }
.el-facts--plain dd { text-align: left; font-weight: 400; }
@media (min-width: 600px) { .el-facts--plain { grid-template-columns: 10em minmax(0, 1fr); } }
.el-payout-change { margin-top: var(--space-4); display: grid; gap: var(--space-3); }
.el-payout-change > .notice { margin: 0; }
.el-payout-form { display: grid; gap: var(--space-4); border-top: 1px solid var(--color-border); padding-top: var(--space-4); }
.el-payout-form > * { margin: 0; }
.el-section__subheading { font-size: var(--font-size-lg); margin: 0; }
.el-issues { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-3); }
.el-issue { border-left: 4px solid #e0a526; padding: var(--space-2) var(--space-3); background: var(--color-surface); border-radius: 0 var(--radius) var(--radius) 0; }
.el-issue > * { margin: 0; }
.el-issue__title { font-weight: 700; }
.el-issue__reason { white-space: pre-line; }
.el-figures { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.el-figures caption { text-align: left; font-weight: 700; font-size: var(--font-size-lg); padding-bottom: var(--space-2); caption-side: top; }
.el-figures caption .el-files { display: block; font-weight: 400; }
.el-figures th, .el-figures td { padding: var(--space-2) 0; border-bottom: 1px solid var(--color-border); vertical-align: baseline; }
.el-figures th { text-align: left; font-weight: 400; color: var(--color-muted); font-size: var(--font-size-sm); padding-right: var(--space-3); }
.el-figures td { text-align: right; font-weight: 700; white-space: nowrap; }
.el-figures .el-figures__formula { display: block; font-size: var(--font-size-xs); }
.el-figures tr.el-figures__total th { color: var(--color-text); font-weight: 700; font-size: var(--font-size-md); }
.el-figures tr.el-figures__total th, .el-figures tr.el-figures__total td { border-bottom: 0; }
.el-figures tr.el-figures__total td { font-size: var(--font-size-xl); color: var(--color-accent-strong); }
.el-totals { background: var(--color-primary-soft); border: 1px solid #c5d7ef; border-radius: var(--radius); padding: var(--space-4); }
.el-deadline { font-weight: 700; font-size: var(--font-size-lg); }
.el-nowrap { white-space: nowrap; }
.el-consent { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-4); background: var(--color-bg); }
.el-slot { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-4); display: grid; gap: var(--space-3); min-width: 0; }
.el-slot > * { margin: 0; }
.el-slot--invalid { border-color: var(--color-danger); }
.el-slot__heading { font-size: var(--font-size-lg); margin: 0; }
.el-reason { background: var(--color-warning-soft); border: 1px solid #f0cf85; border-radius: var(--radius); padding: var(--space-3); }
.el-reason > * { margin: 0; }
.el-reason__label { font-size: var(--font-size-sm); font-weight: 700; color: #6b4500; }
.el-kept { display: grid; gap: var(--space-3); }
.el-kept ul { margin: 0; }
.el-files { font-size: var(--font-size-sm); color: var(--color-muted); }
.el-dialog-backdrop { position: fixed; inset: 0; z-index: 70; background: rgba(16, 24, 40, 0.55); display: flex; align-items: center; justify-content: center; padding: var(--space-4); }
.el-dialog { background: var(--color-surface); border-radius: var(--radius-lg); padding: var(--space-5); width: min(480px, 100%); max-height: calc(100vh - 2 * var(--space-4)); overflow: auto; display: grid; gap: var(--space-4); box-shadow: 0 12px 32px rgba(16, 24, 40, 0.25); }
.el-dialog > * { margin: 0; }
.el-dialog__title { font-size: var(--font-size-xl); margin: 0; }
.el-dialog__title:focus { outline: none; }
.el-dialog__actions { display: grid; gap: var(--space-3); }
@media (min-width: 480px) { .el-dialog__actions { grid-template-columns: 1fr 1fr; } }
.button--danger { background: var(--color-danger); color: #fff; }
.button--danger:hover { background: #8f1c13; color: #fff; }
.el-complete { display: grid; gap: var(--space-4); }
.el-complete > * { margin: 0; }
.el-complete__mark { display: inline-flex; align-items: center; justify-content: center; width: 56px; height: 56px; border-radius: 50%; background: #e7f6ee; color: var(--color-success); font-size: var(--font-size-2xl); font-weight: 700; }
.el-complete__mark--muted { background: var(--color-bg); color: var(--color-muted); }
.el-complete ol { margin: 0; padding-left: 1.5em; display: grid; gap: var(--space-2); }
.el-agreement { max-width: 760px; margin: 0 auto; background: var(--color-surface); padding: var(--space-6) var(--space-4); line-height: 1.9; }
@media (min-width: 768px) { .el-agreement { padding: var(--space-7); border: 1px solid var(--color-border); border-radius: var(--radius-lg); } }
.el-agreement h1 { text-align: center; font-size: var(--font-size-2xl); margin-bottom: var(--space-5); }
.el-agreement h2 { font-size: var(--font-size-lg); margin: var(--space-5) 0 var(--space-2); }
.el-agreement p { margin: 0 0 var(--space-2); }
.el-agreement__toolbar { display: flex; flex-wrap: wrap; gap: var(--space-3); justify-content: flex-end; margin-bottom: var(--space-5); }
.el-agreement__parties { margin: 0 0 var(--space-5); }
.el-schedule { margin: var(--space-2) 0 var(--space-4); padding-left: 1.5em; display: grid; gap: var(--space-3); }
.el-schedule li { border-bottom: 1px solid var(--color-border); padding-bottom: var(--space-3); break-inside: avoid; }
.el-schedule__name { font-weight: 700; }
@media (min-width: 600px) { .el-schedule .el-facts { max-width: 420px; } }
@media print {
  .el-agreement { border: 0; padding: 0; max-width: none; }
  .el-agreement__toolbar, .skip-link, .toast-region { display: none !important; }
  body { background: #fff; }
}
`;

export const useEntryLifeStyles = (): void => ensureStyleSheet('mfe-entry-life-styles', ENTRY_LIFE_CSS);

/** The classes of the shared confirmation dialog on an entry's pages (styled above). */
export const DIALOG_CLASSES = {
  backdrop: 'el-dialog-backdrop',
  dialog: 'el-dialog',
  title: 'el-dialog__title',
  actions: 'el-dialog__actions',
} as const;
