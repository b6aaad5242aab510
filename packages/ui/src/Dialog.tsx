import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Dismissable by clicking outside or Escape (default true). */
  isDismissable?: boolean;
  className?: string;
}

export function Dialog({
  isOpen,
  onOpenChange,
  title,
  children,
  isDismissable = true,
  className,
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="modal-overlay"
    >
      <Modal className={`modal ${className ?? ''}`}>
        <AriaDialog className="dialog">
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  pendingLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" with Cancel and a destructive confirm button. */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} title={title}>
      <p className="dialog-message">{message}</p>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
        <Button variant="danger" onPress={onConfirm} isDisabled={isPending}>
          {isPending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
