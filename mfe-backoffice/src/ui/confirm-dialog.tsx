import type { ReactNode } from 'react';
import { ConfirmDialog as Dialog, type ConfirmDialogClasses } from '@app/shared';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly children?: ReactNode;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

const CLASSES: ConfirmDialogClasses = { backdrop: 'bo-dialog-backdrop', dialog: 'bo-dialog', actions: 'bo-actions' };

/** The shared modal confirmation in the staff's look: 「キャンセル」, and blue unless the move is `danger`. */
export function ConfirmDialog({ danger = false, onCancel, ...rest }: ConfirmDialogProps) {
  return <Dialog {...rest} danger={danger} cancelLabel="キャンセル" classes={CLASSES} onClose={onCancel} />;
}
