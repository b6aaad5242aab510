import { Link } from '@tanstack/react-router';
import { ExportButton, type ExportButtonProps } from './ExportButton.tsx';

export interface ListHeaderProps extends ExportButtonProps {
  title: string;
  /** Where "Add …" leads, and its label ("Add Candidate"). */
  addPath: string;
  addLabel: string;
}

/** A list's title with its two actions: Export Excel, then the link to add a row. */
export function ListHeader({ title, addPath, addLabel, ...exporting }: ListHeaderProps) {
  return (
    <div className="page-head">
      <h1 className="page-title">{title}</h1>
      <div className="page-actions">
        <ExportButton {...exporting} />
        <Link to={addPath} className="btn btn-primary btn-md">
          {addLabel}
        </Link>
      </div>
    </div>
  );
}
