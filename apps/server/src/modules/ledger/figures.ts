/** The admin dashboard's figures: counts, the funds available, and income and expenses by month. */
import type { Knex } from 'knex';
import { APP_TIME_ZONE, fromPaise, todayIn, type AdminDashboard } from '@portal/contracts';
import { startOfDay, toDate } from '../../lib/dates.ts';
import { day, type DbTime } from '../../lib/rows.ts';
import { countRows } from '../../lib/paging.ts';
import { paiseOf, paiseTotal, type ExpenseDayRow, type IncomeRow, type PaiseRow } from './model.ts';
import { expenseTotals } from './expenses.ts';
import { sumPaise, type LedgerDeps } from './shared.ts';

const firstPaise = async (query: Knex.QueryBuilder) => {
  const row: PaiseRow | undefined = await query.first();
  return paiseTotal(row?.paise);
};

/** The month 'YYYY-MM' of a date in the firm's time zone, and the first instant of that month. */
const monthStart = (month: string) => startOfDay(`${month}-01`);
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
/** Months the dashboard's chart shows, the current one last. */
const DASHBOARD_MONTHS = 6;

export function createLedgerFigures({ db }: Pick<LedgerDeps, 'db'>) {
  return {
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
      const monthOf = (value: DbTime) => todayIn(APP_TIME_ZONE, toDate(value)).slice(0, 7);
      const [advanceRows, creditRows, expenseRows]: [IncomeRow[], IncomeRow[], ExpenseDayRow[]] =
        await Promise.all([
          db('loans').where('created_at', '>=', chartFrom).select('created_at', 'advance_amount as amount'),
          db('loan_transactions')
            .where('created_at', '>=', chartFrom)
            .where({ transaction_type: 'credit' })
            .select('created_at', 'amount'),
          db('expenses').where('expense_date', '>=', `${months[0]}-01`).select('expense_date', 'amount'),
        ]);
      const income = new Map<string, number>(months.map((m) => [m, 0]));
      const spent = new Map<string, number>(months.map((m) => [m, 0]));
      for (const r of [...advanceRows, ...creditRows]) {
        const m = monthOf(r.created_at);
        if (income.has(m)) income.set(m, income.get(m)! + paiseOf(r.amount));
      }
      for (const r of expenseRows) {
        const m = (day(r.expense_date) ?? '').slice(0, 7);
        if (spent.has(m)) spent.set(m, spent.get(m)! + paiseOf(r.amount));
      }
      const { totals } = await expenseTotals(db);
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
}
