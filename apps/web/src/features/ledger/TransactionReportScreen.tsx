import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  TRANSACTIONS_EXPORT,
  formatRupees,
  type Transaction,
  type TransactionSort,
} from '@portal/contracts';
import { Button, DataTable, Pager, toast, type Column } from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import { queryString } from '../../lib/api.ts';
import { useLiveRoom } from '../../lib/live.ts';
import { useListScreen } from '../../lib/useListScreen.ts';
import { downloadFile, reportQuery, type ReportParams } from './api.ts';
import { DateRangeForm } from './DateRangeForm.tsx';
import { LEDGER_ROOM } from './live.ts';
import { reportParams, reportSearch } from './routeParams.ts';

/** The report's columns; a header button sorts by its column. */
const COLUMNS: {
  key: TransactionSort | 'customer' | 'comments';
  header: string;
  render: (t: Transaction) => ReactNode;
}[] = [
  { key: 'transaction_id', header: 'Transaction ID', render: (t) => t.transaction_id },
  { key: 'loan_id', header: 'Purchase ID', render: (t) => t.loan_id },
  { key: 'customer', header: 'Customer', render: (t) => t.customer.username ?? '—' },
  { key: 'amount', header: 'Amount', render: (t) => formatRupees(t.amount) },
  {
    key: 'transaction_type',
    header: 'Type',
    render: (t) => <span className="capitalize">{t.transaction_type}</span>,
  },
  { key: 'status', header: 'Status', render: (t) => t.status },
  { key: 'comments', header: 'Comments', render: (t) => t.comments ?? '—' },
  { key: 'created_at', header: 'Created Date', render: (t) => formatDate(t.created_at) },
];
const SORTABLE = new Set<string>([
  'transaction_id',
  'loan_id',
  'amount',
  'transaction_type',
  'status',
  'created_at',
]);

export interface TransactionReportScreenProps {
  /** Null until From and To are chosen. */
  params: ReportParams | null;
  onParamsChange: (params: ReportParams) => void;
}

/** The Transaction Report: From/To, Search, Download Excel, sortable, 7 a page. */
export function TransactionReportScreen({ params, onParamsChange }: TransactionReportScreenProps) {
  const [downloading, setDownloading] = useState(false);
  // Instalments other admins record join the report as they are made.
  useLiveRoom(LEDGER_ROOM);

  const search = (fromDate: string, toDate: string) =>
    onParamsChange({
      fromDate,
      toDate,
      sort: params?.sort ?? 'created_at',
      order: params?.order ?? 'desc',
      page: 1,
    });

  async function download(fromDate: string, toDate: string) {
    setDownloading(true);
    try {
      await downloadFile(
        `/api/transactions/download${queryString({ fromDate, toDate })}`,
        TRANSACTIONS_EXPORT.fileName(fromDate, toDate),
        M.downloadFailed,
      );
      toast.success(M.downloaded);
    } catch (error) {
      toast.error((error as Error).message || M.downloadFailed);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="page page-wide">
      <div className="page-head">
        <h1 className="page-title">Transaction Report</h1>
      </div>
      <div className="card">
        <DateRangeForm initial={params ? { fromDate: params.fromDate, toDate: params.toDate } : undefined}>
          {(range, check) => (
            <>
              <Button onPress={() => check() && search(range.fromDate, range.toDate)}>Search</Button>
              <Button
                variant="secondary"
                isDisabled={downloading}
                onPress={() => check() && void download(range.fromDate, range.toDate)}
              >
                {downloading ? 'Downloading...' : 'Download Excel'}
              </Button>
            </>
          )}
        </DateRangeForm>
      </div>
      {params ? (
        <ReportTable params={params} onParamsChange={onParamsChange} />
      ) : (
        <p className="muted">Choose From and To dates, then Search.</p>
      )}
    </section>
  );
}

/** The chosen range's transactions: the sort buttons, the table and its pager. */
function ReportTable({ params, onParamsChange }: { params: ReportParams } & TransactionReportScreenProps) {
  const screen = useListScreen({
    params,
    onParamsChange,
    query: reportQuery(params),
    failedMessage: M.fetchTransactionsFailed,
  });
  const sortBy = (key: TransactionSort) =>
    screen.change({ sort: key, order: params.sort === key && params.order === 'desc' ? 'asc' : 'desc' });
  const columns: Column<Transaction>[] = COLUMNS.map((c) => ({
    key: c.key,
    header:
      SORTABLE.has(c.key) && params.sort === c.key
        ? `${c.header} ${params.order === 'desc' ? '↓' : '↑'}`
        : c.header,
    render: c.render,
  }));

  return (
    <>
      <div className="toolbar" role="group" aria-label="Sort by">
        {COLUMNS.filter((c) => SORTABLE.has(c.key)).map((c) => (
          <Button
            key={c.key}
            size="sm"
            variant={params.sort === c.key ? 'primary' : 'ghost'}
            onPress={() => sortBy(c.key as TransactionSort)}
          >
            {c.header}
            {params.sort === c.key ? (params.order === 'desc' ? ' ↓' : ' ↑') : ''}
          </Button>
        ))}
      </div>
      <DataTable
        caption="Transactions"
        columns={columns}
        rows={screen.list.data?.items ?? []}
        rowKey={(t) => t.id}
        isLoading={screen.list.isPending}
        loadingText="Loading transactions..."
        emptyTitle={M.noTransactions}
        emptyHint="Choose another range."
      />
      <Pager {...screen.pagerProps(PAGE_SIZES.transactionReport)} />
    </>
  );
}

/** The report wired to the URL: the range, sort and page can be bookmarked and reloaded. */
export function TransactionReportPage() {
  const params = reportParams(useSearch({ from: '/admin/_admin/reports/transactions' }));
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: ReportParams) =>
      void navigate({ to: '/admin/reports/transactions', search: reportSearch(p), replace: true }),
    [navigate],
  );
  return <TransactionReportScreen params={params} onParamsChange={onParamsChange} />;
}
