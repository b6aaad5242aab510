/**
 * The property ledger: purchases, instalments with receipts, expenses and the admin dashboard's figures,
 * each in its own file; this one puts them together into the one service the routes and the users
 * service know.
 */
import { createLedgerPurchases } from './purchases.ts';
import { createLedgerInstalments } from './instalments.ts';
import { createLedgerExpenses } from './expenses.ts';
import { createLedgerFigures } from './figures.ts';
import type { LedgerDeps } from './shared.ts';

export function createLedgerService(deps: LedgerDeps) {
  return {
    ...createLedgerPurchases(deps),
    ...createLedgerInstalments(deps),
    ...createLedgerExpenses(deps),
    ...createLedgerFigures(deps),
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
