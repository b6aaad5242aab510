import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  PURCHASES_EXPORT,
  formatRupees,
  type Loan,
  type LoanSort,
} from '@portal/contracts';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  Pager,
  SearchField,
  SelectField,
  StatusBadge,
  toast,
  type Column,
} from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import { queryString } from '../../lib/api.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { useSearchBox } from '../../lib/useDebounced.ts';
import { deleteLoan, downloadFile, fetchLoans, ledgerKeys, type LoanListParams } from './api.ts';
import { DateRangeForm } from './DateRangeForm.tsx';
import { PURCHASE_LIST_PATH, PURCHASE_ADD_PATH } from './paths.ts';
import { LOAN_SORTS } from './routeParams.ts';

const STATUS_FILTER = [
  { value: '' as const, label: 'All statuses' },
  { value: 'active' as const, label: 'Active' },
  { value: 'closed' as const, label: 'Closed' },
];

export const DEFAULT_LOAN_PARAMS: LoanListParams = {
  search: '',
  status: '',
  sort: 'updated_at',
  order: 'desc',
  page: 1,
};

export interface PurchaseListScreenProps {
  params: LoanListParams;
  onParamsChange: (params: LoanListParams) => void;
}

/** The purchase list (spec 1): 5 a page, sortable, name search, status filter, Excel export by date range. */
export function PurchaseListScreen({ params, onParamsChange }: PurchaseListScreenProps) {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useSearchBox(params.search, (search) =>
    onParamsChange({ ...params, search, page: 1 }),
  );
  const [pendingDelete, setPendingDelete] = useState<Loan | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const stepBack = useCallback(
    (page: number) => onParamsChange({ ...params, page }),
    [params, onParamsChange],
  );
  const list = usePagedList({
    queryKey: ledgerKeys.loans(params),
    fetchPage: (signal) => fetchLoans(params, signal),
    page: params.page,
    onStepBack: stepBack,
    failedMessage: M.fetchDataFailed,
  });

  const remove = useMutation({
    mutationFn: (loan: Loan) => deleteLoan(loan.loan_id),
    onSuccess: async () => {
      toast.success(M.deleted);
      setPendingDelete(null);
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
    onError: (error) => {
      setPendingDelete(null);
      toast.error(error.message || M.deleteFailed);
    },
  });

  async function exportExcel(fromDate: string, toDate: string) {
    setExporting(true);
    try {
      await downloadFile(
        `/api/loans/download${queryString({ fromDate, toDate })}`,
        PURCHASES_EXPORT.fileName(fromDate, toDate),
        M.downloadFailed,
      );
      toast.success(M.downloaded);
      setExportOpen(false);
    } catch (error) {
      toast.error((error as Error).message || M.downloadFailed);
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
            onPress={() => setPendingDelete(l)}
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
      <div className="page-head">
        <h1 className="page-title">Purchases</h1>
        <div className="page-actions">
          <Button variant="secondary" onPress={() => setExportOpen(true)}>
            Export Excel
          </Button>
          <Link to={PURCHASE_ADD_PATH} className="btn btn-primary btn-md">
            Add Purchase
          </Link>
        </div>
      </div>
      <div className="toolbar">
        <SearchField
          label="Search purchases"
          placeholder="Search by customer name..."
          value={searchText}
          onChange={setSearchText}
        />
        <div className="toolbar-select">
          <SelectField
            label="Status"
            hideLabel
            value={params.status}
            options={STATUS_FILTER}
            onChange={(status) => onParamsChange({ ...params, status, page: 1 })}
          />
        </div>
        <div className="toolbar-select">
          <SelectField
            label="Sort by"
            hideLabel
            value={`${params.sort}:${params.order}`}
            options={LOAN_SORTS}
            onChange={(v) => {
              const [sort, order] = v.split(':') as [LoanSort, 'asc' | 'desc'];
              onParamsChange({ ...params, sort, order, page: 1 });
            }}
          />
        </div>
      </div>
      <DataTable
        caption="Purchases"
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(l) => l.id}
        isLoading={list.isPending}
        loadingText="Loading purchases..."
        emptyTitle={filtered ? 'No purchases match your search' : 'No purchases yet'}
        emptyHint={filtered ? 'Try another name or status.' : 'Add the first purchase.'}
      />
      <Pager
        page={params.page}
        pageSize={list.data?.pageSize ?? PAGE_SIZES.purchases}
        total={list.data?.total ?? 0}
        onPageChange={(page) => onParamsChange({ ...params, page })}
      />
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title={`Delete ${pendingDelete?.loan_id ?? 'purchase'}`}
        message={M.confirmDelete}
        isPending={remove.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete)}
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
  const search = useSearch({ strict: false }) as Partial<LoanListParams>;
  const navigate = useNavigate();
  const params: LoanListParams = { ...DEFAULT_LOAN_PARAMS, ...stripUndefined(search) };
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

const stripUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
