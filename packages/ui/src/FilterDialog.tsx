import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export interface FilterDialogProps {
  isOpen: boolean;
  title?: string;
  children: ReactNode;
  /** Closes without applying. */
  onCancel: () => void;
  /** Puts every filter back to its default (applied when the person presses Apply Filters). */
  onReset: () => void;
  onApply: () => void;
}

/** A filter panel in a dialog with Cancel, Reset and Apply Filters. */
export function FilterDialog({
  isOpen,
  title = 'Filters',
  children,
  onCancel,
  onReset,
  onApply,
}: FilterDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      className="modal-filter"
    >
      <div className="filter-body">{children}</div>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button variant="secondary" onPress={onReset}>
          Reset
        </Button>
        <Button onPress={onApply}>Apply Filters</Button>
      </div>
    </Dialog>
  );
}
