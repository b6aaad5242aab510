import type { ReactNode } from 'react';

/** Label and value pairs, as a detail card shows them; an empty value reads as a dash. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="detail-list">
      {items.map(({ label, value }) => (
        <div key={label} className="detail-row">
          <dt>{label}</dt>
          <dd>
            {value === null || value === undefined || value === '' ? <span className="muted">—</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
