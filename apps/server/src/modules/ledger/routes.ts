import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  AdminDashboard,
  DateRangeQuery,
  ErrorBody,
  ErrorCode,
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
  RECEIPT_MAX_BYTES,
  TRANSACTIONS_EXPORT,
  TransactionAnswer,
  TransactionFields,
  TransactionListQuery,
  TransactionPage,
  UPLOAD_MESSAGES,
  fieldErrors,
  registerFormats,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, invalid } from '../../errors.ts';
import { detectFileKind, FILE_KINDS } from '../../lib/file-types.ts';
import { fileUrl } from '../../lib/file-store.ts';
import { readerOf } from '../../plugins/auth.ts';
import { purchasesWorkbook, transactionsWorkbook, XLSX_TYPE } from './excel.ts';

registerFormats();

/** A multipart form of the ledger: its text fields' schema (compiled once) and its receipt's field. */
interface ReceiptForm {
  fileField: string;
  schema: TSchema;
  check: { Check(value: unknown): boolean };
}
const TRANSACTION_FORM: ReceiptForm = {
  fileField: 'receipt',
  schema: TransactionFields,
  check: Compile(TransactionFields),
};
const EXPENSE_FORM: ReceiptForm = {
  fileField: 'expenseImage',
  schema: ExpenseFields,
  check: Compile(ExpenseFields),
};

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writeErrors = { ...errors, 409: ErrorBody };
const uploadErrors = { ...writeErrors, 413: ErrorBody, 415: ErrorBody };
const ExpenseParams = Type.Object({ uuid: Type.String({ minLength: 1, maxLength: 36 }) });

/**
 * A multipart form of text fields and at most one receipt image (`form.fileField`), in any order. The
 * receipt is checked by its content (an image, at most 5 MB) and stored; `release` removes it again if
 * the write that should keep it fails. Fields are checked against `check` first: a bad form stores nothing.
 */
async function readReceiptForm<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  { fileField, schema, check }: ReceiptForm,
) {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_TYPE, UPLOAD_MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 30, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === fileField) file = await part.toBuffer();
        else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(ErrorCode.TOO_LARGE, M.receiptTooLarge);
    }
    if (error instanceof AppError) throw error;
    request.log.warn({ err: error }, 'unreadable ledger form');
    throw invalid(UPLOAD_MESSAGES.noFile);
  }
  if (!check.Check(fields)) throw invalid(Object.values(fieldErrors(schema, fields))[0] ?? M.invalidAmount);
  let url: string | null = null;
  let name: string | null = null;
  // An empty file part is a form whose file input was left empty.
  if (file && file.length > 0) {
    const kind = detectFileKind(file);
    if (!kind || !FILE_KINDS[kind].image) throw new AppError(ErrorCode.UNSUPPORTED_TYPE, M.receiptType);
    name = await app.files.put(file, kind);
    try {
      await app.uploadLedger.record(name, request.user?.sub ?? null, file.length);
    } catch (error) {
      await app.files.remove(name);
      throw error;
    }
    url = fileUrl(name);
  }
  return {
    fields: fields as T,
    url,
    /** Runs `write`; a failed write removes the stored receipt. */
    async keep<R>(write: (url: string | null) => Promise<R>): Promise<R> {
      try {
        return await write(url);
      } catch (error) {
        if (name) await app.files.remove(name);
        throw error;
      }
    },
  };
}

function sendWorkbook(reply: FastifyReply, fileName: string, data: Buffer) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(data);
}

/**
 * The property ledger (spec 1 §7): purchases, instalments with receipts, expenses, the Transaction Report
 * and both spreadsheets, and the admin dashboard's figures. Admins only.
 */
const ledgerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireRole('admin'));
  const ledger = app.services.ledger;

  // ----------------------------------------------------------------------------------- purchases
  app.get(
    '/api/loans',
    { schema: { querystring: LoanListQuery, response: { 200: LoanPage, ...errors } } },
    async (request) => ledger.listLoans(request.query),
  );

  app.get(
    '/api/loans/download',
    { schema: { querystring: DateRangeQuery, response: { ...errors } } },
    async (request, reply) => {
      const { fromDate, toDate } = request.query;
      const loans = await ledger.exportLoans(fromDate, toDate);
      return sendWorkbook(reply, PURCHASES_EXPORT.fileName(fromDate!, toDate!), purchasesWorkbook(loans));
    },
  );

  app.post(
    '/api/loans',
    { schema: { body: LoanWrite, response: { 201: Loan, ...writeErrors } } },
    async (request, reply) =>
      reply.status(201).send(await ledger.createLoan(request.body, readerOf(request))),
  );

  app.get(
    '/api/loans/:loanId',
    { schema: { params: LoanParams, response: { 200: Loan, ...errors } } },
    async (request) => ledger.getLoan(request.params.loanId),
  );

  app.put(
    '/api/loans/:loanId',
    { schema: { params: LoanParams, body: LoanWrite, response: { 200: Loan, ...writeErrors } } },
    async (request) => ledger.updateLoan(request.params.loanId, request.body, readerOf(request)),
  );

  app.delete(
    '/api/loans/:loanId',
    { schema: { params: LoanParams, response: { 200: OkBody, ...writeErrors } } },
    async (request) => {
      await ledger.deleteLoan(request.params.loanId, readerOf(request));
      return { ok: true as const, message: M.deleted };
    },
  );

  // --------------------------------------------------------------------------------- instalments
  app.post(
    '/api/transactions',
    { schema: { response: { 201: TransactionAnswer, ...uploadErrors } } },
    async (request, reply) => {
      const form = await readReceiptForm<TransactionFields>(app, request, TRANSACTION_FORM);
      const answer = await form.keep((receipt_url) =>
        ledger.addTransaction({ ...form.fields, receipt_url }, readerOf(request)),
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/loan-transactions/:loanId',
    { schema: { params: LoanParams, querystring: ListQuery, response: { 200: TransactionPage, ...errors } } },
    async (request) => ledger.listLoanTransactions(request.params.loanId, request.query),
  );

  app.get(
    '/api/transactions',
    { schema: { querystring: TransactionListQuery, response: { 200: TransactionPage, ...errors } } },
    async (request) => ledger.listTransactions(request.query),
  );

  app.get(
    '/api/transactions/report',
    { schema: { querystring: TransactionListQuery, response: { 200: TransactionPage, ...errors } } },
    async (request) => ledger.transactionReport(request.query),
  );

  app.get(
    '/api/transactions/download',
    { schema: { querystring: DateRangeQuery, response: { ...errors } } },
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
    { schema: { querystring: ExpenseListQuery, response: { 200: ExpensePage, ...errors } } },
    async (request) => ledger.listExpenses(request.query),
  );

  app.get(
    '/api/expenses/:uuid',
    { schema: { params: ExpenseParams, response: { 200: Expense, ...errors } } },
    async (request) => ledger.getExpense(request.params.uuid),
  );

  app.post(
    '/api/expenses',
    { schema: { response: { 201: Expense, ...uploadErrors } } },
    async (request, reply) => {
      const form = await readReceiptForm<ExpenseFields>(app, request, EXPENSE_FORM);
      const expense = await form.keep((expenseImage) =>
        ledger.createExpense({ ...form.fields, expenseImage }, readerOf(request)),
      );
      return reply.status(201).send(expense);
    },
  );

  app.put(
    '/api/expenses/:uuid',
    { schema: { params: ExpenseParams, response: { 200: Expense, ...uploadErrors } } },
    async (request) => {
      const form = await readReceiptForm<ExpenseFields>(app, request, EXPENSE_FORM);
      return form.keep((expenseImage) =>
        ledger.updateExpense(request.params.uuid, { ...form.fields, expenseImage }, readerOf(request)),
      );
    },
  );

  app.delete(
    '/api/expenses/:uuid',
    { schema: { params: ExpenseParams, response: { 200: OkBody, ...writeErrors } } },
    async (request) => {
      await ledger.deleteExpense(request.params.uuid, readerOf(request));
      return { ok: true as const, message: M.expenseDeleted };
    },
  );

  // ----------------------------------------------------------------------------------- dashboard
  app.get('/api/dashboard/admin', { schema: { response: { 200: AdminDashboard, ...errors } } }, async () =>
    ledger.adminDashboard(),
  );
};
export default ledgerRoutes;
