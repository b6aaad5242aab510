import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  APP_TIME_ZONE,
  EXPENSE_TYPES,
  LEDGER_MESSAGES as M,
  LOAN_ID,
  PAGE_SIZES,
  dateRangeError,
  expenseTypeOf,
  formatRupees,
  fromPaise,
  todayIn,
  toPaise,
  paiseToText,
  type AdminDashboard,
  type Expense,
  type ExpenseFields,
  type ExpenseListQuery,
  type ExpensePage,
  type ExpenseTotal,
  parseId,
  type Loan,
  type LoanListQuery,
  type LoanPage,
  type LoanWrite,
  type Transaction,
  type TransactionAnswer,
  type TransactionFields,
  type TransactionListQuery,
  type TransactionPage,
  type UserRef,
} from '@portal/contracts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { withFreshId } from '../../db/fresh-ids.ts';
import { endOfDay, startOfDay } from '../../lib/dates.ts';
import { countRows, pageBounds, whereContains } from '../../lib/paging.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { PurchaseLedger } from '../users/service.ts';
import { findUserIds, userIdOf } from '../users/refs.ts';
import { ExpenseModel, LoanModel, TransactionModel, paiseOf } from './model.ts';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

/** Draws of a fresh LN… or TXN… id before giving up (each draw is unique by index). */
const ID_ATTEMPTS = 5;

/** LN, 6 digits of the clock, 3 random digits. */
export const newLoanId = (now = Date.now()) =>
  `${LOAN_ID.prefix}${String(now % 1_000_000).padStart(6, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
export const newTransactionId = () =>
  `TXN${String(Date.now() % 100_000_000).padStart(8, '0')}${randomBytes(3).toString('hex').toUpperCase()}`;

/** From/To as instants: From's first moment up to (not including) the day after To. */
export function rangeOf(from: string | undefined, to: string | undefined) {
  const error = dateRangeError(from, to);
  if (error) throw invalid(error);
  return { from: startOfDay(from!), until: endOfDay(to!) };
}

/** An amount of a form in paise, or a 400 in the requirements' words. */
function amountOf(value: unknown, { positive }: { positive: boolean }): number {
  const paise = toPaise(value);
  if (paise === null) throw invalid(M.invalidAmount);
  if (positive && paise <= 0) throw invalid(M.amountPositive);
  return paise;
}

/** `COALESCE(SUM(ROUND(col * 100)), 0)`: a column's total in paise, exact on MySQL and SQLite alike. */
const sumPaise = (db: Db, column: string, alias = 'paise') =>
  db.raw(`COALESCE(SUM(ROUND(?? * 100)), 0) as ??`, [column, alias]);

const firstPaise = async (query: Knex.QueryBuilder, alias = 'paise') => {
  const row = (await query.first()) as Row | undefined;
  return Math.round(Number(row?.[alias] ?? 0));
};

const blank = (value: string | null | undefined) => {
  const t = value?.trim();
  return t ? t : null;
};

function selectLoans(db: Db) {
  return db('loans as l')
    .join('users as u', 'u.id', 'l.customer_id')
    .select('l.*', ...LoanModel.joinedColumns);
}

function selectTransactions(db: Db) {
  return db('loan_transactions as t')
    .join('loans as l', 'l.id', 't.loan_id')
    .leftJoin('users as u', 'u.id', 't.customer_id')
    .select('t.*', ...TransactionModel.joinedColumns);
}

/** A purchase in a URL or a form: its LN… id or its row number (`parseId`'s digits). */
const whereLoanRef = (q: Knex.QueryBuilder, ref: string) => {
  const id = parseId(ref);
  return id !== null ? q.where('l.id', id) : q.where('l.loan_id', ref.trim().toUpperCase());
};

const LOAN_SORT_COLUMNS = {
  customer_name: 'u.name',
  referred_by: 'l.referred_by',
  status: 'l.status',
  updated_at: 'l.updated_at',
} as const;

const TRANSACTION_SORT_COLUMNS = {
  created_at: 't.created_at',
  transaction_id: 't.transaction_id',
  loan_id: 'l.loan_id',
  amount: 't.amount',
  transaction_type: 't.transaction_type',
  status: 't.status',
} as const;

/** The month 'YYYY-MM' of a date in the firm's time zone, and the first instant of that month. */
const monthStart = (month: string) => startOfDay(`${month}-01`);
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
/** Months the dashboard's chart shows, the current one last. */
const DASHBOARD_MONTHS = 6;

export function createLedgerService({ db, inUnitOfWork }: { db: Knex; inUnitOfWork: InUnitOfWork }) {
  async function findLoan(ref: string, trx: Db = db): Promise<Row> {
    const row = (await whereLoanRef(selectLoans(trx), ref).first()) as Row | undefined;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /**
   * The purchase's own row, locked until this transaction ends: instalments and edits queue behind it.
   * The customer's user id, name and username come along from subqueries, which a locking read does not
   * lock (MySQL and MariaDB alike): the row is complete for `LoanModel.toRecord` and the customer's own
   * row stays free for everyone else.
   */
  async function lockLoan(trx: Knex.Transaction, ref: string): Promise<Row> {
    const row = (await whereLoanRef(trx('loans as l'), ref)
      .forUpdate()
      .first(
        'l.*',
        trx.raw('(SELECT user_id FROM users WHERE users.id = l.customer_id) AS customer_user_id'),
        trx.raw('(SELECT name FROM users WHERE users.id = l.customer_id) AS customer_name'),
        trx.raw('(SELECT username FROM users WHERE users.id = l.customer_id) AS customer_username'),
      )) as Row | undefined;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /**
   * The customer a purchase form names, by row id or user id. A new customer must be a live user; the
   * purchase's own customer (`current`) stays even once deleted, so its other fields can still be edited.
   */
  async function customerIdOf(trx: Db, ref: UserRef, current?: number): Promise<number> {
    const notACustomer = () => invalid(M.customerNotFound);
    const id = await userIdOf(trx, ref, notACustomer, { withDeleted: current !== undefined });
    if (current !== undefined && id !== current) await userIdOf(trx, id, notACustomer);
    return id;
  }

  /** Amount and advance of a form in paise, checked against each other and against what was paid. */
  function amountsOf(input: LoanWrite, paidPaise: number) {
    const amount = amountOf(input.loan_amount, { positive: true });
    const advance = amountOf(input.advance_amount, { positive: false });
    if (advance > amount) throw invalid(M.advanceTooLarge);
    const remaining = amount - advance - paidPaise;
    if (remaining < 0) throw invalid(M.amountBelowPaid);
    return { amount, advance, remaining };
  }

  /** Transactions created From … end of To, as a filter on `loan_transactions as t`. */
  function inRange(query: TransactionListQuery) {
    const { from, until } = rangeOf(query.fromDate, query.toDate);
    return (q: Knex.QueryBuilder) => q.where('t.created_at', '>=', from).where('t.created_at', '<', until);
  }

  async function expenseRow(uuid: string, trx: Db = db): Promise<Row> {
    const row = (await trx('expenses').where({ uuid: uuid.toLowerCase() }).first()) as Row | undefined;
    if (!row) throw notFound(M.expenseNotFound);
    return row;
  }

  function expenseColumns(input: ExpenseFields) {
    const type = expenseTypeOf(input.expenseType);
    if (!type) throw invalid(M.expenseTypeInvalid);
    const day = input.expenseDate.slice(0, 10);
    if (dateRangeError(day, day)) throw invalid('Expense date is required');
    return {
      expense_name: input.expenseName.trim(),
      amount: paiseToText(amountOf(input.amount, { positive: true })),
      expense_type: type,
      expense_date: day,
      comments: blank(input.comments),
    };
  }

  async function expenseTotals(): Promise<{ totals: ExpenseTotal[]; totalPaise: number }> {
    const rows = (await db('expenses')
      .select('expense_type')
      .select(sumPaise(db, 'amount'))
      .groupBy('expense_type')) as Row[];
    const byType = new Map(rows.map((r) => [String(r.expense_type), Math.round(Number(r.paise))]));
    const totals = EXPENSE_TYPES.filter((t) => byType.has(t.value)).map((t) => ({
      type: t.value,
      label: t.label,
      amount: fromPaise(byType.get(t.value)!),
    }));
    const totalPaise = [...byType.values()].reduce((a, b) => a + b, 0);
    return { totals, totalPaise };
  }

  /** A purchase or instalment id drawn again while it is taken. */
  const withFreshLedgerId = <T>(draw: () => string, insert: (id: string) => Promise<T>) =>
    withFreshId(draw, insert, { attempts: ID_ATTEMPTS, exhausted: () => conflict(M.idsExhausted) });

  const service = {
    // -------------------------------------------------------------------------------------- purchases
    async listLoans(query: LoanListQuery): Promise<LoanPage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.purchases);
      const base = selectLoans(db);
      whereContains(base, ['u.name', 'u.username', 'l.loan_id'], query.search);
      if (query.status && query.status !== 'all') base.where('l.status', query.status);
      if (query.customer_id !== undefined) {
        // A deleted customer's purchases are still theirs; a ref that names nobody has none.
        const [customerId] = await findUserIds(db, [query.customer_id], { withDeleted: true });
        if (customerId === null || customerId === undefined) return { items: [], total: 0, page, pageSize };
        base.where('l.customer_id', customerId);
      }
      const total = await countRows(base.clone());
      const sort = LOAN_SORT_COLUMNS[query.sort ?? 'updated_at'];
      const order = query.order ?? (query.sort && query.sort !== 'updated_at' ? 'asc' : 'desc');
      const rows = (await base
        .orderBy(sort, order)
        .orderBy('l.id', order)
        .limit(pageSize)
        .offset(offset)) as Row[];
      return { items: rows.map((r) => LoanModel.toRecord(r)), total, page, pageSize };
    },

    async getLoan(ref: string): Promise<Loan> {
      return LoanModel.toRecord(await findLoan(ref));
    },

    async createLoan(input: LoanWrite, actor: Caller, outer?: UnitOfWork): Promise<Loan> {
      const { amount, advance, remaining } = amountsOf(input, 0);
      const row = await inUnitOfWork(async ({ trx, emit }) => {
        const customerId = await customerIdOf(trx, input.customer_id);
        const now = new Date();
        const { id, loanId } = await withFreshLedgerId(
          () => newLoanId(),
          async (loanId) => {
            const [inserted] = await trx('loans').insert({
              loan_id: loanId,
              customer_id: customerId,
              loan_amount: paiseToText(amount),
              advance_amount: paiseToText(advance),
              paid_amount: '0.00',
              remaining_balance: paiseToText(remaining),
              // A purchase paid in full by its advance is closed from the start.
              status: remaining > 0 ? 'active' : 'closed',
              referred_by: blank(input.referred_by),
              created_by_id: actor.id,
              created_at: now,
              updated_at: now,
            });
            return { id: Number(inserted), loanId };
          },
        );
        emit('ledger.changed', { kind: 'loan', id, loan_id: loanId });
        return findLoan(String(id), trx);
      }, outer);
      return LoanModel.toRecord(row);
    },

    /**
     * The edit form: the balance is worked out again from the new amounts and what has been
     * paid in instalments. A purchase whose balance is 0 is closed; otherwise the form's status stands.
     */
    async updateLoan(ref: string, input: LoanWrite, _actor: Caller, outer?: UnitOfWork): Promise<Loan> {
      const row = await inUnitOfWork(async ({ trx, emit }) => {
        const before = await lockLoan(trx, ref);
        const { amount, advance, remaining } = amountsOf(input, paiseOf(before.paid_amount));
        const customerId = await customerIdOf(trx, input.customer_id, Number(before.customer_id));
        const wanted =
          input.status === 'closed' || input.status === 'active' ? input.status : String(before.status);
        await trx('loans')
          .where({ id: before.id })
          .update({
            customer_id: customerId,
            loan_amount: paiseToText(amount),
            advance_amount: paiseToText(advance),
            remaining_balance: paiseToText(remaining),
            status: remaining > 0 ? wanted : 'closed',
            referred_by: input.referred_by === undefined ? before.referred_by : blank(input.referred_by),
            updated_at: new Date(),
          });
        emit('ledger.changed', { kind: 'loan', id: Number(before.id), loan_id: String(before.loan_id) });
        return findLoan(String(before.id), trx);
      }, outer);
      return LoanModel.toRecord(row);
    },

    /** Deletes the purchase and its instalments (their receipts stay until the sweeper finds them unused). */
    async deleteLoan(ref: string, _actor: Caller, outer?: UnitOfWork): Promise<void> {
      await inUnitOfWork(async ({ trx, emit }) => {
        const row = await lockLoan(trx, ref);
        await trx('loan_transactions').where({ loan_id: row.id }).delete();
        await trx('loans').where({ id: row.id }).delete();
        emit('ledger.changed', {
          kind: 'loan',
          id: Number(row.id),
          loan_id: String(row.loan_id),
          deleted: true,
        });
      }, outer);
    },

    /** The purchase export's rows: purchases created From … end of To, oldest first. */
    async exportLoans(fromDate: string | undefined, toDate: string | undefined): Promise<Loan[]> {
      const { from, until } = rangeOf(fromDate, toDate);
      const rows = (await selectLoans(db)
        .where('l.created_at', '>=', from)
        .where('l.created_at', '<', until)
        .orderBy('l.created_at')
        .orderBy('l.id')) as Row[];
      if (rows.length === 0) throw notFound(M.noPurchases);
      return rows.map((r) => LoanModel.toRecord(r));
    },

    /** The users service's seam: active purchases of a customer, inside its transaction. */
    purchaseLedger: {
      async countActivePurchasesOf(userId: number, trx: Knex.Transaction) {
        return countRows(trx('loans').where({ customer_id: userId, status: 'active' }));
      },
    } satisfies PurchaseLedger,

    // ----------------------------------------------------------------------------------- instalments
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
        const instalment = {
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
          return { id: Number(id), transaction_id };
        });
        const left = remaining - amount;
        const balance = {
          paid_amount: paiseToText(paiseOf(loan.paid_amount) + amount),
          remaining_balance: paiseToText(left),
          status: left > 0 ? 'active' : 'closed',
          updated_at: now,
        };
        await trx('loans').where({ id: loan.id }).update(balance);
        emit('ledger.changed', { kind: 'transaction', id: written.id, loan_id: String(loan.loan_id) });
        return {
          transaction: TransactionModel.toRecord({
            ...instalment,
            ...written,
            loan_ref: loan.loan_id,
            customer_user_id: loan.customer_user_id,
            customer_name: loan.customer_name,
            customer_username: loan.customer_username,
          }),
          loan: LoanModel.toRecord({ ...loan, ...balance }),
        };
      }, outer);
    },

    /** A purchase's instalments, newest first (5 per page on screen). */
    async listLoanTransactions(
      ref: string,
      query: { page?: number; pageSize?: number; limit?: number },
    ): Promise<TransactionPage> {
      const loan = await findLoan(ref);
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.transactionHistory);
      const base = selectTransactions(db).where('t.loan_id', Number(loan.id));
      const total = await countRows(base.clone());
      const rows = (await base
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(pageSize)
        .offset(offset)) as Row[];
      return { items: rows.map((r) => TransactionModel.toRecord(r)), total, page, pageSize };
    },

    /** Every instalment, newest first, optionally within From/To (GET /api/transactions). */
    async listTransactions(query: TransactionListQuery): Promise<TransactionPage> {
      const filter = query.fromDate || query.toDate ? inRange(query) : (q: Knex.QueryBuilder) => q;
      return service.pageOfTransactions(filter, query, PAGE_SIZES.transactionReport);
    },

    /** The Transaction Report: From/To required, sortable, 7 per page, newest first by default. */
    async transactionReport(query: TransactionListQuery): Promise<TransactionPage> {
      return service.pageOfTransactions(inRange(query), query, PAGE_SIZES.transactionReport);
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
        (await ids
          .orderBy(TRANSACTION_SORT_COLUMNS[sortKey], order)
          .orderBy('t.id', order)
          .limit(pageSize)
          .offset(offset)
          .pluck('t.id')) as unknown[]
      ).map(Number);
      const rows = pageIds.length ? ((await selectTransactions(db).whereIn('t.id', pageIds)) as Row[]) : [];
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      return {
        items: pageIds.flatMap((id) => (byId.has(id) ? [TransactionModel.toRecord(byId.get(id)!)] : [])),
        total,
        page,
        pageSize,
      };
    },

    /** The report's rows for its spreadsheet, newest first, read in batches; 404 when there are none. */
    async transactionRows(query: TransactionListQuery): Promise<Transaction[]> {
      // One query (100,000 rows is a few tens of MB): OFFSET batches would sort the range again each time.
      const rows = (await inRange(query)(selectTransactions(db))
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')) as Row[];
      if (rows.length === 0) throw notFound(M.noTransactions);
      return rows.map((r) => TransactionModel.toRecord(r));
    },

    // -------------------------------------------------------------------------------------- expenses
    async listExpenses(query: ExpenseListQuery): Promise<ExpensePage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.expenses);
      const base = db('expenses');
      whereContains(base, ['expense_name', 'comments'], query.search);
      if (query.type && query.type !== 'all')
        base.where('expense_type', expenseTypeOf(query.type) ?? query.type);
      const [total, rows, { totals, totalPaise }] = await Promise.all([
        countRows(base.clone()),
        base
          .clone()
          .select('*')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset(offset) as Promise<Row[]>,
        expenseTotals(),
      ]);
      return {
        items: rows.map((r) => ExpenseModel.toRecord(r)),
        total,
        page,
        pageSize,
        totals,
        totalAmount: fromPaise(totalPaise),
      };
    },

    async getExpense(uuid: string): Promise<Expense> {
      return ExpenseModel.toRecord(await expenseRow(uuid));
    },

    async createExpense(
      input: ExpenseFields & { expenseImage: string | null },
      actor: Caller,
      outer?: UnitOfWork,
    ): Promise<Expense> {
      const columns = expenseColumns(input);
      const row = await inUnitOfWork(async ({ trx, emit }) => {
        const now = new Date();
        const uuid = randomUUID();
        const [id] = await trx('expenses').insert({
          ...columns,
          uuid,
          expense_image: input.expenseImage,
          created_by_id: actor.id,
          created_at: now,
          updated_at: now,
        });
        emit('ledger.changed', { kind: 'expense', id: Number(id) });
        return expenseRow(uuid, trx);
      }, outer);
      return ExpenseModel.toRecord(row);
    },

    /** Updates an expense; a new receipt replaces the old one (the old file is let go for the sweeper). */
    async updateExpense(
      uuid: string,
      input: ExpenseFields & { expenseImage: string | null },
      _actor: Caller,
      outer?: UnitOfWork,
    ): Promise<Expense> {
      const columns = expenseColumns(input);
      const row = await inUnitOfWork(async ({ trx, emit }) => {
        const before = await expenseRow(uuid, trx);
        await trx('expenses')
          .where({ id: before.id })
          .update({
            ...columns,
            ...(input.expenseImage ? { expense_image: input.expenseImage } : {}),
            updated_at: new Date(),
          });
        emit('ledger.changed', { kind: 'expense', id: Number(before.id) });
        return expenseRow(uuid, trx);
      }, outer);
      return ExpenseModel.toRecord(row);
    },

    async deleteExpense(uuid: string, _actor: Caller, outer?: UnitOfWork): Promise<void> {
      await inUnitOfWork(async ({ trx, emit }) => {
        const row = await expenseRow(uuid, trx);
        await trx('expenses').where({ id: row.id }).delete();
        emit('ledger.changed', { kind: 'expense', id: Number(row.id), deleted: true });
      }, outer);
    },

    // ------------------------------------------------------------------------------------- dashboard
    /** The admin dashboard's figures (defined in the README, "Admin dashboard figures"). */
    async adminDashboard(now = new Date()): Promise<AdminDashboard> {
      const thisMonth = todayIn(APP_TIME_ZONE, now).slice(0, 7);
      const months = [thisMonth];
      while (months.length < DASHBOARD_MONTHS) months.unshift(previousMonth(months[0]!));
      const chartFrom = monthStart(months[0]!);

      const count = (q: Knex.QueryBuilder) => countRows(q);
      const people = (role: string) => count(db('users').where({ role }).whereNull('deleted_at'));
      const [activeLoans, totalCustomers, totalAdmins, advances, credits, debits, expenses] =
        await Promise.all([
          count(db('loans').where({ status: 'active' })),
          people('user'),
          people('admin'),
          firstPaise(db('loans').select(sumPaise(db, 'advance_amount'))),
          firstPaise(
            db('loan_transactions').where({ transaction_type: 'credit' }).select(sumPaise(db, 'amount')),
          ),
          firstPaise(
            db('loan_transactions').where({ transaction_type: 'debit' }).select(sumPaise(db, 'amount')),
          ),
          firstPaise(db('expenses').select(sumPaise(db, 'amount'))),
        ]);

      // Income and expenses per month of the chart: summed per month in JS from per-day totals.
      const monthOf = (value: unknown) => {
        const d =
          value instanceof Date
            ? value
            : new Date(
                typeof value === 'number'
                  ? value
                  : String(value).replace(' ', 'T') + (String(value).includes('T') ? '' : 'Z'),
              );
        return todayIn(APP_TIME_ZONE, d).slice(0, 7);
      };
      const [advanceRows, creditRows, expenseRows] = await Promise.all([
        db('loans')
          .where('created_at', '>=', chartFrom)
          .select('created_at', 'advance_amount as amount') as Promise<Row[]>,
        db('loan_transactions')
          .where('created_at', '>=', chartFrom)
          .where({ transaction_type: 'credit' })
          .select('created_at', 'amount') as Promise<Row[]>,
        db('expenses')
          .where('expense_date', '>=', `${months[0]}-01`)
          .select('expense_date', 'amount') as Promise<Row[]>,
      ]);
      const income = new Map<string, number>(months.map((m) => [m, 0]));
      const spent = new Map<string, number>(months.map((m) => [m, 0]));
      for (const r of [...advanceRows, ...creditRows]) {
        const m = monthOf(r.created_at);
        if (income.has(m)) income.set(m, income.get(m)! + paiseOf(r.amount));
      }
      for (const r of expenseRows) {
        const d = r.expense_date instanceof Date ? r.expense_date.toISOString() : String(r.expense_date);
        const m = d.slice(0, 7);
        if (spent.has(m)) spent.set(m, spent.get(m)! + paiseOf(r.amount));
      }
      const { totals } = await expenseTotals();
      return {
        activeLoans,
        totalCustomers,
        totalAdmins,
        totalAvailableFunds: fromPaise(advances + credits - debits - expenses),
        totalExpenses: fromPaise(expenses),
        monthlyExpenses: fromPaise(spent.get(thisMonth)!),
        monthlyIncome: fromPaise(income.get(thisMonth)!),
        months: months.map((m) => ({
          month: m,
          income: fromPaise(income.get(m)!),
          expenses: fromPaise(spent.get(m)!),
        })),
        expensesByType: totals,
      };
    },
  };
  return service;
}
export type LedgerService = ReturnType<typeof createLedgerService>;
