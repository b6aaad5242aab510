import { useCallback } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  EXPENSE_TYPES,
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  formatRupees,
  type Expense,
  type ExpenseType,
} from '@portal/contracts';
import { Button, ListToolbar, StatusBadge, ToolbarSelect, type Column } from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import { useIsFresh, useLiveRoom } from '../../lib/live.ts';
import { ListTable } from '../../lib/ListTable.tsx';
import { useListScreen } from '../../lib/useListScreen.ts';
import { deleteExpense, expenseListQuery, ledgerKeys, type ExpenseListParams } from './api.ts';
import { ExpenseBars, ExpenseDonut } from './ExpenseCharts.tsx';
import { LEDGER_ROOM } from './live.ts';
import { ReceiptLink } from './ReceiptLink.tsx';
import { EXPENSE_ADD_PATH, EXPENSE_LIST_PATH } from './paths.ts';
import { expenseListParams } from './routeParams.ts';

const TYPE_FILTER: { value: ExpenseType | ''; label: string }[] = [
  { value: '', label: 'All Types' },
  ...EXPENSE_TYPES,
];

export interface ExpenseListScreenProps {
  params: ExpenseListParams;
  /** Keeps search, type and page in the URL, so a filtered list can be bookmarked and reloaded. */
  onParamsChange: (params: ExpenseListParams) => void;
}

/** Expense management: both charts, search, type filter, 5 a page, edit and delete. */
export function ExpenseListScreen({ params, onParamsChange }: ExpenseListScreenProps) {
  const navigate = useNavigate();
  const screen = useListScreen({
    params,
    onParamsChange,
    query: expenseListQuery(params),
    failedMessage: M.fetchExpensesFailed,
    deletion: {
      run: (e: Expense) => deleteExpense(e.uuid),
      deletedMessage: M.expenseDeleted,
      failedMessage: M.deleteExpenseFailed,
      invalidates: ledgerKeys.all,
    },
  });

  // Expenses other admins add, edit or delete show here, charts included, as they happen.
  useLiveRoom(LEDGER_ROOM);
  const isFresh = useIsFresh();

  const columns: Column<Expense>[] = [
    {
      key: 'name',
      header: 'Expense Name',
      render: (e) => (
        <div>
          <strong>{e.expenseName}</strong>
          {e.comments ? <div className="muted person-sub">{e.comments}</div> : null}
          {e.expenseImage ? (
            <div className="person-sub">
              <ReceiptLink url={e.expenseImage} of={e.expenseName} />
            </div>
          ) : null}
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
            onPress={() => screen.askDelete(e)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const data = screen.list.data;
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
      <ListToolbar
        searchLabel="Search expenses"
        searchPlaceholder={M.searchExpenses}
        searchBox={screen.searchBox}
      >
        <ToolbarSelect
          label="Expense type"
          value={params.type}
          options={TYPE_FILTER}
          onChange={(type) => screen.change({ type })}
        />
      </ListToolbar>
      <ListTable
        screen={screen}
        caption="Expenses"
        columns={columns}
        rowKey={(e) => e.uuid}
        rowClassName={(e) => (isFresh(`expense:${e.id}`) ? 'live-fresh' : undefined)}
        loadingText={M.loadingExpenses}
        emptyTitle={filtered ? 'No expenses match your search' : 'No expenses yet'}
        emptyHint={filtered ? 'Try another word or type.' : 'Add the first expense.'}
        pageSize={PAGE_SIZES.expenses}
        deleteTitle={(e) => `Delete ${e?.expenseName ?? 'expense'}`}
        deleteMessage={M.confirmDeleteExpense}
      />
    </section>
  );
}

/** The list wired to the URL. */
export function ExpenseListPage() {
  const params = expenseListParams(useSearch({ from: '/admin/_admin/expense/list' }));
  const navigate = useNavigate();
  const onParamsChange = useCallback(
    (p: ExpenseListParams) =>
      void navigate({
        to: EXPENSE_LIST_PATH,
        search: {
          search: p.search || undefined,
          type: p.type || undefined,
          page: p.page > 1 ? p.page : undefined,
        },
        replace: true,
      }),
    [navigate],
  );
  return <ExpenseListScreen params={params} onParamsChange={onParamsChange} />;
}
