import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-view';

export type { ConfirmDialogClasses, ConfirmDialogProps } from './confirm-dialog-view';

/**
 * The dialog is fetched the first time one opens: few pages ask for a confirmation (the back
 * office's decisions), and @app/shared is in every page's first download, so its code (0.9 KB
 * gzip) is not. The opener keeps the focus while it arrives.
 */
const ConfirmDialogView = lazy(() => import(/* webpackChunkName: "confirm-dialog" */ './confirm-dialog-view'));

/**
 * A modal confirmation: `role="dialog"` with `aria-modal`, named by its title and described by its
 * body; focus moves into it (to the safe choice), Tab and Shift+Tab stay inside, Escape and the
 * cancel button close it (not while busy), and focus returns to what opened it. The page behind is
 * `inert` (the dialog is rendered at the end of the body). It shows a moment after it is rendered
 * the first time on a page (its code is loaded then): tests find it with `findByRole('dialog')`.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
