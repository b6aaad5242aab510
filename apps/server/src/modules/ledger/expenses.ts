/** Expenses: the list with its totals by type, one expense, and adding, editing and deleting one. */
import { randomUUID } from 'node:crypto';
import {
  EXPENSE_TYPES,
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  dateRangeError,
  expenseTypeOf,
  fromPaise,
  paiseToText,
  type Expense,
  type ExpenseFields,
  type ExpenseListQuery,
  type ExpensePage,
  type ExpenseTotal,
} from '@portal/contracts';
import { invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { countRows, pageBounds, whereContains } from '../../lib/paging.ts';
import type { UnitOfWork } from '../../events.ts';
import { int } from '../../lib/rows.ts';
import { paiseTotal, toExpense, type ExpenseRow, type ExpenseTypeTotalRow } from './model.ts';
import { amountOf, blank, sumPaise, type Db, type LedgerDeps } from './shared.ts';

async function expenseRow(trx: Db, uuid: string): Promise<ExpenseRow> {
  const row = await trx<ExpenseRow>('expenses').where({ uuid: uuid.toLowerCase() }).first();
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

/** Expenses summed by type (the types that have any, in `EXPENSE_TYPES` order) and all together. */
export async function expenseTotals(db: Db): Promise<{ totals: ExpenseTotal[]; totalPaise: number }> {
  const rows: ExpenseTypeTotalRow[] = await db('expenses')
    .select('expense_type')
    .select(sumPaise(db, 'amount'))
    .groupBy('expense_type');
  const byType = new Map(rows.map((r) => [r.expense_type, paiseTotal(r.paise)]));
  const totals = EXPENSE_TYPES.filter((t) => byType.has(t.value)).map((t) => ({
    type: t.value,
    label: t.label,
    amount: fromPaise(byType.get(t.value)!),
  }));
  const totalPaise = [...byType.values()].reduce((a, b) => a + b, 0);
  return { totals, totalPaise };
}

export function createLedgerExpenses({ db, inUnitOfWork }: LedgerDeps) {
  return {
    async listExpenses(query: ExpenseListQuery): Promise<ExpensePage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.expenses);
      const base = db<ExpenseRow>('expenses');
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
          .offset(offset),
        expenseTotals(db),
      ]);
      return {
        items: rows.map(toExpense),
        total,
        page,
        pageSize,
        totals,
        totalAmount: fromPaise(totalPaise),
      };
    },

    async getExpense(uuid: string): Promise<Expense> {
      return toExpense(await expenseRow(db, uuid));
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
        emit('ledger.changed', { kind: 'expense', id: int(id!) });
        return expenseRow(trx, uuid);
      }, outer);
      return toExpense(row);
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
        const before = await expenseRow(trx, uuid);
        await trx('expenses')
          .where({ id: before.id })
          .update({
            ...columns,
            ...(input.expenseImage ? { expense_image: input.expenseImage } : {}),
            updated_at: new Date(),
          });
        emit('ledger.changed', { kind: 'expense', id: int(before.id) });
        return expenseRow(trx, uuid);
      }, outer);
      return toExpense(row);
    },

    async deleteExpense(uuid: string, _actor: Caller, outer?: UnitOfWork): Promise<void> {
      await inUnitOfWork(async ({ trx, emit }) => {
        const row = await expenseRow(trx, uuid);
        await trx('expenses').where({ id: row.id }).delete();
        emit('ledger.changed', { kind: 'expense', id: int(row.id), deleted: true });
      }, outer);
    },
  };
}
