/**
 * Design tokens and the base stylesheet: one set for the whole site. The build writes it as a static
 * stylesheet linked from index.html (styled before any script runs); a remote running alone, or a
 * dev server, injects it once at mount (`ensureStyles` in ./styles.ts loads this module then only,
 * so the built pages do not download the text of a stylesheet they already link).
 */
export const TOKENS_CSS = `
:root {
  --color-primary: #1d4f91;
  --color-primary-strong: #163d70;
  --color-primary-soft: #e8f0fa;
  --color-accent: #0d7a5f;
  --color-accent-strong: #0a5f4a;
  --color-text: #1f2933;
  --color-muted: #52606d;
  --color-border: #d5dbe3;
  --color-bg: #f5f7fa;
  --color-surface: #ffffff;
  --color-danger: #b42318;
  --color-danger-soft: #fdecea;
  --color-warning-soft: #fff6e0;
  --color-success: #12683f;
  --color-focus: #f0a500;
  --font-sans: "Hiragino Sans", "Hiragino Kaku Gothic ProN", "BIZ UDPGothic", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic UI", "Yu Gothic", Meiryo, "IPAPGothic", "IPAGothic", system-ui, sans-serif;
  --font-size-xs: 0.8125rem;
  --font-size-sm: 0.875rem;
  --font-size-md: 1rem;
  --font-size-lg: 1.125rem;
  --font-size-xl: 1.375rem;
  --font-size-2xl: 1.75rem;
  --font-size-3xl: 2.125rem;
  --line-height: 1.75;
  --space-1: 4px;
  --space-2: 8px;
  --space-3: 12px;
  --space-4: 16px;
  --space-5: 24px;
  --space-6: 32px;
  --space-7: 48px;
  --space-8: 64px;
  --radius-sm: 4px;
  --radius: 8px;
  --radius-lg: 12px;
  --shadow: 0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.1);
  --width-wide: 1080px;
  --width-main: 960px;
  --width-narrow: 720px;
  --width-card: 560px;
  --header-height: 60px;
}
`;

export const BASE_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font-family: var(--font-sans); font-size: var(--font-size-md); line-height: var(--line-height); color: var(--color-text); background: var(--color-bg); font-feature-settings: "palt" 0; word-break: normal; word-break: auto-phrase; overflow-wrap: anywhere; line-break: strict; }
h1, h2, h3, h4 { line-height: 1.4; margin: 0 0 var(--space-4); font-weight: 700; letter-spacing: 0.02em; }
h1, h2, h3, h4, legend, th, dt, label, .toast__message { text-wrap: balance; }
p, li, dd, .field__description, .field__error, .form-alert { text-wrap: pretty; }
.nobr { white-space: nowrap; }
.phrase { display: inline-block; }
h1 { font-size: var(--font-size-2xl); }
h2 { font-size: var(--font-size-xl); }
h3 { font-size: var(--font-size-lg); }
p { margin: 0 0 var(--space-4); }
a { color: var(--color-primary); text-underline-offset: 3px; }
a:hover { color: var(--color-primary-strong); }
:focus-visible { outline: 3px solid var(--color-focus); outline-offset: 2px; }
img, svg { max-width: 100%; height: auto; }
ul, ol { padding-left: 1.5em; margin: 0 0 var(--space-4); }
table { border-collapse: collapse; width: 100%; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.skip-link { position: absolute; left: var(--space-4); top: -100px; z-index: 100; background: var(--color-surface); padding: var(--space-2) var(--space-4); border-radius: var(--radius); box-shadow: var(--shadow); }
.skip-link:focus { top: var(--space-2); }
.app-layout { min-height: 100vh; display: flex; flex-direction: column; }
.app-main { flex: 1 0 auto; width: 100%; margin: 0 auto; padding: var(--space-6) var(--space-4) var(--space-7); }
.app-main:focus { outline: none; }
.app-main--wide { max-width: none; padding: 0; }
.app-main--main { max-width: calc(var(--width-main) + 2 * var(--space-4)); }
.app-main--narrow { max-width: calc(var(--width-narrow) + 2 * var(--space-4)); }
.app-main--card { max-width: calc(var(--width-card) + 2 * var(--space-4)); }
.site-header { background: var(--color-surface); border-bottom: 1px solid var(--color-border); }
.site-header__inner { max-width: calc(var(--width-wide) + 2 * var(--space-4)); margin: 0 auto; padding: 0 var(--space-4); min-height: var(--header-height); display: flex; align-items: center; justify-content: space-between; gap: var(--space-4); }
.brand { display: inline-flex; align-items: baseline; gap: var(--space-2); color: var(--color-text); text-decoration: none; font-weight: 700; font-size: var(--font-size-lg); white-space: nowrap; }
.brand__mark { color: var(--color-primary); font-size: var(--font-size-xl); letter-spacing: 0.08em; }
.brand__sub { font-size: var(--font-size-xs); color: var(--color-muted); font-weight: 400; }
.site-nav { display: flex; align-items: center; gap: var(--space-2); }
.site-nav__link { padding: var(--space-2) var(--space-2); font-size: var(--font-size-sm); color: var(--color-text); text-decoration: none; white-space: nowrap; }
.site-nav__link:hover { text-decoration: underline; }
.site-nav__extra { display: none; }
@media (min-width: 768px) { .site-nav__extra { display: inline-block; } .brand__sub { display: inline; } }
@media (max-width: 767px) { .brand__sub { display: none; } }
.button { display: inline-flex; align-items: center; justify-content: center; gap: var(--space-2); min-height: 44px; padding: var(--space-2) var(--space-5); border-radius: var(--radius); border: 1px solid transparent; font: inherit; font-weight: 700; font-size: var(--font-size-md); line-height: 1.4; text-decoration: none; cursor: pointer; white-space: nowrap; }
.button--primary { background: var(--color-accent); color: #fff; }
.button--primary:hover { background: var(--color-accent-strong); color: #fff; }
.button--secondary { background: var(--color-surface); color: var(--color-primary); border-color: var(--color-primary); }
.button--secondary:hover { background: var(--color-primary-soft); color: var(--color-primary-strong); }
.button--small { min-height: 36px; padding: var(--space-1) var(--space-4); font-size: var(--font-size-sm); }
.button--large { min-height: 52px; padding: var(--space-3) var(--space-6); font-size: var(--font-size-lg); }
.card { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg); padding: var(--space-6) var(--space-5); }
@media (min-width: 768px) { .card { padding: var(--space-7) var(--space-7); } }
.page-heading { font-size: var(--font-size-2xl); }
.lead { font-size: var(--font-size-lg); color: var(--color-muted); }
.muted { color: var(--color-muted); }
.preview-banner { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); align-items: center; justify-content: center; padding: var(--space-2) var(--space-4); background: var(--color-warning-soft); border-bottom: 1px solid #f0d9a0; color: #553700; font-size: var(--font-size-sm); }
.preview-banner__text { margin: 0; }
.preview-banner__link { color: #553700; font-weight: 700; }
.notice { border-radius: var(--radius); padding: var(--space-4); background: var(--color-primary-soft); border: 1px solid #c5d7ef; }
.status-page { text-align: center; }
.status-page__code { display: inline-block; margin-bottom: var(--space-4); padding: var(--space-1) var(--space-3); border-radius: 999px; background: var(--color-bg); color: var(--color-muted); font-size: var(--font-size-sm); }
.status-page__actions { display: flex; flex-wrap: wrap; gap: var(--space-3); justify-content: center; margin-top: var(--space-5); }
.pending-badge { display: inline-block; margin-bottom: var(--space-3); padding: 2px var(--space-3); border-radius: 999px; background: var(--color-warning-soft); color: #7a4d00; font-size: var(--font-size-sm); font-weight: 700; white-space: nowrap; }
.site-footer { background: #17233a; color: #d8dee9; font-size: var(--font-size-sm); }
.site-footer a { color: #e8edf5; }
.site-footer__inner { max-width: calc(var(--width-wide) + 2 * var(--space-4)); margin: 0 auto; padding: var(--space-6) var(--space-4); }
.site-footer__links { list-style: none; padding: 0; margin: 0 0 var(--space-4); display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-5); }
.site-footer__copy { margin: 0; color: #aab4c3; }
.site-footer--minimal { background: transparent; color: var(--color-muted); border-top: 1px solid var(--color-border); }
.site-footer--minimal a { color: var(--color-muted); }
.site-footer--minimal .site-footer__copy { color: var(--color-muted); }
.mypage-grid { display: grid; gap: var(--space-5); }
@media (min-width: 900px) { .mypage-grid { grid-template-columns: 220px 1fr; } }
.side-nav { list-style: none; margin: 0; padding: 0; display: flex; gap: var(--space-2); flex-wrap: wrap; }
@media (min-width: 900px) { .side-nav { flex-direction: column; } }
.side-nav a { display: block; padding: var(--space-2) var(--space-3); border-radius: var(--radius); text-decoration: none; color: var(--color-text); background: var(--color-surface); border: 1px solid var(--color-border); }
.side-nav a[aria-current="page"] { border-color: var(--color-primary); color: var(--color-primary); font-weight: 700; }
.toast-region { position: fixed; z-index: 50; top: calc(var(--header-height) + var(--space-2)); left: var(--space-4); right: var(--space-4); display: flex; flex-direction: column; gap: var(--space-2); pointer-events: none; }
@media (min-width: 768px) { .toast-region { left: auto; right: var(--space-5); top: calc(var(--header-height) + var(--space-3)); width: min(420px, calc(100% - 2 * var(--space-5))); } }
.toast { pointer-events: auto; display: flex; align-items: flex-start; gap: var(--space-3); padding: var(--space-3) var(--space-4); border-radius: var(--radius); background: #1f2933; color: #fff; box-shadow: var(--shadow); }
.toast--error { background: var(--color-danger); }
.toast--success { background: var(--color-success); }
.toast__message { flex: 1; margin: 0; }
.toast__close { background: transparent; border: 0; color: inherit; font: inherit; text-decoration: underline; cursor: pointer; padding: 0; min-height: 24px; }
.form { display: grid; gap: var(--space-5); }
.field { display: grid; gap: var(--space-2); border: 0; margin: 0; padding: 0; min-width: 0; }
.field__label { font-weight: 700; display: flex; align-items: center; gap: var(--space-2); padding: 0; }
.field__required, .field__optional { font-size: var(--font-size-xs); font-weight: 700; padding: 0 var(--space-2); border-radius: var(--radius-sm); line-height: 1.6; white-space: nowrap; flex-shrink: 0; }
.field__required { background: var(--color-danger-soft); color: var(--color-danger); }
.field__optional { background: var(--color-bg); color: var(--color-muted); }
.field__description { font-size: var(--font-size-sm); color: var(--color-muted); }
.field__input { width: 100%; min-height: 48px; padding: var(--space-2) var(--space-3); font: inherit; font-size: max(16px, var(--font-size-md)); color: var(--color-text); background: var(--color-surface); border: 1px solid #8a96a3; border-radius: var(--radius); }
.field__input:focus-visible { outline: 3px solid var(--color-focus); outline-offset: 1px; border-color: var(--color-primary); }
.field--invalid .field__input { border-color: var(--color-danger); background: #fffafa; }
.field__error { margin: 0; color: var(--color-danger); font-size: var(--font-size-sm); font-weight: 700; }
.field__error::before { content: "！ "; }
.field__password { position: relative; }
.field__password .field__input { padding-right: 72px; }
.field__reveal { position: absolute; right: 4px; top: 4px; bottom: 4px; min-width: 56px; border: 0; border-radius: var(--radius-sm); background: var(--color-bg); color: var(--color-primary); font: inherit; font-size: var(--font-size-sm); cursor: pointer; }
.field--check { grid-template-columns: auto 1fr; align-items: start; column-gap: var(--space-3); }
.field--check .field__error { grid-column: 1 / -1; }
.field__checkbox { width: 22px; height: 22px; margin: 3px 0 0; accent-color: var(--color-primary); }
.choice-list { display: grid; gap: var(--space-2); }
@media (min-width: 600px) { .choice-list { grid-template-columns: 1fr 1fr; } }
.choice { display: flex; gap: var(--space-3); align-items: flex-start; padding: var(--space-3) var(--space-4); border: 1px solid var(--color-border); border-radius: var(--radius); background: var(--color-surface); cursor: pointer; }
.choice input { width: 20px; height: 20px; margin: 3px 0 0; accent-color: var(--color-primary); }
.choice--selected { border-color: var(--color-primary); background: var(--color-primary-soft); }
.choice__label { display: block; font-weight: 700; }
.choice__description { display: block; font-size: var(--font-size-sm); color: var(--color-muted); }
.form-alert { border: 1px solid #f1b5ae; background: var(--color-danger-soft); color: var(--color-danger); border-radius: var(--radius); padding: var(--space-3) var(--space-4); font-weight: 700; }
.form-alert p { margin: 0; }
.button--block { width: 100%; }
.field-row { display: grid; gap: var(--space-5); }
@media (min-width: 480px) { .field-row { grid-template-columns: 1fr 1fr; } }
.button:disabled { opacity: 0.7; cursor: progress; }
.checklist { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--space-1); font-size: var(--font-size-sm); }
.checklist li { display: flex; gap: var(--space-2); color: var(--color-muted); }
.checklist li::before { content: "・"; }
.checklist li[data-ok="true"] { color: var(--color-success); font-weight: 700; }
.checklist li[data-ok="true"]::before { content: "✓"; }
.form-links { display: grid; gap: var(--space-2); justify-items: center; margin-top: var(--space-5); font-size: var(--font-size-sm); }
.loading { padding: var(--space-7) 0; text-align: center; color: var(--color-muted); }
.route-progress { position: fixed; top: 0; left: 0; height: 3px; width: 100%; background: linear-gradient(90deg, var(--color-primary), var(--color-accent)); transform-origin: left; animation: route-progress 1.2s ease-out infinite; z-index: 60; }
@keyframes route-progress { from { transform: scaleX(0); } to { transform: scaleX(1); opacity: 0.2; } }
@media (prefers-reduced-motion: reduce) { .route-progress { animation: none; } }
`;

export const SITE_CSS = TOKENS_CSS + BASE_CSS;
