import { useCallback, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APP_TIME_ZONE,
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  RECEIPT_ACCEPT,
  TransactionFields,
  amountError,
  formatRupees,
  todayIn,
  toPaise,
  type Loan,
  type Transaction,
} from '@portal/contracts';
import {
  Button,
  DataTable,
  DateInputField,
  DetailList,
  ErrorBanner,
  FileField,
  Pager,
  StatusBadge,
  TextField,
  toast,
  type Column,
} from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { focusFirstInvalidField } from '../../lib/formErrors.ts';
import { formatDate } from '../../lib/format.ts';
import { useIsFresh, useLiveRoom } from '../../lib/live.ts';
import { useListScreen } from '../../lib/useListScreen.ts';
import { addTransaction, ledgerKeys, loanHistoryQuery, loanQuery } from './api.ts';
import { LEDGER_ROOM } from './live.ts';
import { PURCHASE_LIST_PATH } from './paths.ts';
import { ReceiptLink } from './ReceiptLink.tsx';

const HISTORY_COLUMNS: Column<Transaction>[] = [
  { key: 'id', header: 'Transaction ID', render: (t) => t.transaction_id },
  { key: 'amount', header: 'Amount', render: (t) => formatRupees(t.amount) },
  { key: 'date', header: 'Date', render: (t) => formatDate(t.date ?? t.created_at) },
  { key: 'comments', header: 'Comments', render: (t) => t.comments ?? <span className="muted">—</span> },
  {
    key: 'receipt',
    header: 'Receipt',
    render: (t) =>
      t.receipt_url ? (
        <ReceiptLink url={t.receipt_url} of={t.transaction_id} />
      ) : (
        <span className="muted">—</span>
      ),
  },
];

/** Why a purchase takes no more instalments, or null when it does. */
export const closedReason = (loan: Loan) =>
  loan.status === 'closed' ? M.closed : loan.remaining_balance <= 0 ? M.paidOff : null;

/** The add-transaction form: amount, date (today), optional comments, receipt image. */
function AddTransactionForm({ loan }: { loan: Loan }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(() => todayIn(APP_TIME_ZONE));
  const [comments, setComments] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'date' | 'comments' | 'receipt', string>>>(
    {},
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const add = useMutation({
    mutationFn: (form: FormData) => addTransaction(form),
    onSuccess: async () => {
      toast.success(M.transactionAdded);
      setAmount('');
      setComments('');
      setReceipt(null);
      setFormKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
    onError: async (error) => {
      setFormError(error.message || M.addTransactionFailed);
      toast.error(error.message || M.addTransactionFailed);
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.loan(loan.loan_id) });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = {
      loan_id: loan.loan_id,
      customer_id: loan.customer_id,
      amount: amount.trim(),
      transaction_type: 'credit',
      date,
      comments,
    };
    const paise = toPaise(fields.amount);
    // The contract the route checks, then the service's rules: money, above nothing, within the balance.
    const found = checkForm<keyof typeof errors>(TransactionFields, fields, {
      rules: {
        amount:
          amountError(fields.amount, { positive: true }) ??
          (paise !== null && paise > Math.round(loan.remaining_balance * 100)
            ? M.amountTooLarge(formatRupees(loan.remaining_balance))
            : null),
        receipt: receipt && !receipt.type.startsWith('image/') ? M.receiptType : null,
      },
    });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalidField(event.currentTarget as HTMLFormElement);
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (receipt) form.set('receipt', receipt);
    add.mutate(form);
  }

  return (
    <form className="card form-card" onSubmit={submit} noValidate aria-label="Add transaction" key={formKey}>
      <h2 className="form-section-title">Add Transaction</h2>
      <ErrorBanner message={formError} />
      <div className="form-grid">
        <TextField
          label="Amount (₹)"
          isRequired
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          errorMessage={errors.amount}
        />
        <DateInputField label="Date" isRequired value={date} onChange={setDate} errorMessage={errors.date} />
        <TextField
          label="Comments"
          multiline
          rows={2}
          value={comments}
          onChange={setComments}
          errorMessage={errors.comments}
        />
        <FileField
          label="Receipt image"
          accept={RECEIPT_ACCEPT}
          onSelect={setReceipt}
          description={receipt ? receipt.name : 'An image of the receipt (optional)'}
          errorMessage={errors.receipt}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" isDisabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Transaction'}
        </Button>
      </div>
    </form>
  );
}

export interface PurchaseDetailScreenProps {
  loanId: string;
  /** The history's page (in the URL). */
  page: number;
  onPageChange: (page: number) => void;
}

/** Purchase detail: the summary, the transaction history 5 a page, and the add-transaction form. */
export function PurchaseDetailScreen({ loanId, page, onPageChange }: PurchaseDetailScreenProps) {
  const loan = useQuery(loanQuery(loanId));
  const history = useListScreen({
    params: { page },
    onParamsChange: useCallback((p: { page: number }) => onPageChange(p.page), [onPageChange]),
    query: loanHistoryQuery(loanId, page),
    failedMessage: M.fetchTransactionsFailed,
  });
  // Another admin's payment shows here at once: the balance, the history, and no form once it is paid off.
  useLiveRoom(LEDGER_ROOM);
  const isFresh = useIsFresh();

  if (loan.isError) {
    return (
      <section className="page">
        <ErrorBanner message={loan.error.message || M.fetchPurchaseFailed} />
        <Link to={PURCHASE_LIST_PATH} className="btn btn-secondary btn-md">
          Back to purchases
        </Link>
      </section>
    );
  }
  const l = loan.data;
  const reason = l ? closedReason(l) : null;
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">Purchase {loanId}</h1>
        <div className="page-actions">
          <Link
            to="/admin/master-data/lending/edit/$loanId"
            params={{ loanId }}
            className="btn btn-secondary btn-md"
          >
            Edit
          </Link>
          <Link to={PURCHASE_LIST_PATH} className="btn btn-secondary btn-md">
            Back to purchases
          </Link>
        </div>
      </div>
      {!l ? (
        <p className="muted">Loading purchase...</p>
      ) : (
        <div className={`card${isFresh(`loan:${l.loan_id}`) ? ' live-fresh' : ''}`}>
          <DetailList
            items={[
              {
                label: 'Customer',
                value: (
                  <>
                    {l.customer_name} <span className="muted">({l.customer_id})</span>
                  </>
                ),
              },
              { label: 'Purchase amount', value: formatRupees(l.loan_amount) },
              { label: 'Advance amount', value: formatRupees(l.advance_amount) },
              { label: 'Remaining balance', value: formatRupees(l.remaining_balance) },
              { label: 'Total paid', value: formatRupees(l.total_paid) },
              { label: 'Interest (1%)', value: formatRupees(l.interest_amount) },
              { label: 'Referred by', value: l.referred_by ?? 'N/A' },
              { label: 'Status', value: <StatusBadge status={l.status} /> },
            ]}
          />
        </div>
      )}
      <h2 className="section-title">Transaction History</h2>
      <DataTable
        caption="Transaction History"
        columns={HISTORY_COLUMNS}
        rows={history.list.data?.items ?? []}
        rowKey={(t) => t.id}
        isLoading={history.list.isPending}
        loadingText="Loading transactions..."
        emptyTitle="No transactions yet"
        emptyHint="Instalments appear here as they are added."
      />
      <Pager {...history.pagerProps(PAGE_SIZES.transactionHistory)} />
      {l && reason ? (
        <div className="card notice-card" role="status">
          <strong>{reason}</strong>
        </div>
      ) : l ? (
        <AddTransactionForm loan={l} />
      ) : null}
    </section>
  );
}
