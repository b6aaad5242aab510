/**
 * Purchases: the list, one purchase, adding, editing and deleting one, the purchase export's rows, and the
 * users service's question whether a customer still has active purchases.
 */
import type { Knex } from 'knex';
import {
  LEDGER_MESSAGES as M,
  PAGE_SIZES,
  paiseToText,
  type Loan,
  type LoanListQuery,
  type LoanPage,
  type LoanWrite,
  type UserRef,
} from '@portal/contracts';
import { invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { countRows, pageBounds, whereContains } from '../../lib/paging.ts';
import type { UnitOfWork } from '../../events.ts';
import type { PurchaseLedger } from '../users/service.ts';
import { findUserIds, userIdOf } from '../users/refs.ts';
import { int } from '../../lib/rows.ts';
import { paiseOf, toLoan, type LoanListRow } from './model.ts';
import {
  amountOf,
  blank,
  findLoan,
  lockLoan,
  newLoanId,
  rangeOf,
  selectLoans,
  withFreshLedgerId,
  type Db,
  type LedgerDeps,
} from './shared.ts';

const LOAN_SORT_COLUMNS = {
  customer_name: 'u.name',
  referred_by: 'l.referred_by',
  status: 'l.status',
  updated_at: 'l.updated_at',
} as const;

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

export function createLedgerPurchases({ db, inUnitOfWork }: LedgerDeps) {
  return {
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
      const rows: LoanListRow[] = await base
        .orderBy(sort, order)
        .orderBy('l.id', order)
        .limit(pageSize)
        .offset(offset);
      return { items: rows.map(toLoan), total, page, pageSize };
    },

    async getLoan(ref: string): Promise<Loan> {
      return toLoan(await findLoan(db, ref));
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
            return { id: int(inserted!), loanId };
          },
        );
        emit('ledger.changed', { kind: 'loan', id, loan_id: loanId });
        return findLoan(trx, String(id));
      }, outer);
      return toLoan(row);
    },

    /**
     * The edit form: the balance is worked out again from the new amounts and what has been
     * paid in instalments. A purchase whose balance is 0 is closed; otherwise the form's status stands.
     */
    async updateLoan(ref: string, input: LoanWrite, _actor: Caller, outer?: UnitOfWork): Promise<Loan> {
      const row = await inUnitOfWork(async ({ trx, emit }) => {
        const before = await lockLoan(trx, ref);
        const id = int(before.id);
        const { amount, advance, remaining } = amountsOf(input, paiseOf(before.paid_amount));
        const customerId = await customerIdOf(trx, input.customer_id, int(before.customer_id));
        const wanted = input.status === 'closed' || input.status === 'active' ? input.status : before.status;
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
        emit('ledger.changed', { kind: 'loan', id, loan_id: before.loan_id });
        return findLoan(trx, String(id));
      }, outer);
      return toLoan(row);
    },

    /** Deletes the purchase and its instalments (their receipts stay until the sweeper finds them unused). */
    async deleteLoan(ref: string, _actor: Caller, outer?: UnitOfWork): Promise<void> {
      await inUnitOfWork(async ({ trx, emit }) => {
        const row = await lockLoan(trx, ref);
        await trx('loan_transactions').where({ loan_id: row.id }).delete();
        await trx('loans').where({ id: row.id }).delete();
        emit('ledger.changed', {
          kind: 'loan',
          id: int(row.id),
          loan_id: row.loan_id,
          deleted: true,
        });
      }, outer);
    },

    /** The purchase export's rows: purchases created From … end of To, oldest first. */
    async exportLoans(fromDate: string | undefined, toDate: string | undefined): Promise<Loan[]> {
      const { from, until } = rangeOf(fromDate, toDate);
      const rows: LoanListRow[] = await selectLoans(db)
        .where('l.created_at', '>=', from)
        .where('l.created_at', '<', until)
        .orderBy('l.created_at')
        .orderBy('l.id');
      if (rows.length === 0) throw notFound(M.noPurchases);
      return rows.map(toLoan);
    },

    /** The users service's seam: active purchases of a customer, inside its transaction. */
    purchaseLedger: {
      async countActivePurchasesOf(userId: number, trx: Knex.Transaction) {
        return countRows(trx('loans').where({ customer_id: userId, status: 'active' }));
      },
    } satisfies PurchaseLedger,
  };
}
