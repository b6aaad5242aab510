import { formatCount } from '@portal/contracts';
import { Button } from './Button.tsx';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What is counted, after the numbers: "Showing 1-5 of 12 Candidates". */
  itemLabel?: string;
  /** `total` is only how far the server counted: "of 1,000+", and Next stays open on the last page. */
  totalIsLowerBound?: boolean;
}

/** Page numbers with up to 3 buttons around the current page, ellipses for the rest. */
export function pageButtons(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(page - 1, pageCount - 3));
  const middle = [start, start + 1, start + 2];
  return [
    1,
    ...(start > 2 ? ['gap' as const] : []),
    ...middle,
    ...(start + 2 < pageCount - 1 ? ['gap' as const] : []),
    pageCount,
  ];
}

export function Pager({ page, pageSize, total, onPageChange, itemLabel, totalIsLowerBound }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label="Pagination">
      <span className="pager-summary">
        Showing {from}-{to} of {totalIsLowerBound ? `${formatCount(total)}+` : total}
        {itemLabel ? ` ${itemLabel}` : null}
      </span>
      <div className="pager-buttons">
        <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPageChange(page - 1)}>
          Previous
        </Button>
        {pageButtons(page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${i}`} className="pager-gap">
              …
            </span>
          ) : (
            <Button
              key={p}
              size="sm"
              variant={p === page ? 'primary' : 'secondary'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onPress={() => onPageChange(p)}
            >
              {p}
            </Button>
          ),
        )}
        <Button
          variant="secondary"
          size="sm"
          isDisabled={page >= pageCount && !totalIsLowerBound}
          onPress={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
