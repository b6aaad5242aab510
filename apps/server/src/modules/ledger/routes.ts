import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerFormats } from '@portal/contracts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';
import purchaseRoutes from './purchase-routes.ts';
import instalmentRoutes from './instalment-routes.ts';
import expenseRoutes from './expense-routes.ts';
import reportRoutes from './report-routes.ts';

registerFormats();

/**
 * The property ledger: purchases, instalments with receipts, expenses, the Transaction Report
 * and both spreadsheets, and the admin dashboard's figures. Admins only: the tag and the role check
 * are set here, before the parts register, so every route of every part carries them.
 */
const ledgerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Ledger');
  guardRoutes(app, app.requireRole('admin'));
  await app.register(purchaseRoutes);
  await app.register(instalmentRoutes);
  await app.register(expenseRoutes);
  await app.register(reportRoutes);
};
export default ledgerRoutes;
