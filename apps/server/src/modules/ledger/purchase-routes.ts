/** Purchases over HTTP: the list, the Excel export, and adding, viewing, editing and deleting one. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DateRangeQuery,
  LEDGER_MESSAGES as M,
  Loan,
  LoanListQuery,
  LoanPage,
  LoanParams,
  LoanWrite,
  OkBody,
  PURCHASES_EXPORT,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { purchasesWorkbook } from './excel.ts';
import { errors, writeErrors } from './route-schemas.ts';

const purchaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ledger = app.services.ledger;

  app.get(
    '/api/loans',
    {
      schema: {
        summary: 'List purchases',
        querystring: LoanListQuery,
        response: { 200: LoanPage, ...errors },
      },
    },
    async (request) => ledger.listLoans(request.query),
  );

  app.get(
    '/api/loans/download',
    {
      schema: { summary: 'Download purchases (Excel)', querystring: DateRangeQuery, response: { ...errors } },
    },
    async (request, reply) => {
      const { fromDate, toDate } = request.query;
      const loans = await ledger.exportLoans(fromDate, toDate);
      return sendWorkbook(reply, PURCHASES_EXPORT.fileName(fromDate!, toDate!), purchasesWorkbook(loans));
    },
  );

  app.post(
    '/api/loans',
    { schema: { summary: 'Add a purchase', body: LoanWrite, response: { 201: Loan, ...writeErrors } } },
    async (request, reply) =>
      reply.status(201).send(await ledger.createLoan(request.body, callerOf(request.user))),
  );

  app.get(
    '/api/loans/:loanId',
    { schema: { summary: 'View a purchase', params: LoanParams, response: { 200: Loan, ...errors } } },
    async (request) => ledger.getLoan(request.params.loanId),
  );

  app.put(
    '/api/loans/:loanId',
    {
      schema: {
        summary: 'Edit a purchase',
        params: LoanParams,
        body: LoanWrite,
        response: { 200: Loan, ...writeErrors },
      },
    },
    async (request) => ledger.updateLoan(request.params.loanId, request.body, callerOf(request.user)),
  );

  app.delete(
    '/api/loans/:loanId',
    {
      schema: { summary: 'Delete a purchase', params: LoanParams, response: { 200: OkBody, ...writeErrors } },
    },
    async (request) => {
      await ledger.deleteLoan(request.params.loanId, callerOf(request.user));
      return { ok: true as const, message: M.deleted };
    },
  );
};
export default purchaseRoutes;
