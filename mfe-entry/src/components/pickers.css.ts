import { ensureStyleSheet } from '@app/shared';

/**
 * Styles of the suggestion fields (BankPicker, CorporationSuggest): the UI kit's field markup
 * (`.field`, `.field__label`, `.field__input` of @app/shared) plus the popup list, written against
 * the design tokens only (CSS variables of TOKENS_CSS). Added once, when a picker first renders.
 */
export const PICKERS_STYLE_ID = 'mfe-entry-pickers';

export const PICKERS_CSS = `
.picker { position: relative; }
.picker__control { position: relative; }
.picker__busy { position: absolute; right: var(--space-3); top: 50%; transform: translateY(-50%); font-size: var(--font-size-xs); color: var(--color-muted); pointer-events: none; }
.picker__listbox { position: absolute; z-index: 20; left: 0; right: 0; top: calc(100% + var(--space-1)); margin: 0; padding: var(--space-1) 0; list-style: none; max-height: min(320px, 50vh); overflow-y: auto; background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius); box-shadow: var(--shadow); }
.picker__option { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 var(--space-2); min-height: 44px; padding: var(--space-2) var(--space-3); cursor: pointer; line-height: 1.5; }
.picker__option:hover { background: var(--color-bg); }
.picker__option--active, .picker__option--active:hover { background: var(--color-primary-soft); outline: 2px solid var(--color-primary); outline-offset: -2px; }
.picker__code { font-variant-numeric: tabular-nums; font-size: var(--font-size-sm); color: var(--color-muted); min-width: 3.5em; }
.picker__name { font-weight: 700; }
.picker__kana, .picker__detail { font-size: var(--font-size-xs); color: var(--color-muted); }
.picker__detail { flex-basis: 100%; }
.picker__message { margin: 0; font-size: var(--font-size-sm); color: var(--color-muted); }
.picker__message--error { color: var(--color-danger); }
.picker__chosen { margin: 0; font-size: var(--font-size-sm); color: var(--color-success); }
.picker__chosen dt { display: inline; font-weight: 700; }
.picker__chosen dd { display: inline; margin: 0 var(--space-3) 0 var(--space-1); font-variant-numeric: tabular-nums; }
.bank-picker { display: grid; gap: var(--space-4); border: 0; margin: 0; padding: 0; min-width: 0; }
.bank-picker__legend { font-weight: 700; padding: 0; margin-bottom: var(--space-2); }
`;

/** Adds the picker styles to the document once. */
export function ensurePickerStyles(doc: Document = document): void {
  ensureStyleSheet(PICKERS_STYLE_ID, PICKERS_CSS, doc);
}
