/**
 * Instalments (the payments on a purchase, each with its receipt): adding one, a purchase's instalments,
 * every instalment, and the Transaction Report with its spreadsheet's rows.
 */
import type { Knex } from 'knex';
import {
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  dateRangeError,
  formatRupees,
  fromPaise,
  paiseToText,
  type Transaction,
  type TransactionAnswer,
  type TransactionFields,
  type TransactionListQuery,
  type TransactionPage,
} from '@portal/contracts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { countRows, pageBounds } from '../../lib/paging.ts';
import type { UnitOfWork } from '../../events.ts';
import { int } from '../../lib/rows.ts';
import {
  paiseOf,
  toLoan,
  toTransaction,
  type LoanRow,
  type TransactionListRow,
  type TransactionRow,
} from './model.ts';
import {
  amountOf,
  blank,
  findLoan,
  lockLoan,
  newTransactionId,
  rangeOf,
  selectTransactions,
  withFreshLedgerId,
  type LedgerDeps,
} from './shared.ts';

const TRANSACTION_SORT_COLUMNS = {
  created_at: 't.created_at',
  transaction_id: 't.transaction_id',
  loan_id: 'l.loan_id',
  amount: 't.amount',
  transaction_type: 't.transaction_type',
  status: 't.status',
} as const;

/** Transactions created From … end of To, as a filter on `loan_transactions as t`. */
function inRange(query: TransactionListQuery) {
  const { from, until } = rangeOf(query.fromDate, query.toDate);
  return (q: Knex.QueryBuilder) => q.where('t.created_at', '>=', from).where('t.created_at', '<', until);
}

export function createLedgerInstalments({ db, inUnitOfWork }: LedgerDeps) {
  const instalments = {
    /**
     * One instalment: the purchase row is locked, then checked (closed, paid off, amount
     * above the balance), the instalment written and the balance lowered in the same transaction, so two
     * payments entered at once queue and can never take the balance below zero. A balance that reaches
     * zero closes the purchase. The lock is held for three statements and the commit: the receipt is
     * stored before, events go out after, and the answer is built from the locked row and what was
     * written, so nothing is read again (100 payments at once queue on this one row).
     */
    async addTransaction(
      input: TransactionFields & { receipt_url: string | null },
      actor: Caller,
      outer?: UnitOfWork,
    ): Promise<TransactionAnswer> {
      const amount = amountOf(input.amount, { positive: true });
      if (dateRangeError(input.date, input.date)) throw invalid(M.dateRequired);
      // Whole seconds, as a DATETIME column keeps them: the answer shows what a later read shows.
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      return inUnitOfWork(async ({ trx, emit }) => {
        const loan = await lockLoan(trx, input.loan_id);
        const remaining = paiseOf(loan.remaining_balance);
        if (loan.status === 'closed') throw conflict(M.closed);
        if (remaining <= 0) throw conflict(M.paidOff);
        if (amount > remaining) throw invalid(M.amountTooLarge(formatRupees(fromPaise(remaining))));
        const instalment: Omit<TransactionRow, 'id' | 'transaction_id'> = {
          loan_id: loan.id,
          customer_id: loan.customer_id,
          amount: paiseToText(amount),
          transaction_type: 'credit',
          status: null,
          comments: blank(input.comments),
          receipt_url: input.receipt_url,
          transaction_date: input.date,
          created_by_id: actor.id,
          created_at: now,
        };
        const written = await withFreshLedgerId(newTransactionId, async (transaction_id) => {
          const [id] = await trx('loan_transactions').insert({ ...instalment, transaction_id });
          return { id: int(id!), transaction_id };
        });
        const left = remaining - amount;
        const balance: Pick<LoanRow, 'paid_amount' | 'remaining_balance' | 'status' | 'updated_at'> = {
          paid_amount: paiseToText(paiseOf(loan.paid_amount) + amount),
          remaining_balance: paiseToText(left),
          status: left > 0 ? 'active' : 'closed',
          updated_at: now,
        };
        await trx('loans').where({ id: loan.id }).update(balance);
        emit('ledger.changed', { kind: 'transaction', id: written.id, loan_id: loan.loan_id });
        return {
          transaction: toTransaction({
            ...instalment,
            ...written,
            loan_ref: loan.loan_id,
            customer_user_id: loan.customer_user_id,
            customer_name: loan.customer_name,
            customer_username: loan.customer_username,
          }),
          loan: toLoan({ ...loan, ...balance }),
        };
      }, outer);
    },

    /** A purchase's instalments, newest first (5 per page on screen). */
    async listLoanTransactions(
      ref: string,
      query: { page?: number; pageSize?: number; limit?: number },
    ): Promise<TransactionPage> {
      const loan = await findLoan(db, ref);
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.transactionHistory);
      const base = selectTransactions(db).where('t.loan_id', int(loan.id));
      const total = await countRows(base.clone());
      const rows: TransactionListRow[] = await base
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(pageSize)
        .offset(offset);
      return { items: rows.map(toTransaction), total, page, pageSize };
    },

    /** Every instalment, newest first, optionally within From/To (GET /api/transactions). */
    async listTransactions(query: TransactionListQuery): Promise<TransactionPage> {
      const filter = query.fromDate || query.toDate ? inRange(query) : (q: Knex.QueryBuilder) => q;
      return instalments.pageOfTransactions(filter, query, PAGE_SIZES.transactionReport);
    },

    /** The Transaction Report: From/To required, sortable, 7 per page, newest first by default. */
    async transactionReport(query: TransactionListQuery): Promise<TransactionPage> {
      return instalments.pageOfTransactions(inRange(query), query, PAGE_SIZES.transactionReport);
    },

    /**
     * A page of transactions: counted and paged on the transactions table alone (its index on
     * created_at serves the default order), then only that page's rows are joined to their purchase
     * and customer. Every transaction has both, so the join drops none.
     */
    async pageOfTransactions(
      filter: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
      query: TransactionListQuery,
      size: number,
    ): Promise<TransactionPage> {
      const { page, pageSize, offset } = pageBounds(query, size);
      const sortKey = query.sort ?? 'created_at';
      const order = query.order ?? 'desc';
      const own = filter(db('loan_transactions as t'));
      const total = await countRows(own.clone());
      const ids = own;
      if (sortKey === 'loan_id') ids.join('loans as l', 'l.id', 't.loan_id');
      const pageIds = (
        await ids
          .orderBy(TRANSACTION_SORT_COLUMNS[sortKey], order)
          .orderBy('t.id', order)
          .limit(pageSize)
          .offset(offset)
          .pluck('t.id')
      ).map(int);
      const rows: TransactionListRow[] = pageIds.length
        ? await selectTransactions(db).whereIn('t.id', pageIds)
        : [];
      const byId = new Map(rows.map((r) => [int(r.id), r]));
      return {
        items: pageIds.flatMap((id) => (byId.has(id) ? [toTransaction(byId.get(id)!)] : [])),
        total,
        page,
        pageSize,
      };
    },

    /** The report's rows for its spreadsheet, newest first, read in batches; 404 when there are none. */
    async transactionRows(query: TransactionListQuery): Promise<Transaction[]> {
      // One query (100,000 rows is a few tens of MB): OFFSET batches would sort the range again each time.
      const rows: TransactionListRow[] = await inRange(query)(selectTransactions(db))
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc');
      if (rows.length === 0) throw notFound(M.noTransactions);
      return rows.map(toTransaction);
    },
  };
  return instalments;
}
