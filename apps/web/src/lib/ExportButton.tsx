import { Button } from '@portal/ui';

export interface ExportButtonProps {
  /** Starts the Excel export (a download, or a dialog that asks for its range first). */
  onExport: () => void;
  /** A download is under way: the button says so and waits. */
  isExporting?: boolean;
  /** False while there is nothing to export. */
  canExport?: boolean;
}

/** A list's "Export Excel" button. */
export function ExportButton({ onExport, isExporting = false, canExport = true }: ExportButtonProps) {
  return (
    <Button variant="secondary" onPress={onExport} isDisabled={isExporting || !canExport}>
      {isExporting ? 'Exporting...' : 'Export Excel'}
    </Button>
  );
}
