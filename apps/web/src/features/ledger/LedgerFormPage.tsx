import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBanner, toast } from '@portal/ui';
import { focusFirstInvalidField } from '../../lib/formErrors.ts';
import { ledgerKeys } from './api.ts';

/**
 * The save of a ledger add/edit form: on success the toast, every ledger figure fetched again and back
 * to the list; on failure the server's reason above the form and in a toast, the form kept as typed.
 */
export function useLedgerSave<Body>({
  listPath,
  run,
  savedMessage,
  failedMessage,
}: {
  listPath: '/admin/master-data/data-jabatan' | '/admin/expense/list';
  run: (body: Body) => Promise<unknown>;
  savedMessage: string;
  failedMessage: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const toList = () => void navigate({ to: listPath });
  const save = useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toast.success(savedMessage);
      await queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
      toList();
    },
    onError: (error) => {
      const message = error.message || failedMessage;
      setFormError(message);
      toast.error(message);
    },
  });

  /** Sends the body once the form's check found nothing; else takes the person to the first field. */
  function submit(event: FormEvent, errors: object, body: () => Body) {
    event.preventDefault();
    setFormError(null);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalidField(event.currentTarget as HTMLFormElement);
      return;
    }
    save.mutate(body());
  }

  return { save, submit, formError, setFormError, toList, busy: save.isPending };
}

/** A ledger add/edit screen: its title, the form card with the failure above it, Cancel and Save. */
export function LedgerFormPage({
  title,
  formLabel,
  formError,
  onSubmit,
  onCancel,
  busy,
  submitLabel,
  progress,
  children,
}: {
  title: string;
  formLabel: string;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  /** Said beside the buttons while saving. */
  progress: string;
  children: ReactNode;
}) {
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
      </div>
      <form className="card form-card" onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <ErrorBanner message={formError} />
        {children}
        <div className="form-actions">
          {busy ? (
            <span className="form-progress" role="status">
              {progress}
            </span>
          ) : null}
          <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}
