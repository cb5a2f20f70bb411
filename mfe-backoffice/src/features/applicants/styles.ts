import { ensureStyleSheet } from '@app/shared';

/**
 * The operations desk's own styles (applicants, the identity queue), on the site's tokens and the
 * back office's look: a table on a desktop, cards on a phone (the same rows, one shown at a time).
 */
const DESK_CSS = `
.bo-search { display: grid; gap: var(--space-3); grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); align-items: end; }
.bo-search .bo-search__q { grid-column: 1 / -1; }
.bo-search .bo-actions { grid-column: 1 / -1; }
@media (min-width: 1100px) { .bo-search { grid-template-columns: minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto; } .bo-search .bo-search__q, .bo-search .bo-actions { grid-column: auto; } }
.bo-check { display: inline-flex; align-items: center; gap: var(--space-2); min-height: 40px; font-size: var(--font-size-sm); cursor: pointer; }
.bo-check input { width: 18px; height: 18px; accent-color: var(--color-primary); }
.bo-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-3); }
.bo-card { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-3); display: grid; gap: var(--space-2); min-width: 0; }
.bo-card__title { font-weight: 700; font-size: var(--font-size-md); overflow-wrap: anywhere; }
.bo-card__meta { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); align-items: center; }
.bo-desk-table { display: none; }
@media (min-width: 760px) { .bo-desk-table { display: block; } .bo-desk-cards { display: none; } }
.bo-notes { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-2); }
.bo-notes li { border-left: 3px solid var(--color-border); padding: var(--space-1) var(--space-3); }
.bo-notes p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.bo-plain-list { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--space-2); }
.bo-plain-list li { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); align-items: baseline; border-bottom: 1px solid var(--color-border); padding-bottom: var(--space-2); }
.bo-plain-list li:last-child { border-bottom: 0; padding-bottom: 0; }
.bo-queue-item { display: grid; gap: var(--space-3); }
@media (min-width: 1000px) { .bo-queue-item { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; } }
`;

export function ensureDeskStyles(): void {
  ensureStyleSheet('backoffice-desk-styles', DESK_CSS);
}
