import { useState, type ReactNode } from 'react';
import { dateRangeError } from '@portal/contracts';
import { DateInputField, ErrorBanner } from '@portal/ui';

export interface DateRange {
  fromDate: string;
  toDate: string;
}

/**
 * From and To with the requirements' checks (both required, From not after To), shared by the Transaction
 * Report and the purchase export. `children` gets a `check` that says the range is good (or shows why not).
 */
export function DateRangeForm({
  initial,
  children,
}: {
  initial?: DateRange;
  children: (range: DateRange, check: () => boolean) => ReactNode;
}) {
  const [range, setRange] = useState<DateRange>(initial ?? { fromDate: '', toDate: '' });
  const [error, setError] = useState<string | null>(null);
  const check = () => {
    const found = dateRangeError(range.fromDate, range.toDate);
    setError(found);
    return found === null;
  };
  return (
    <div className="date-range">
      <ErrorBanner message={error} />
      <div className="toolbar">
        <DateInputField
          label="From"
          value={range.fromDate}
          onChange={(fromDate) => setRange({ ...range, fromDate })}
        />
        <DateInputField
          label="To"
          value={range.toDate}
          onChange={(toDate) => setRange({ ...range, toDate })}
        />
        {children(range, check)}
      </div>
    </div>
  );
}
