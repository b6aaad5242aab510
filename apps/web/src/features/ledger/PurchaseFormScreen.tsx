import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  LEDGER_MESSAGES as M,
  LoanWrite,
  advanceError,
  amountError,
  formatRupees,
  paiseToText,
  toPaise,
  type Loan,
} from '@portal/contracts';
import { SelectField, TextField, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { createLoan, customersQuery, loanQuery, updateLoan, type LoanBody } from './api.ts';
import { LedgerFormPage, useLedgerSave } from './LedgerFormPage.tsx';
import { PURCHASE_LIST_PATH } from './paths.ts';

interface Form {
  customer_id: string;
  loan_amount: string;
  advance_amount: string;
  referred_by: string;
}
const EMPTY: Form = { customer_id: '', loan_amount: '', advance_amount: '', referred_by: '' };
const formOf = (l: Loan): Form => ({
  customer_id: String(l.customer_id),
  loan_amount: paiseToText(Math.round(l.loan_amount * 100)),
  advance_amount: paiseToText(Math.round(l.advance_amount * 100)),
  referred_by: l.referred_by ?? '',
});

/** The body of POST/PUT /api/loans from the form: the customer by user id, as the record answers. */
const bodyOf = (form: Form, loan: Loan | undefined): LoanBody => ({
  customer_id: form.customer_id,
  loan_amount: form.loan_amount.trim(),
  advance_amount: form.advance_amount.trim(),
  referred_by: form.referred_by.trim() || null,
  ...(loan ? { status: loan.status } : {}),
});

/**
 * Customer, amount and advance are required; then the contract the route checks, and the service's
 * rules on amounts (money, more than nothing, an advance within the amount), in their words.
 */
const check = (form: Form, body: LoanBody) =>
  checkForm<keyof Form>(
    LoanWrite,
    { ...body, customer_id: body.customer_id || undefined },
    {
      required: {
        customer_id: M.customerRequired,
        loan_amount: M.purchaseAmountRequired,
        advance_amount: M.advanceAmountRequired,
      },
      rules: {
        loan_amount: amountError(body.loan_amount, { positive: true }),
        advance_amount: advanceError(body.loan_amount, body.advance_amount),
      },
    },
  );

/** Create New Purchase and the edit screen: both go back to the purchase list. */
export function PurchaseFormScreen({ loanId }: { loanId?: string }) {
  const isEdit = loanId !== undefined;
  const { submit, formError, toList, busy } = useLedgerSave({
    listPath: PURCHASE_LIST_PATH,
    run: (body: LoanBody) => (isEdit ? updateLoan(loanId, body) : createLoan(body)),
    savedMessage: isEdit ? M.updated : M.loanCreated,
    failedMessage: isEdit ? M.updateFailed : M.loanCreateFailed,
  });
  const customers = useQuery(customersQuery());
  const loan = useQuery({ ...loanQuery(loanId ?? ''), enabled: isEdit });
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});

  useEffect(() => {
    if (loan.data) setForm(formOf(loan.data));
  }, [loan.data]);
  useEffect(() => {
    if (loan.isError) {
      toast.error(M.fetchDataFailed);
      toList();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loan.isError]);
  useEffect(() => {
    if (customers.isError) toast.error(customers.error.message || M.fetchCustomersFailed);
  }, [customers.isError, customers.error]);

  function onSubmit(event: FormEvent) {
    const body = bodyOf(form, loan.data);
    const found = check(form, body);
    setErrors(found);
    submit(event, found, () => body);
  }

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const amount = toPaise(form.loan_amount);
  const advance = toPaise(form.advance_amount);
  const paid = loan.data ? Math.round((loan.data.total_paid - loan.data.advance_amount) * 100) : 0;
  const balance = amount !== null && advance !== null ? amount - advance - paid : null;
  const options = (customers.data?.items ?? []).map((u) => ({
    value: u.user_id,
    label: `${u.name} (${u.username})`,
  }));

  return (
    <LedgerFormPage
      title={isEdit ? 'Edit Purchase' : 'Create New Purchase'}
      formLabel={isEdit ? 'Edit purchase' : 'Create purchase'}
      formError={formError}
      onSubmit={onSubmit}
      onCancel={toList}
      busy={busy}
      submitLabel={isEdit ? 'Update Purchase' : 'Create Purchase'}
      progress={isEdit ? 'Saving...' : M.creatingLoan}
    >
      {isEdit && loan.isPending ? <p className="muted">Loading purchase...</p> : null}
      <div className="form-grid">
        <SelectField
          label="Customer"
          isRequired
          value={form.customer_id}
          placeholder={customers.isPending ? 'Loading customers...' : 'Select a customer'}
          options={options}
          onChange={set('customer_id')}
          errorMessage={errors.customer_id}
        />
        <TextField
          label="Purchase Amount (₹)"
          isRequired
          inputMode="decimal"
          value={form.loan_amount}
          onChange={set('loan_amount')}
          errorMessage={errors.loan_amount}
        />
        <TextField
          label="Advance Amount (₹)"
          isRequired
          inputMode="decimal"
          value={form.advance_amount}
          onChange={set('advance_amount')}
          errorMessage={errors.advance_amount}
        />
        <TextField
          label="Referred By"
          value={form.referred_by}
          onChange={set('referred_by')}
          maxLength={100}
          errorMessage={errors.referred_by}
        />
      </div>
      <p className="muted" aria-live="polite">
        Remaining balance: {balance !== null && balance >= 0 ? formatRupees(balance / 100) : '—'}
      </p>
    </LedgerFormPage>
  );
}
