/** The reports over HTTP: the Transaction Report, its Excel download, and the admin dashboard's figures. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminDashboard,
  DateRangeQuery,
  TRANSACTIONS_EXPORT,
  TransactionListQuery,
  TransactionPage,
} from '@portal/contracts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { transactionsWorkbook } from './excel.ts';
import { errors } from './route-schemas.ts';

const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ledger = app.services.ledger;

  app.get(
    '/api/transactions/report',
    {
      schema: {
        summary: 'Transaction Report',
        querystring: TransactionListQuery,
        response: { 200: TransactionPage, ...errors },
      },
    },
    async (request) => ledger.transactionReport(request.query),
  );

  app.get(
    '/api/transactions/download',
    {
      schema: {
        summary: 'Download the Transaction Report (Excel)',
        querystring: DateRangeQuery,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { fromDate, toDate } = request.query;
      const rows = await ledger.transactionRows(request.query);
      return sendWorkbook(
        reply,
        TRANSACTIONS_EXPORT.fileName(fromDate!, toDate!),
        transactionsWorkbook(rows),
      );
    },
  );

  app.get(
    '/api/dashboard/admin',
    { schema: { summary: 'Admin dashboard figures', response: { 200: AdminDashboard, ...errors } } },
    async () => ledger.adminDashboard(),
  );
};
export default reportRoutes;
