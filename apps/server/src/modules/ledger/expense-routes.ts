/** Expenses over HTTP: the list, and adding (with its receipt image), viewing, editing and deleting one. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Expense,
  ExpenseFields,
  ExpenseListQuery,
  ExpensePage,
  LEDGER_MESSAGES as M,
  OkBody,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import type { FormPolicy } from '../../plugins/uploads.ts';
import { receiptPolicy } from '../../plugins/upload-policies.ts';
import { errors, uploadErrors, writeErrors } from './route-schemas.ts';

const EXPENSE_FORM: FormPolicy = { fields: ExpenseFields, files: [receiptPolicy('expenseImage')] };
const ExpenseParams = Type.Object({ uuid: Type.String({ minLength: 1, maxLength: 36 }) });

const expenseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ledger = app.services.ledger;

  app.get(
    '/api/expenses',
    {
      schema: {
        summary: 'List expenses',
        querystring: ExpenseListQuery,
        response: { 200: ExpensePage, ...errors },
      },
    },
    async (request) => ledger.listExpenses(request.query),
  );

  app.get(
    '/api/expenses/:uuid',
    { schema: { summary: 'View an expense', params: ExpenseParams, response: { 200: Expense, ...errors } } },
    async (request) => ledger.getExpense(request.params.uuid),
  );

  app.post(
    '/api/expenses',
    {
      schema: { summary: 'Add an expense', response: { 201: Expense, ...uploadErrors } },
      config: { form: EXPENSE_FORM },
    },
    async (request, reply) => {
      const form = await app.receiveForm<ExpenseFields>(request);
      const stored = await form.store();
      const expense = await stored.keep(() =>
        ledger.createExpense(
          { ...form.fields, expenseImage: stored.urlOf('expenseImage') },
          callerOf(request.user),
        ),
      );
      return reply.status(201).send(expense);
    },
  );

  app.put(
    '/api/expenses/:uuid',
    {
      schema: {
        summary: 'Edit an expense',
        params: ExpenseParams,
        response: { 200: Expense, ...uploadErrors },
      },
      config: { form: EXPENSE_FORM },
    },
    async (request) => {
      const form = await app.receiveForm<ExpenseFields>(request);
      const stored = await form.store();
      return stored.keep(() =>
        ledger.updateExpense(
          request.params.uuid,
          { ...form.fields, expenseImage: stored.urlOf('expenseImage') },
          callerOf(request.user),
        ),
      );
    },
  );

  app.delete(
    '/api/expenses/:uuid',
    {
      schema: {
        summary: 'Delete an expense',
        params: ExpenseParams,
        response: { 200: OkBody, ...writeErrors },
      },
    },
    async (request) => {
      await ledger.deleteExpense(request.params.uuid, callerOf(request.user));
      return { ok: true as const, message: M.expenseDeleted };
    },
  );
};
export default expenseRoutes;
