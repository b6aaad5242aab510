import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { paiseToText, toPaise } from '@portal/contracts';
import { hashPassword } from '../lib/passwords.ts';
import { newLoanId, newTransactionId } from '../modules/ledger/shared.ts';

/** A land purchase of the demo: its customer, amounts as the office types them, and its instalments. */
interface DemoPurchase {
  customer: { name: string; username: string; mobile: string; address: string };
  amount: string;
  advance: string;
  referredBy: string | null;
  /** Months before today the purchase was entered. */
  monthsAgo: number;
  instalments: { amount: string; monthsAgo: number; comments: string }[];
}

const DEMO_PURCHASES: DemoPurchase[] = [
  {
    customer: {
      name: 'Rajesh Kumar',
      username: 'rajesh.kumar',
      mobile: '9845012345',
      address: 'Plot 14, Green Meadows Layout, Mysuru Road, Bengaluru',
    },
    amount: '2500000.00',
    advance: '500000.00',
    referredBy: 'Neha Kulkarni',
    monthsAgo: 5,
    instalments: [
      { amount: '250000.50', monthsAgo: 4, comments: 'First instalment, NEFT' },
      { amount: '175000.25', monthsAgo: 2, comments: 'Second instalment, cheque 004512' },
    ],
  },
  {
    customer: {
      name: 'Lakshmi Venkatesh',
      username: 'lakshmi.v',
      mobile: '9880123456',
      address: 'Plot 3, Lakeview Enclave, Hosur Road, Bengaluru',
    },
    amount: '1200000.00',
    advance: '200000.00',
    referredBy: null,
    monthsAgo: 4,
    instalments: [
      { amount: '500000.00', monthsAgo: 3, comments: 'Bank transfer' },
      { amount: '500000.00', monthsAgo: 1, comments: 'Final payment, purchase closed' },
    ],
  },
  {
    customer: {
      name: 'Farhan Sheikh',
      username: 'farhan.sheikh',
      mobile: '9731098765',
      address: 'Plot 27, Sunrise Farms, Kanakapura Road, Bengaluru',
    },
    amount: '850000.75',
    advance: '100000.00',
    referredBy: 'Suresh Gowda',
    monthsAgo: 2,
    instalments: [{ amount: '99999.99', monthsAgo: 0, comments: 'UPI' }],
  },
  {
    customer: {
      name: 'Sunita Rao',
      username: 'sunita.rao',
      mobile: '9900112233',
      address: 'Plot 9, Palm Grove, Devanahalli, Bengaluru',
    },
    amount: '3200000.00',
    advance: '800000.00',
    referredBy: 'Neha Kulkarni',
    monthsAgo: 0,
    instalments: [],
  },
];

const DEMO_EXPENSES: { name: string; amount: string; type: string; monthsAgo: number; comments: string }[] = [
  {
    name: 'Survey and boundary stones',
    amount: '45000.00',
    type: 'development_cost',
    monthsAgo: 4,
    comments: '',
  },
  {
    name: 'Registration fees',
    amount: '38250.50',
    type: 'legal_fees',
    monthsAgo: 3,
    comments: 'Sub-registrar, Mysuru Road',
  },
  { name: 'Site office rent', amount: '25000.00', type: 'rent', monthsAgo: 2, comments: '' },
  {
    name: 'Newspaper advertisement',
    amount: '18999.99',
    type: 'marketing',
    monthsAgo: 1,
    comments: 'Sunday edition',
  },
  {
    name: 'Property tax, Green Meadows',
    amount: '12340.75',
    type: 'property_tax',
    monthsAgo: 1,
    comments: '',
  },
  { name: 'Electricity, site office', amount: '3275.40', type: 'utilities', monthsAgo: 0, comments: '' },
];

/** The same day-of-month `months` before `now` (the 28th at most, so every month has it). */
function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCDate(Math.min(at.getUTCDate(), 28));
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

const paise = (amount: string) => toPaise(amount)!;

/** Demo customers (who cannot sign in: their password is random and never shown), by username. */
async function seedDemoCustomers(db: Knex, now: Date): Promise<Map<string, number>> {
  const wanted = DEMO_PURCHASES.map((p) => p.customer);
  const taken = new Set((await db('users').pluck('user_id')) as string[]);
  const existing = new Map(
    (
      (await db('users')
        .whereIn(
          'username',
          wanted.map((c) => c.username),
        )
        .select('id', 'username')) as {
        id: number;
        username: string;
      }[]
    ).map((u) => [u.username, u.id]),
  );
  const missing = wanted.filter((c) => !existing.has(c.username));
  if (missing.length === 0) return existing;
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  let next = 9000;
  for (const customer of missing) {
    while (taken.has(`USR${next}`)) next++;
    taken.add(`USR${next}`);
    const [id] = await db('users').insert({
      user_id: `USR${next}`,
      name: customer.name,
      username: customer.username,
      email: `${customer.username}@example.com`,
      password_hash: passwordHash,
      role: 'user',
      status: 'active',
      // A customer is a user record but not staff: no department or designation (both lists are the
      // staff's), so the edit form asks for neither and the record can be saved as it stands.
      department: null,
      designation: null,
      mobile_number: customer.mobile,
      address: customer.address,
      permissions: JSON.stringify({ type: 'Read' }),
      created_at: now,
      updated_at: now,
    });
    existing.set(customer.username, Number(id));
  }
  return existing;
}

/**
 * Demo purchases with their instalments, and demo expenses, on a database whose ledger is empty. Every
 * balance is worked out in paise, as the ledger does, so the figures add up exactly.
 */
export async function seedDemoLedger(db: Knex): Promise<{ purchases: number; expenses: number }> {
  const now = new Date();
  const admin = (await db('users').where({ role: 'admin' }).orderBy('id').first('id')) as
    { id: number } | undefined;
  let purchases = 0;
  if (!(await db('loans').first('id'))) {
    const customers = await seedDemoCustomers(db, now);
    const idStem = newLoanId().slice(0, 8);
    for (const [i, purchase] of DEMO_PURCHASES.entries()) {
      const customerId = customers.get(purchase.customer.username)!;
      const paid = purchase.instalments.reduce((sum, t) => sum + paise(t.amount), 0);
      const remaining = paise(purchase.amount) - paise(purchase.advance) - paid;
      const enteredAt = monthsBefore(now, purchase.monthsAgo);
      const lastPaidAt = purchase.instalments.length
        ? monthsBefore(now, Math.min(...purchase.instalments.map((t) => t.monthsAgo)))
        : enteredAt;
      const [loanId] = await db('loans').insert({
        loan_id: `${idStem}${String(i + 1).padStart(3, '0')}`,
        customer_id: customerId,
        loan_amount: purchase.amount,
        advance_amount: purchase.advance,
        paid_amount: paiseToText(paid),
        remaining_balance: paiseToText(remaining),
        status: remaining > 0 ? 'active' : 'closed',
        referred_by: purchase.referredBy,
        created_by_id: admin?.id ?? null,
        created_at: enteredAt,
        updated_at: lastPaidAt,
      });
      for (const instalment of purchase.instalments) {
        const at = monthsBefore(now, instalment.monthsAgo);
        await db('loan_transactions').insert({
          transaction_id: newTransactionId(),
          loan_id: Number(loanId),
          customer_id: customerId,
          amount: instalment.amount,
          transaction_type: 'credit',
          status: null,
          comments: instalment.comments,
          receipt_url: null,
          transaction_date: at.toISOString().slice(0, 10),
          created_by_id: admin?.id ?? null,
          created_at: at,
        });
      }
      purchases++;
    }
  }
  let expenses = 0;
  if (!(await db('expenses').first('id'))) {
    await db('expenses').insert(
      DEMO_EXPENSES.map((e) => {
        const at = monthsBefore(now, e.monthsAgo);
        return {
          uuid: randomUUID(),
          expense_name: e.name,
          amount: e.amount,
          expense_type: e.type,
          expense_date: at.toISOString().slice(0, 10),
          comments: e.comments || null,
          expense_image: null,
          created_by_id: admin?.id ?? null,
          created_at: at,
          updated_at: at,
        };
      }),
    );
    expenses = DEMO_EXPENSES.length;
  }
  return { purchases, expenses };
}
