import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  isLoading?: boolean;
  loadingText?: string;
  emptyTitle?: string;
  emptyHint?: string;
  caption: string;
  /** A class for a row (e.g. a highlight of what just changed). */
  rowClassName?: (row: T) => string | undefined;
}

/** A plain, accessible table; on a phone each row becomes a card (labels come from data-label). */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  isLoading,
  loadingText,
  emptyTitle,
  emptyHint,
  caption,
  rowClassName,
}: DataTableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <tr>
              <td colSpan={columns.length} className="table-message">
                {loadingText ?? 'Loading...'}
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-message">
                <strong>{emptyTitle ?? 'Nothing here yet'}</strong>
                {emptyHint ? <div className="muted">{emptyHint}</div> : null}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.header} className={c.className}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
