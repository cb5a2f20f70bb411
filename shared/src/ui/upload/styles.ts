/**
 * The upload field's styles, written against the site's design tokens (TOKENS_CSS of ../styles.ts:
 * CSS variables only, no values of their own). They live with the component, not in BASE_CSS, so
 * the main entry — part of every page's JavaScript, the landing page's included — does not grow;
 * the field adds them once when it first renders (`ensureStyleSheet`).
 */
export const UPLOAD_STYLE_ID = 'app-shared-upload-styles';

export const UPLOAD_CSS = `
.upload-field__dropzone { position: relative; display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: var(--space-2) var(--space-3); padding: var(--space-5) var(--space-4); border: 2px dashed #8a96a3; border-radius: var(--radius); background: var(--color-surface); text-align: center; }
.upload-field__dropzone--active { border-color: var(--color-primary); background: var(--color-primary-soft); }
.upload-field__dropzone--inactive { background: var(--color-bg); color: var(--color-muted); }
.upload-field__dropzone--inactive .upload-field__choose { opacity: 0.6; cursor: not-allowed; pointer-events: none; }
.upload-field__drop-text { font-size: var(--font-size-sm); color: var(--color-muted); }
@media (hover: none) { .upload-field__drop-text { display: none; } }
.upload-field__input:focus-visible ~ .upload-field__choose { outline: 3px solid var(--color-focus); outline-offset: 2px; }
.upload-field__hint { flex-basis: 100%; font-size: var(--font-size-xs); color: var(--color-muted); }
.upload-field__files { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-2); }
.upload-file { display: grid; gap: var(--space-2); padding: var(--space-3); border: 1px solid var(--color-border); border-radius: var(--radius); background: var(--color-surface); }
.upload-file--failed { border-color: #f1b5ae; background: var(--color-danger-soft); }
.upload-file__main { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-3); }
.upload-file__preview { width: 64px; height: 64px; object-fit: cover; border-radius: var(--radius-sm); border: 1px solid var(--color-border); background: var(--color-bg); }
.upload-file__badge { display: inline-flex; align-items: center; justify-content: center; width: 64px; height: 64px; border-radius: var(--radius-sm); background: var(--color-primary-soft); color: var(--color-primary); font-size: var(--font-size-xs); font-weight: 700; }
.upload-file__info { display: grid; flex: 1 1 140px; min-width: 0; }
.upload-file__name { font-weight: 700; overflow-wrap: anywhere; }
.upload-file__size { font-size: var(--font-size-sm); color: var(--color-muted); }
.upload-file__confirm { display: flex; flex-wrap: wrap; align-items: center; gap: var(--space-2); }
.upload-file__question { font-weight: 700; }
.upload-file__delete { background: var(--color-danger); color: #fff; }
.upload-file__delete:hover { background: #8f1c13; color: #fff; }
.upload-file__error { margin: 0; color: var(--color-danger); font-size: var(--font-size-sm); font-weight: 700; }
.upload-file__error p { margin: 0; }
.upload-file__error-title::before { content: "！ "; }
.upload-file__progress { display: flex; align-items: center; gap: var(--space-2); }
.upload-progress { flex: 1; height: 8px; border-radius: 999px; background: var(--color-bg); border: 1px solid var(--color-border); overflow: hidden; }
.upload-progress__bar { display: block; height: 100%; background: var(--color-accent); transition: width 0.2s ease-out; }
.upload-progress__value { min-width: 3em; text-align: right; font-size: var(--font-size-sm); color: var(--color-muted); font-variant-numeric: tabular-nums; }
@media (prefers-reduced-motion: reduce) { .upload-progress__bar { transition: none; } }
`;
