import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClientContactCreate,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  SHARE_TEXTS as T,
  FIELD_LIMITS,
  type ClientContact,
} from '@portal/contracts';
import { Button, ConfirmDialog, ErrorBanner, TextField, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { bindFields } from '../../lib/formBinding.ts';
import { focusFirstInvalidField, serverFieldError } from '../../lib/formErrors.ts';
import { addClientContact, contactKeys, fetchClientContacts, removeClientContact } from './api.ts';
import './shares.css';

const FIELDS = ['name', 'email'] as const;
type Field = (typeof FIELDS)[number];

/** Adds a contact: the contract's check first, then the server's word on the field it names. */
function AddContactForm({ jobId }: { jobId: number }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const field = bindFields(values, errors, (key, value) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  });
  const add = useMutation({
    mutationFn: (body: ClientContactCreate) => addClientContact(jobId, body),
    onSuccess: async () => {
      setValues({ name: '', email: '' });
      await queryClient.invalidateQueries({ queryKey: contactKeys.job(jobId) });
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const form = event.currentTarget;
    const body = { name: values.name.trim(), email: values.email.trim() };
    const found = checkForm<Field>(ClientContactCreate, body);
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return focusFirstInvalidField(form);
    add.mutate(body, {
      onError: (error) => {
        const onField = serverFieldError(error, FIELDS);
        if (onField) {
          setErrors({ [onField.field]: onField.message });
          focusFirstInvalidField(form);
        } else setFormError(error.message);
      },
    });
  }
  return (
    <form className="contact-add" onSubmit={submit} noValidate aria-label={T.addContact}>
      <ErrorBanner message={formError} />
      <TextField label={T.contactName} isRequired maxLength={REVIEW_LIMITS.contactName} {...field('name')} />
      <TextField
        label={T.contactEmail}
        type="email"
        isRequired
        maxLength={FIELD_LIMITS.email}
        {...field('email')}
      />
      <Button type="submit" variant="secondary">
        {add.isPending ? T.adding : T.addContact}
      </Button>
    </form>
  );
}

/**
 * A job's client contacts: who at the client receives its shortlists' review links (besides the job's
 * client e-mail). Everyone who sees the job reads them; those who may edit the job add and remove them.
 */
export function ClientContacts({ jobId, canEdit }: { jobId: number; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<ClientContact | null>(null);
  const contacts = useQuery({
    queryKey: contactKeys.job(jobId),
    queryFn: ({ signal }) => fetchClientContacts(jobId, signal),
  });
  const remove = useMutation({
    mutationFn: (contact: ClientContact) => removeClientContact(jobId, contact.id),
    onSuccess: async (answer) => {
      toast.success(answer.message || REVIEW_MESSAGES.contactRemoved);
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: contactKeys.job(jobId) });
    },
  });
  const items = contacts.data?.items ?? [];
  return (
    <section className="card client-contacts" aria-labelledby="client-contacts-title">
      <h2 id="client-contacts-title" className="section-title">
        {T.contactsHeading}
      </h2>
      {contacts.isError ? <ErrorBanner message={contacts.error.message} /> : null}
      {contacts.isSuccess && items.length === 0 ? <p className="muted">{T.contactsEmpty}</p> : null}
      {items.length > 0 ? (
        <ul className="contact-list" aria-label={T.contactsHeading}>
          {items.map((c) => (
            <li key={c.id}>
              <div className="contact-text">
                <strong>{c.name}</strong>
                <a href={`mailto:${c.email}`}>{c.email}</a>
                {c.createdBy ? <span className="muted">{T.contactAddedBy(c.createdBy)}</span> : null}
              </div>
              {canEdit ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${T.removeContact}: ${c.name}`}
                  onPress={() => {
                    remove.reset();
                    setRemoving(c);
                  }}
                >
                  {T.removeContact}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit ? <AddContactForm jobId={jobId} /> : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={T.removeContactTitle}
        message={removing ? T.removeContactConfirm(removing.name, removing.email) : ''}
        confirmLabel={T.removeContact}
        pendingLabel={T.removing}
        isPending={remove.isPending}
        errorMessage={remove.error?.message}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
