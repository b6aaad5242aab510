import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminDashboard,
  DateRangeQuery,
  ErrorBody,
  Expense,
  ExpenseFields,
  ExpenseListQuery,
  ExpensePage,
  LEDGER_MESSAGES as M,
  ListQuery,
  Loan,
  LoanListQuery,
  LoanPage,
  LoanParams,
  LoanWrite,
  OkBody,
  PURCHASES_EXPORT,
  TRANSACTIONS_EXPORT,
  TransactionAnswer,
  TransactionFields,
  TransactionListQuery,
  TransactionPage,
  registerFormats,
} from '@portal/contracts';
import { callerOf } from '../../plugins/auth.ts';
import type { FormPolicy } from '../../plugins/uploads.ts';
import { receiptPolicy } from '../../plugins/upload-policies.ts';
import { sendWorkbook } from '../../lib/xlsx-writer.ts';
import { purchasesWorkbook, transactionsWorkbook } from './excel.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

registerFormats();

const TRANSACTION_FORM: FormPolicy = { fields: TransactionFields, files: [receiptPolicy('receipt')] };
const EXPENSE_FORM: FormPolicy = { fields: ExpenseFields, files: [receiptPolicy('expenseImage')] };

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 409: ErrorBody };
const uploadErrors = { ...writeErrors, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody, 507: ErrorBody };
const ExpenseParams = Type.Object({ uuid: Type.String({ minLength: 1, maxLength: 36 }) });

/**
 * The property ledger: purchases, instalments with receipts, expenses, the Transaction Report
 * and both spreadsheets, and the admin dashboard's figures. Admins only.
 */
const ledgerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Ledger');
  guardRoutes(app, app.requireRole('admin'));
  const ledger = app.services.ledger;

  // ----------------------------------------------------------------------------------- purchases
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

  // --------------------------------------------------------------------------------- instalments
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

  // ------------------------------------------------------------------------------------ expenses
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

  // ----------------------------------------------------------------------------------- dashboard
  app.get(
    '/api/dashboard/admin',
    { schema: { summary: 'Admin dashboard figures', response: { 200: AdminDashboard, ...errors } } },
    async () => ledger.adminDashboard(),
  );
};
export default ledgerRoutes;
