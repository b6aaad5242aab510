import { useCallback, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EXPENSE_TYPES,
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  formatRupees,
  type Expense,
} from '@portal/contracts';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Pager,
  SearchField,
  SelectField,
  StatusBadge,
  toast,
  type Column,
} from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { useSearchBox } from '../../lib/useDebounced.ts';
import { deleteExpense, fetchExpenses, ledgerKeys, type ExpenseListParams } from './api.ts';
import { ExpenseBars, ExpenseDonut } from './ExpenseCharts.tsx';
import { EXPENSE_ADD_PATH } from './paths.ts';

const TYPE_FILTER = [{ value: '', label: 'All Types' }, ...EXPENSE_TYPES];

/** Expense management (spec 1): both charts, search, type filter, 5 a page, edit and delete. */
export function ExpenseListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useState<ExpenseListParams>({ search: '', type: '', page: 1 });
  const [searchText, setSearchText] = useSearchBox(params.search, (search) =>
    setParams((p) => ({ ...p, search, page: 1 })),
  );
  const [pendingDelete, setPendingDelete] = useState<Expense | null>(null);
  const stepBack = useCallback((page: number) => setParams((p) => ({ ...p, page })), []);
  const list = usePagedList({
    queryKey: ledgerKeys.expenses(params),
    fetchPage: (signal) => fetchExpenses(params, signal),
    page: params.page,
    onStepBack: stepBack,
    failedMessage: M.fetchExpensesFailed,
  });

  const remove = useMutation({
    mutationFn: (e: Expense) => deleteExpense(e.uuid),
    onSuccess: async () => {
      toast.success(M.expenseDeleted);
      setPendingDelete(null);
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
    onError: (error) => {
      setPendingDelete(null);
      toast.error(error.message || M.deleteExpenseFailed);
    },
  });

  const columns: Column<Expense>[] = [
    {
      key: 'name',
      header: 'Expense Name',
      render: (e) => (
        <div>
          <strong>{e.expenseName}</strong>
          {e.comments ? <div className="muted person-sub">{e.comments}</div> : null}
        </div>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      render: (e) => <StatusBadge status={e.expenseType} label={e.expenseTypeLabel} tone="blue" />,
    },
    { key: 'amount', header: 'Amount', render: (e) => formatRupees(e.amount) },
    { key: 'date', header: 'Date', render: (e) => (e.createdAt ? formatDate(e.createdAt) : 'N/A') },
    {
      key: 'actions',
      header: 'Actions',
      render: (e) => (
        <div className="row-actions row-actions-nowrap">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Edit ${e.expenseName}`}
            onPress={() => void navigate({ to: '/admin/expense/edit/$id', params: { id: e.uuid } })}
          >
            Edit
          </Button>
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete ${e.expenseName}`}
            onPress={() => setPendingDelete(e)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const data = list.data;
  const filtered = Boolean(params.search || params.type);
  return (
    <section className="page page-wide">
      <div className="page-head">
        <h1 className="page-title">Expense Management</h1>
        <Link to={EXPENSE_ADD_PATH} className="btn btn-primary btn-md">
          Add New Expense
        </Link>
      </div>
      {data && data.totals.length > 0 ? (
        <div className="chart-grid">
          <ExpenseDonut totals={data.totals} totalAmount={data.totalAmount} />
          <ExpenseBars totals={data.totals} />
        </div>
      ) : null}
      <div className="toolbar">
        <SearchField
          label="Search expenses"
          placeholder={M.searchExpenses}
          value={searchText}
          onChange={setSearchText}
        />
        <div className="toolbar-select">
          <SelectField
            label="Expense type"
            hideLabel
            value={params.type}
            options={TYPE_FILTER}
            onChange={(type) => setParams((p) => ({ ...p, type, page: 1 }))}
          />
        </div>
      </div>
      <DataTable
        caption="Expenses"
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(e) => e.uuid}
        isLoading={list.isPending}
        loadingText={M.loadingExpenses}
        emptyTitle={filtered ? 'No expenses match your search' : 'No expenses yet'}
        emptyHint={filtered ? 'Try another word or type.' : 'Add the first expense.'}
      />
      <Pager
        page={params.page}
        pageSize={data?.pageSize ?? PAGE_SIZES.expenses}
        total={data?.total ?? 0}
        onPageChange={(page) => setParams((p) => ({ ...p, page }))}
      />
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        title={`Delete ${pendingDelete?.expenseName ?? 'expense'}`}
        message={M.confirmDeleteExpense}
        isPending={remove.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete)}
      />
    </section>
  );
}
