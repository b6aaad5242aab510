/**
 * What the ledger's parts share: its ids, the checks of a form's amounts and dates, and the reads of a
 * purchase (joined to its customer, or locked for a write) and of instalments.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { LEDGER_MESSAGES as M, LOAN_ID, dateRangeError, toPaise, parseId } from '@portal/contracts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { withFreshId } from '../../db/fresh-ids.ts';
import { endOfDay, startOfDay } from '../../lib/dates.ts';
import type { InUnitOfWork } from '../../events.ts';
import { LOAN_CUSTOMER_COLUMNS, TRANSACTION_JOINED_COLUMNS, type LoanListRow } from './model.ts';

export type Db = Knex | Knex.Transaction;

/** What each part of the ledger service is made from. */
export type LedgerDeps = { db: Knex; inUnitOfWork: InUnitOfWork };

/** Draws of a fresh LN… or TXN… id before giving up (each draw is unique by index). */
const ID_ATTEMPTS = 5;

/** LN, 6 digits of the clock, 3 random digits. */
export const newLoanId = (now = Date.now()) =>
  `${LOAN_ID.prefix}${String(now % 1_000_000).padStart(6, '0')}${String(randomInt(0, 1000)).padStart(3, '0')}`;
export const newTransactionId = () =>
  `TXN${String(Date.now() % 100_000_000).padStart(8, '0')}${randomBytes(3).toString('hex').toUpperCase()}`;

/** A purchase or instalment id drawn again while it is taken. */
export const withFreshLedgerId = <T>(draw: () => string, insert: (id: string) => Promise<T>) =>
  withFreshId(draw, insert, { attempts: ID_ATTEMPTS, exhausted: () => conflict(M.idsExhausted) });

/** From/To as instants: From's first moment up to (not including) the day after To. */
export function rangeOf(from: string | undefined, to: string | undefined) {
  const error = dateRangeError(from, to);
  if (error) throw invalid(error);
  return { from: startOfDay(from!), until: endOfDay(to!) };
}

/** An amount of a form in paise, or a 400 in the requirements' words. */
export function amountOf(value: unknown, { positive }: { positive: boolean }): number {
  const paise = toPaise(value);
  if (paise === null) throw invalid(M.invalidAmount);
  if (positive && paise <= 0) throw invalid(M.amountPositive);
  return paise;
}

/** `COALESCE(SUM(ROUND(col * 100)), 0)`: a column's total in paise, exact on MySQL and SQLite alike. */
export const sumPaise = (db: Db, column: string, alias = 'paise') =>
  db.raw(`COALESCE(SUM(ROUND(?? * 100)), 0) as ??`, [column, alias]);

export const blank = (value: string | null | undefined) => {
  const t = value?.trim();
  return t ? t : null;
};

export function selectLoans(db: Db) {
  return db('loans as l')
    .join('users as u', 'u.id', 'l.customer_id')
    .select('l.*', ...LOAN_CUSTOMER_COLUMNS);
}

export function selectTransactions(db: Db) {
  return db('loan_transactions as t')
    .join('loans as l', 'l.id', 't.loan_id')
    .leftJoin('users as u', 'u.id', 't.customer_id')
    .select('t.*', ...TRANSACTION_JOINED_COLUMNS);
}

/** A purchase in a URL or a form: its LN… id or its row number (`parseId`'s digits). */
const whereLoanRef = (q: Knex.QueryBuilder, ref: string) => {
  const id = parseId(ref);
  return id !== null ? q.where('l.id', id) : q.where('l.loan_id', ref.trim().toUpperCase());
};

export async function findLoan(trx: Db, ref: string): Promise<LoanListRow> {
  const row: LoanListRow | undefined = await whereLoanRef(selectLoans(trx), ref).first();
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * The purchase's own row, locked until this transaction ends: instalments and edits queue behind it.
 * The customer's user id, name and username come along from subqueries, which a locking read does not
 * lock (MySQL and MariaDB alike): the row is complete for `toLoan` and the customer's own
 * row stays free for everyone else.
 */
export async function lockLoan(trx: Knex.Transaction, ref: string): Promise<LoanListRow> {
  const row: LoanListRow | undefined = await whereLoanRef(trx('loans as l'), ref)
    .forUpdate()
    .first(
      'l.*',
      trx.raw('(SELECT user_id FROM users WHERE users.id = l.customer_id) AS customer_user_id'),
      trx.raw('(SELECT name FROM users WHERE users.id = l.customer_id) AS customer_name'),
      trx.raw('(SELECT username FROM users WHERE users.id = l.customer_id) AS customer_username'),
    );
  if (!row) throw notFound(M.notFound);
  return row;
}
