import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  APP_TIME_ZONE,
  EXPENSE_TYPES,
  ExpenseFields,
  LEDGER_MESSAGES as M,
  RECEIPT_ACCEPT,
  amountError,
  paiseToText,
  todayIn,
} from '@portal/contracts';
import { DateInputField, FileField, SelectField, TextField } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { expenseQuery, saveExpense } from './api.ts';
import { LedgerFormPage, useLedgerSave } from './LedgerFormPage.tsx';
import { EXPENSE_LIST_PATH } from './paths.ts';
import { ReceiptLink } from './ReceiptLink.tsx';

interface Form {
  expenseName: string;
  amount: string;
  expenseType: string;
  expenseDate: string;
  comments: string;
}

/** Add Expense and Edit Expense: both go back to the list; the date defaults to today. */
export function ExpenseFormScreen({ uuid }: { uuid?: string }) {
  const isEdit = uuid !== undefined;
  const { submit, formError, setFormError, toList, busy } = useLedgerSave({
    listPath: EXPENSE_LIST_PATH,
    run: (body: FormData) => saveExpense(uuid ?? null, body),
    savedMessage: isEdit ? M.expenseUpdated : M.expenseCreated,
    failedMessage: isEdit ? M.updateExpenseFailed : M.createExpenseFailed,
  });
  const existing = useQuery({ ...expenseQuery(uuid ?? ''), enabled: isEdit });
  const [form, setForm] = useState<Form>(() => ({
    expenseName: '',
    amount: '',
    expenseType: '',
    expenseDate: todayIn(APP_TIME_ZONE),
    comments: '',
  }));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Form | 'image', string>>>({});

  useEffect(() => {
    const e = existing.data;
    if (e) {
      setForm({
        expenseName: e.expenseName,
        amount: paiseToText(Math.round(e.amount * 100)),
        expenseType: e.expenseType,
        expenseDate: e.expenseDate ?? '',
        comments: e.comments ?? '',
      });
    }
  }, [existing.data]);
  useEffect(() => {
    if (existing.isError) setFormError(existing.error.message || M.fetchExpenseFailed);
  }, [existing.isError, existing.error, setFormError]);

  function onSubmit(event: FormEvent) {
    const fields = Object.fromEntries(
      Object.entries(form).map(([key, value]) => [key, value.trim()]),
    ) as unknown as Form;
    // The contract the route checks, then the service's rule on amounts and the receipt's type.
    const found = checkForm<keyof Form | 'image'>(ExpenseFields, fields, {
      rules: {
        amount: amountError(fields.amount, { positive: true }),
        image: image && !image.type.startsWith('image/') ? M.receiptType : null,
      },
    });
    setErrors(found);
    submit(event, found, () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.set(key, value);
      if (image) body.set('expenseImage', image);
      return body;
    });
  }

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <LedgerFormPage
      title={isEdit ? 'Edit Expense' : 'Add New Expense'}
      formLabel={isEdit ? 'Edit expense' : 'Add expense'}
      formError={formError}
      onSubmit={onSubmit}
      onCancel={toList}
      busy={busy}
      submitLabel={isEdit ? 'Update Expense' : 'Add Expense'}
      progress="Saving..."
    >
      <div className="form-grid">
        <TextField
          label="Expense Name"
          isRequired
          value={form.expenseName}
          onChange={set('expenseName')}
          maxLength={200}
          errorMessage={errors.expenseName}
        />
        <TextField
          label="Amount (₹)"
          isRequired
          inputMode="decimal"
          value={form.amount}
          onChange={set('amount')}
          errorMessage={errors.amount}
        />
        <SelectField
          label="Expense Type"
          isRequired
          value={form.expenseType}
          placeholder="Select a type"
          options={EXPENSE_TYPES}
          onChange={set('expenseType')}
          errorMessage={errors.expenseType}
        />
        <DateInputField
          label="Expense Date"
          isRequired
          value={form.expenseDate}
          onChange={set('expenseDate')}
          errorMessage={errors.expenseDate}
        />
        <FileField
          label="Receipt image"
          accept={RECEIPT_ACCEPT}
          onSelect={setImage}
          description={
            image
              ? image.name
              : existing.data?.expenseImage
                ? 'A receipt is on file; choose an image to replace it'
                : 'Optional'
          }
          errorMessage={errors.image}
        />
        {!image && existing.data?.expenseImage ? (
          <p className="muted">
            <ReceiptLink url={existing.data.expenseImage} of={existing.data.expenseName} />
          </p>
        ) : null}
        <TextField
          label="Comments"
          multiline
          rows={3}
          value={form.comments}
          onChange={set('comments')}
          errorMessage={errors.comments}
        />
      </div>
    </LedgerFormPage>
  );
}
