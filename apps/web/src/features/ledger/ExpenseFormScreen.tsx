import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { Button, DateInputField, ErrorBanner, FileField, SelectField, TextField, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { focusFirstInvalidField } from '../../lib/formErrors.ts';
import { expenseQuery, ledgerKeys, saveExpense } from './api.ts';
import { EXPENSE_LIST_PATH } from './paths.ts';

interface Form {
  expenseName: string;
  amount: string;
  expenseType: string;
  expenseDate: string;
  comments: string;
}

/** Add Expense and Edit Expense (spec 1): both go back to the list; the date defaults to today. */
export function ExpenseFormScreen({ uuid }: { uuid?: string }) {
  const isEdit = uuid !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toList = () => void navigate({ to: EXPENSE_LIST_PATH });
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
  const [formError, setFormError] = useState<string | null>(null);

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
  }, [existing.isError, existing.error]);

  const failed = isEdit ? M.updateExpenseFailed : M.createExpenseFailed;
  const save = useMutation({
    mutationFn: (body: FormData) => saveExpense(uuid ?? null, body),
    onSuccess: async () => {
      toast.success(isEdit ? M.expenseUpdated : M.expenseCreated);
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
      toList();
    },
    onError: () => {
      setFormError(failed);
      toast.error(failed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
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
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalidField(event.currentTarget as HTMLFormElement);
      return;
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    if (image) body.set('expenseImage', image);
    save.mutate(body);
  }

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const busy = save.isPending;
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{isEdit ? 'Edit Expense' : 'Add New Expense'}</h1>
      </div>
      <form
        className="card form-card"
        onSubmit={submit}
        noValidate
        aria-label={isEdit ? 'Edit expense' : 'Add expense'}
      >
        <ErrorBanner message={formError} />
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
          <TextField
            label="Comments"
            multiline
            rows={3}
            value={form.comments}
            onChange={set('comments')}
            errorMessage={errors.comments}
          />
        </div>
        <div className="form-actions">
          <Button variant="secondary" onPress={toList} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? 'Saving...' : isEdit ? 'Update Expense' : 'Add Expense'}
          </Button>
        </div>
      </form>
    </section>
  );
}
