import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';
import { ErrorBanner } from './Banner.tsx';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Dismissable by clicking outside or Escape (default true). */
  isDismissable?: boolean;
  className?: string;
}

/**
 * A modal dialog: focus stays inside while it is open and returns to what opened it (react-aria's
 * FocusScope); Escape, a click outside and the visible × close it.
 */
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
          <div className="dialog-head">
            <Heading slot="title" className="dialog-title">
              {title}
            </Heading>
            {isDismissable ? (
              <Button
                slot="close"
                variant="ghost"
                size="sm"
                className="dialog-close"
                aria-label="Dismiss dialog"
              >
                ×
              </Button>
            ) : null}
          </div>
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
  /**
   * Why the action could not be done (a skill that jobs use): said in place of the question, and the
   * dialog offers only Close. Cleared by the caller when the dialog closes.
   */
  errorMessage?: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" with Cancel and a destructive confirm button; a refusal is said inside it. */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  isPending = false,
  errorMessage,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  // The refused confirm button goes away: focus moves to Close rather than falling out of the dialog.
  useEffect(() => {
    if (errorMessage) cancel.current?.focus();
  }, [errorMessage]);
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onCancel()} title={title}>
      {errorMessage ? <ErrorBanner message={errorMessage} /> : <p className="dialog-message">{message}</p>}
      <div className="dialog-actions">
        <Button ref={cancel} variant="secondary" onPress={onCancel}>
          {errorMessage ? 'Close' : 'Cancel'}
        </Button>
        {errorMessage ? null : (
          // Not disabled while pending, which would drop focus out of the dialog: a second press is ignored.
          <Button variant="danger" onPress={() => !isPending && onConfirm()}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
