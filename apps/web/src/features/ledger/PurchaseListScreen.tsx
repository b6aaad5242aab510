import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  PURCHASES_EXPORT,
  formatRupees,
  type Loan,
  type LoanSort,
} from '@portal/contracts';
import { Button, Dialog, ListToolbar, StatusBadge, toast, ToolbarSelect, type Column } from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import { useIsFresh, useLiveRoom } from '../../lib/live.ts';
import { queryString } from '../../lib/api.ts';
import { ListTable } from '../../lib/ListTable.tsx';
import { ListHeader } from '../../lib/ListHeader.tsx';
import { useListScreen } from '../../lib/useListScreen.ts';
import { deleteLoan, downloadFile, ledgerKeys, loanListQuery, type LoanListParams } from './api.ts';
import { DateRangeForm } from './DateRangeForm.tsx';
import { LEDGER_ROOM } from './live.ts';
import { PURCHASE_LIST_PATH, PURCHASE_ADD_PATH } from './paths.ts';
import { LOAN_SORTS, loanListParams } from './routeParams.ts';

const STATUS_FILTER = [
  { value: '' as const, label: 'All statuses' },
  { value: 'active' as const, label: 'Active' },
  { value: 'closed' as const, label: 'Closed' },
];

export interface PurchaseListScreenProps {
  params: LoanListParams;
  onParamsChange: (params: LoanListParams) => void;
}

/** The purchase list: 5 a page, sortable, name search, status filter, Excel export by date range. */
export function PurchaseListScreen({ params, onParamsChange }: PurchaseListScreenProps) {
  const screen = useListScreen({
    params,
    onParamsChange,
    query: loanListQuery(params),
    failedMessage: M.fetchDataFailed,
    deletion: {
      run: (loan: Loan) => deleteLoan(loan.loan_id),
      deletedMessage: M.deleted,
      failedMessage: M.deleteFailed,
      invalidates: ledgerKeys.all,
    },
  });
  // Purchases and payments other admins record show here as they happen.
  useLiveRoom(LEDGER_ROOM);
  const isFresh = useIsFresh();
  const [exportOpen, setExportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportExcel(fromDate: string, toDate: string) {
    setExporting(true);
    try {
      await downloadFile(
        `/api/loans/download${queryString({ fromDate, toDate })}`,
        PURCHASES_EXPORT.fileName(fromDate, toDate),
        M.purchasesDownloadFailed,
      );
      toast.success(M.purchasesDownloaded);
      setExportOpen(false);
    } catch (error) {
      toast.error((error as Error).message || M.purchasesDownloadFailed);
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<Loan>[] = [
    {
      key: 'customer',
      header: 'Customer',
      render: (l) => (
        <div>
          <strong>{l.customer_name}</strong>
          <div className="muted person-sub">{l.loan_id}</div>
        </div>
      ),
    },
    { key: 'amount', header: 'Purchase Amount', render: (l) => formatRupees(l.loan_amount) },
    { key: 'advance', header: 'Advance', render: (l) => formatRupees(l.advance_amount) },
    { key: 'balance', header: 'Balance', render: (l) => formatRupees(l.remaining_balance) },
    { key: 'referred', header: 'Referred By', render: (l) => l.referred_by ?? 'N/A' },
    { key: 'status', header: 'Status', render: (l) => <StatusBadge status={l.status} /> },
    { key: 'updated', header: 'Updated', render: (l) => formatDate(l.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      render: (l) => (
        <div className="row-actions row-actions-nowrap">
          <Link
            to="/admin/lending/$loanId"
            params={{ loanId: l.loan_id }}
            className="btn btn-secondary btn-sm"
            aria-label={`Details of ${l.loan_id}`}
          >
            Details
          </Link>
          <Link
            to="/admin/master-data/lending/edit/$loanId"
            params={{ loanId: l.loan_id }}
            className="btn btn-secondary btn-sm"
            aria-label={`Edit ${l.loan_id}`}
          >
            Edit
          </Link>
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete ${l.loan_id}`}
            onPress={() => screen.askDelete(l)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const filtered = Boolean(params.search || params.status);
  return (
    <section className="page page-wide">
      <ListHeader
        title="Purchases"
        addPath={PURCHASE_ADD_PATH}
        addLabel="Add Purchase"
        onExport={() => setExportOpen(true)}
      />
      <ListToolbar
        searchLabel="Search purchases"
        searchPlaceholder="Search by customer name..."
        searchBox={screen.searchBox}
      >
        <ToolbarSelect
          label="Status"
          value={params.status}
          options={STATUS_FILTER}
          onChange={(status) => screen.change({ status })}
        />
        <ToolbarSelect
          label="Sort by"
          value={`${params.sort}:${params.order}`}
          options={LOAN_SORTS}
          onChange={(v) => {
            const [sort, order] = v.split(':') as [LoanSort, 'asc' | 'desc'];
            screen.change({ sort, order });
          }}
        />
      </ListToolbar>
      <ListTable
        screen={screen}
        caption="Purchases"
        columns={columns}
        rowKey={(l) => l.id}
        rowClassName={(l) => (isFresh(`loan:${l.loan_id}`) ? 'live-fresh' : undefined)}
        loadingText="Loading purchases..."
        emptyTitle={filtered ? 'No purchases match your search' : 'No purchases yet'}
        emptyHint={filtered ? 'Try another name or status.' : 'Add the first purchase.'}
        pageSize={PAGE_SIZES.purchases}
        deleteTitle={(l) => `Delete ${l?.loan_id ?? 'purchase'}`}
        deleteMessage={M.confirmDelete}
      />
      <Dialog isOpen={exportOpen} onOpenChange={setExportOpen} title="Export purchases to Excel">
        <DateRangeForm>
          {(range, check) => (
            <Button
              isDisabled={exporting}
              onPress={() => check() && void exportExcel(range.fromDate, range.toDate)}
            >
              {exporting ? 'Downloading...' : 'Download Excel'}
            </Button>
          )}
        </DateRangeForm>
      </Dialog>
    </section>
  );
}

/** The list wired to the URL. */
export function PurchaseListPage() {
  const params = loanListParams(useSearch({ from: '/admin/_admin/master-data/data-jabatan/' }));
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: LoanListParams) =>
      void navigate({
        to: PURCHASE_LIST_PATH,
        search: {
          search: p.search || undefined,
          status: p.status || undefined,
          sort: p.sort === 'updated_at' && p.order === 'desc' ? undefined : p.sort,
          order: p.sort === 'updated_at' && p.order === 'desc' ? undefined : p.order,
          page: p.page > 1 ? p.page : undefined,
        },
        replace: true,
      }),
    [navigate],
  );
  return <PurchaseListScreen params={params} onParamsChange={onParamsChange} />;
}
