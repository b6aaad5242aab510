/** Instalments over HTTP: adding one with its receipt, a purchase's instalments, and every instalment. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ListQuery,
  LoanParams,
  TransactionAnswer,
  TransactionFields,
  TransactionListQuery,
  TransactionPage,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import type { FormPolicy } from '../../plugins/uploads.ts';
import { receiptPolicy } from '../../plugins/upload-policies.ts';
import { errors, uploadErrors } from './route-schemas.ts';

const TRANSACTION_FORM: FormPolicy = { fields: TransactionFields, files: [receiptPolicy('receipt')] };

const instalmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ledger = app.services.ledger;

  app.post(
    '/api/transactions',
    {
      schema: {
        summary: 'Add an instalment (with receipt)',
        response: { 201: TransactionAnswer, ...uploadErrors },
      },
      config: { form: TRANSACTION_FORM },
    },
    async (request, reply) => {
      const form = await app.receiveForm<TransactionFields>(request);
      const stored = await form.store();
      const answer = await stored.keep(() =>
        ledger.addTransaction(
          { ...form.fields, receipt_url: stored.urlOf('receipt') },
          callerOf(request.user),
        ),
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/loan-transactions/:loanId',
    {
      schema: {
        summary: "List a purchase's instalments",
        params: LoanParams,
        querystring: ListQuery,
        response: { 200: TransactionPage, ...errors },
      },
    },
    async (request) => ledger.listLoanTransactions(request.params.loanId, request.query),
  );

  app.get(
    '/api/transactions',
    {
      schema: {
        summary: 'List instalments',
        querystring: TransactionListQuery,
        response: { 200: TransactionPage, ...errors },
      },
    },
    async (request) => ledger.listTransactions(request.query),
  );
};
export default instalmentRoutes;
