import { Link } from '@tanstack/react-router';
import { Button } from '@portal/ui';

export interface ListHeaderProps {
  title: string;
  /** Where "Add …" leads, and its label ("Add Candidate"). */
  addPath: string;
  addLabel: string;
  /** Starts the Excel export (a download, or a dialog that asks for its range first). */
  onExport: () => void;
  /** A download is under way: the button says so and waits. */
  isExporting?: boolean;
  /** False while there is nothing to export. */
  canExport?: boolean;
}

/** A list's title with its two actions: Export Excel, then the link to add a row. */
export function ListHeader({
  title,
  addPath,
  addLabel,
  onExport,
  isExporting = false,
  canExport = true,
}: ListHeaderProps) {
  return (
    <div className="page-head">
      <h1 className="page-title">{title}</h1>
      <div className="page-actions">
        <Button variant="secondary" onPress={onExport} isDisabled={isExporting || !canExport}>
          {isExporting ? 'Exporting...' : 'Export Excel'}
        </Button>
        <Link to={addPath} className="btn btn-primary btn-md">
          {addLabel}
        </Link>
      </div>
    </div>
  );
}
