import { useEffect, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
import { downloadFile, fetchReport, ledgerKeys, type ReportParams } from './api.ts';
import { DateRangeForm } from './DateRangeForm.tsx';
import { LEDGER_ROOM } from './live.ts';

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

/** The Transaction Report: From/To, Search, Download Excel, sortable, 7 a page. */
export function TransactionReportScreen() {
  const [params, setParams] = useState<ReportParams | null>(null);
  const [downloading, setDownloading] = useState(false);
  const report = useQuery({
    queryKey: ledgerKeys.report(params ?? ({} as ReportParams)),
    queryFn: ({ signal }) => fetchReport(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
  // Instalments other admins record join the report as they are made.
  useLiveRoom(LEDGER_ROOM);
  useEffect(() => {
    if (report.isError) toast.error(report.error.message || M.fetchTransactionsFailed);
  }, [report.isError, report.error]);

  const search = (fromDate: string, toDate: string) =>
    setParams({
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

  const sortBy = (key: TransactionSort) =>
    params &&
    setParams({
      ...params,
      sort: key,
      order: params.sort === key && params.order === 'desc' ? 'asc' : 'desc',
      page: 1,
    });
  const columns: Column<Transaction>[] = COLUMNS.map((c) => ({
    key: c.key,
    header:
      SORTABLE.has(c.key) && params?.sort === c.key
        ? `${c.header} ${params.order === 'desc' ? '↓' : '↑'}`
        : c.header,
    render: c.render,
  }));

  return (
    <section className="page page-wide">
      <div className="page-head">
        <h1 className="page-title">Transaction Report</h1>
      </div>
      <div className="card">
        <DateRangeForm>
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
            rows={report.data?.items ?? []}
            rowKey={(t) => t.id}
            isLoading={report.isPending}
            loadingText="Loading transactions..."
            emptyTitle={M.noTransactions}
            emptyHint="Choose another range."
          />
          <Pager
            page={params.page}
            pageSize={report.data?.pageSize ?? PAGE_SIZES.transactionReport}
            total={report.data?.total ?? 0}
            onPageChange={(page) => setParams({ ...params, page })}
          />
        </>
      ) : (
        <p className="muted">Choose From and To dates, then Search.</p>
      )}
    </section>
  );
}
