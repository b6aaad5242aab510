import type { Loan } from '@portal/contracts';
import { auth, multipartForm, type FormPart, type TestContext } from './helper.ts';

/** A purchase of `loanAmount` rupees for the customer, no advance, made by the admin. */
export async function createPurchase(
  ctx: TestContext,
  customerId: number,
  loanAmount = 100_000,
): Promise<Loan> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/loans',
    headers: auth(ctx.adminToken),
    payload: { customer_id: customerId, loan_amount: loanAmount, advance_amount: 0 },
  });
  if (res.statusCode !== 201) throw new Error(`create purchase failed: ${res.body}`);
  return res.json();
}

/** A multipart form (an instalment, an expense) sent by the admin, as the ledger's screens send them. */
export function sendLedgerForm(
  ctx: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, FormPart>,
) {
  const form = multipartForm(fields);
  return ctx.app.inject({
    method,
    url,
    headers: { ...form.headers, ...auth(ctx.adminToken) },
    payload: form.payload,
  });
}
