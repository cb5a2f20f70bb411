import { ensureStyleSheet } from '@app/shared';

/**
 * The wizard's styles, on the site's design tokens only: added once when a step first renders.
 * Mobile first (375 px); two columns for amounts and bank names from 640 px.
 */
const WIZARD_CSS = `
.wizard { display: grid; gap: var(--space-5); }
.wizard__header { display: grid; gap: var(--space-4); }
.wizard__title { margin: 0; }
.wizard__title:focus { outline: none; }
.wizard-form { display: grid; gap: var(--space-5); }
.wizard-stack { display: grid; gap: var(--space-5); }
.wizard-grid { display: grid; gap: var(--space-5); }
@media (min-width: 640px) { .wizard-grid { grid-template-columns: 1fr 1fr; align-items: start; } }
.lead-text { margin: 0; color: var(--color-muted); }
.section-heading { font-size: var(--font-size-xl); margin: 0; }
.section-heading:focus { outline: 3px solid var(--color-focus); outline-offset: 4px; border-radius: var(--radius-sm); }
.wizard-fieldset { border: 0; border-top: 1px solid var(--color-border); margin: 0; padding: var(--space-5) 0 0; min-width: 0; display: grid; gap: var(--space-4); }
.wizard-fieldset--inner { border-top: 0; padding-top: var(--space-2); gap: var(--space-3); }
.wizard-legend { float: left; width: 100%; padding: 0; margin-bottom: 0; font-size: var(--font-size-lg); font-weight: 700; }
.wizard-legend--small { font-size: var(--font-size-md); }
.wizard-legend + * { clear: both; }
.wizard-fieldset > p { margin: 0; }
.small { font-size: var(--font-size-sm); }
.claim__header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--space-3); margin-bottom: var(--space-4); }
.claim .notice, .bank .notice { margin-bottom: var(--space-4); }
.payer-row { display: grid; gap: var(--space-1); }
.payer-row__remove { justify-self: end; min-height: 36px; }
.add-button { justify-self: start; }
.add-claim { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-3); }
.add-claim p { margin: 0; }
.amount-input { position: relative; }
.amount-input__control { padding-right: 3em; font-variant-numeric: tabular-nums; text-align: right; }
.amount-input__unit { position: absolute; right: var(--space-3); top: 50%; transform: translateY(-50%); color: var(--color-muted); pointer-events: none; }
.field__warning { margin: 0; padding: var(--space-2) var(--space-3); border-radius: var(--radius); background: var(--color-warning-soft); border: 1px solid #f0cf85; color: #6b4500; font-size: var(--font-size-sm); font-weight: 700; }
.field__warning::before { content: "⚠ "; }
.field__notice { display: block; margin-top: var(--space-1); color: var(--color-accent-strong); }
.field__textarea { min-height: 6em; resize: vertical; line-height: var(--line-height); }
.field__counter { margin: 0; text-align: right; font-size: var(--font-size-xs); color: var(--color-muted); font-variant-numeric: tabular-nums; }
.field-slot { display: grid; gap: var(--space-2); }
.field-slot--invalid .upload-field__dropzone { border-color: var(--color-danger); }
.wizard-actions { display: grid; gap: var(--space-3); justify-items: stretch; }
.wizard-actions .button--link { justify-self: center; }
@media (min-width: 640px) { .wizard-actions { grid-template-columns: auto auto; justify-content: space-between; align-items: center; } .wizard-actions .button--primary { order: 2; } .wizard-actions .button--link { justify-self: start; } }
.wizard-actions--back { grid-template-columns: auto; }
.button--link { background: none; border: 0; padding: 0; min-height: 44px; color: var(--color-primary); text-decoration: underline; text-underline-offset: 3px; font: inherit; cursor: pointer; }
.remove-link { justify-self: start; color: var(--color-danger); }
.wizard .card > h2.section-heading { margin-bottom: var(--space-4); }
.wizard .card > p:last-child { margin-bottom: 0; }
.wizard .choice input { flex: none; }
.wizard input[type="date"] { max-width: 16rem; }
.wizard input[name$="bank_account_number"] { max-width: 12rem; }
.wizard input[name$="holder_name"] { max-width: 30rem; }
.wizard .amount-input { max-width: 24rem; }
.button-row { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: center; }
.notice p:last-child { margin-bottom: 0; }
.notice ul { margin: 0 0 var(--space-3); padding-left: 1.25em; }
.notice--warning { background: var(--color-warning-soft); border-color: #f0cf85; }
.conflict-notice__label { margin: 0 0 var(--space-1); font-weight: 700; }
.steps__list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: var(--space-1); counter-reset: none; }
.steps__item { position: relative; min-width: 0; }
.steps__body { display: grid; justify-items: center; gap: var(--space-1); padding: var(--space-2) 2px; border-radius: var(--radius); text-align: center; color: var(--color-muted); text-decoration: none; font-size: var(--font-size-xs); line-height: 1.3; min-height: 44px; }
.steps__link:hover { background: var(--color-primary-soft); }
.steps__number { display: inline-flex; align-items: center; justify-content: center; width: 28px; height: 28px; border-radius: 50%; border: 2px solid #8a96a3; background: var(--color-surface); font-weight: 700; font-size: var(--font-size-sm); }
.steps__item--done .steps__number { background: var(--color-success); border-color: var(--color-success); color: #fff; }
.steps__item--done .steps__body { color: var(--color-success); }
.steps__item--current .steps__number { background: var(--color-primary); border-color: var(--color-primary); color: #fff; }
.steps__item--current .steps__body { color: var(--color-primary); font-weight: 700; }
.steps__label { white-space: nowrap; font-size: 0.75rem; letter-spacing: -0.02em; }
@media (min-width: 640px) { .steps__label { font-size: inherit; letter-spacing: normal; } }
@media (min-width: 640px) { .steps__body { font-size: var(--font-size-sm); } }
.save-status { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2) var(--space-3); font-size: var(--font-size-sm); color: var(--color-muted); min-height: 36px; }
.save-status__text { margin: 0; display: inline-flex; align-items: center; gap: var(--space-2); }
.save-status__icon { width: 10px; height: 10px; border-radius: 50%; background: #8a96a3; flex: none; }
.save-status--saved .save-status__icon { background: var(--color-success); }
.save-status--saved { color: var(--color-success); }
.save-status--pending .save-status__icon, .save-status--saving .save-status__icon { background: var(--color-primary); }
.save-status--offline, .save-status--failed, .save-status--conflict { color: var(--color-danger); font-weight: 700; }
.save-status--offline .save-status__icon, .save-status--failed .save-status__icon, .save-status--conflict .save-status__icon { background: var(--color-danger); }
.error-summary { border: 2px solid var(--color-danger); border-radius: var(--radius); padding: var(--space-4); background: #fff; }
.error-summary:focus { outline: 3px solid var(--color-focus); outline-offset: 2px; }
.error-summary__title { margin: 0 0 var(--space-2); color: var(--color-danger); font-weight: 700; font-size: var(--font-size-lg); }
.error-summary__list { margin: 0; padding-left: 1.25em; display: grid; gap: var(--space-1); }
.error-summary__list a { color: var(--color-danger); font-weight: 700; }
.status-badge { display: inline-flex; align-items: center; gap: var(--space-1); padding: 2px var(--space-3); border-radius: 999px; font-size: var(--font-size-sm); font-weight: 700; border: 1px solid currentColor; white-space: nowrap; }
.status-badge--success { color: var(--color-success); background: #e7f6ee; }
.status-badge--danger { color: var(--color-danger); background: var(--color-danger-soft); }
.status-badge--neutral { color: var(--color-muted); background: var(--color-bg); }
.status-badge--success::before { content: "✓"; }
.status-line { margin: 0 0 var(--space-3); }
.period-notice__label { margin: 0; font-size: var(--font-size-sm); color: var(--color-muted); }
.period-notice__value { margin: 0 0 var(--space-2); font-size: var(--font-size-xl); font-weight: 700; color: var(--color-text); }
.empty-state p { margin: 0; }
.reason-list { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--space-3); }
.reason-list li { display: grid; gap: var(--space-2); justify-items: start; padding: var(--space-3) var(--space-4); border-radius: var(--radius); background: var(--color-bg); }
.reason-list p { margin: 0; }
.summary-list { display: grid; gap: 0; margin: 0 0 var(--space-4); }
.summary-list > div { display: grid; gap: 0; padding: var(--space-2) 0; border-bottom: 1px solid var(--color-border); }
.summary-list dt { font-weight: 700; color: var(--color-muted); font-size: var(--font-size-sm); }
@media (min-width: 640px) { .summary-list > div { grid-template-columns: 11em 1fr; gap: var(--space-3); } .summary-list dt { font-size: inherit; } }
.summary-list dd { margin: 0; }
.submit-card { display: grid; gap: var(--space-4); }
.submit-card > p { margin: 0; }
.submit-card .summary-list { margin: 0; }
.too-many__back { text-align: center; }
.skeleton { border-radius: var(--radius); background: linear-gradient(90deg, var(--color-bg), #eceff3, var(--color-bg)); }
.skeleton--field { height: 76px; margin-bottom: var(--space-4); }
#${'wizard-profile'}:focus, #${'wizard-submit'}:focus { outline: 3px solid var(--color-focus); outline-offset: 2px; }
`;

export const ensureWizardStyles = (): void => ensureStyleSheet('mfe-entry-wizard-styles', WIZARD_CSS);
