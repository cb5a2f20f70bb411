import { ensureStyleSheet } from '@app/shared';

/** Styles of the pre-entry pages, written against the site's tokens (`@app/shared` styles.ts). */
const PRE_ENTRY_CSS = `
.pe-intro { display: grid; gap: var(--space-2); margin-bottom: var(--space-6); }
.pe-intro p { margin: 0; }
.pe-intro__facts { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: var(--space-2); }
.pe-intro__facts li { padding: 2px var(--space-3); border-radius: 999px; background: var(--color-bg); border: 1px solid var(--color-border); font-size: var(--font-size-sm); color: var(--color-text); }
.pe-form { gap: var(--space-6); }
.pe-question { gap: var(--space-3); }
.pe-question + .pe-question { border-top: 1px solid var(--color-border); padding-top: var(--space-6); }
.pe-question__legend { float: left; width: 100%; padding: 0; margin: 0; font-weight: 700; font-size: var(--font-size-lg); line-height: 1.6; }
.pe-question__legend + * { clear: both; }
.pe-question__number { display: block; margin-bottom: var(--space-1); font-size: var(--font-size-sm); color: var(--color-primary); letter-spacing: 0.04em; }
.pe-question__legend .field__required { display: inline-block; margin-left: var(--space-2); vertical-align: 2px; }
.pe-question__hint { margin: 0; font-size: var(--font-size-sm); color: var(--color-muted); }
@media (min-width: 600px) { .pe-question .choice-list--single { grid-template-columns: 1fr; } }
.pe-question .choice { min-height: 48px; align-items: center; }
.pe-question.field--invalid .choice { border-color: var(--color-danger); }
.pe-question .choice input { margin-top: 0; flex: none; }
.pe-submit { display: grid; gap: var(--space-3); }
.pe-submit p { margin: 0; font-size: var(--font-size-sm); color: var(--color-muted); }
.pe-result__meta { font-size: var(--font-size-sm); color: var(--color-muted); }
.pe-reasons { list-style: none; padding: 0; margin: 0 0 var(--space-6); display: grid; gap: var(--space-4); }
.pe-reason { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-4) var(--space-5); background: var(--color-surface); }
.pe-reason__question { margin: 0 0 var(--space-2); font-size: var(--font-size-sm); color: var(--color-muted); font-weight: 400; }
.pe-reason__reason { margin: 0 0 var(--space-3); }
.pe-reason__alternative { margin: 0; padding: var(--space-3) var(--space-4); border-radius: var(--radius-sm); background: var(--color-primary-soft); }
.pe-reason__alternative strong { display: block; font-size: var(--font-size-sm); color: var(--color-primary-strong); }
.pe-actions { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: center; margin-top: var(--space-5); }
@media (max-width: 479px) { .pe-actions .button { width: 100%; } }
.pe-skeleton { display: grid; gap: var(--space-3); }
.pe-skeleton span { display: block; height: 1.1em; border-radius: var(--radius-sm); background: var(--color-bg); }
.pe-skeleton span:nth-child(2) { width: 85%; }
.pe-skeleton span:nth-child(3) { width: 60%; }
`;

export const ensurePreEntryStyles = (): void => ensureStyleSheet('app-pre-entry-styles', PRE_ENTRY_CSS);
