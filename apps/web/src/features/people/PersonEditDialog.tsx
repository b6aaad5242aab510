import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as CM,
  PersonUpdate,
  type Person,
  type PersonConflictBody,
} from '@portal/contracts';
import { Button, Dialog, ErrorBanner, NumberField, TextField, toast } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { checkForm } from '../../lib/checkForm.ts';
import { bindFields } from '../../lib/formBinding.ts';
import { focusFirstInvalidField, serverFieldError } from '../../lib/formErrors.ts';
import { candidateKeys } from '../candidates/api.ts';
import { peopleKeys, updatePerson } from './api.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';

const FIELDS = [
  'name',
  'email',
  'phone',
  'experience',
  'current_company',
  'current_ctc',
  'expected_ctc',
  'notice_period',
  'current_location',
  'preferred_location',
  'notes',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (p: Person): Values =>
  Object.fromEntries(FIELDS.map((f) => [f, p[f] === null ? '' : String(p[f])])) as Values;

/** The body the route takes: what was typed, blanks as null (numbers go as typed; the server reads them). */
const bodyOf = (v: Values, version: number) => ({
  ...Object.fromEntries(FIELDS.map((f) => [f, v[f].trim() === '' ? null : v[f].trim()])),
  name: v.name,
  email: v.email.trim(),
  phone: v.phone.trim(),
  experience: v.experience,
  version,
});

/**
 * The person's fields and notes, saved on every application of theirs. The save names the version it
 * was opened at: a change made meanwhile is refused with the server's words (who changed what), and the
 * page then shows the person as they are now.
 */
export function PersonEditDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(person));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  // The version the form was opened at: the page behind it follows live changes, the form does not (a save
  // over a change made meanwhile is refused and said, never silently written over it).
  const [version, setVersion] = useState(person.version);
  const field = bindFields(values, errors, (key, value) => setValues((v) => ({ ...v, [key]: value })));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const body = bodyOf(values, version);
    const found = checkForm<Field>(PersonUpdate, body, {
      required: {
        name: CM.nameRequired,
        email: CM.emailRequired,
        phone: CM.phoneRequired,
        experience: CM.experienceRequired,
      },
    });
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return focusFirstInvalidField(form);
    setPending(true);
    try {
      const saved = await updatePerson(person.id, body as PersonUpdate);
      queryClient.setQueryData(peopleKeys.one(person.id), saved);
      toast.success(M.updated);
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
      ]);
    } catch (error) {
      const onField = serverFieldError(error, FIELDS);
      if (onField) {
        setErrors({ [onField.field]: onField.message });
        focusFirstInvalidField(form);
      } else setFormError((error as Error).message || M.updateFailed);
      // A stale version: the page shows the person as they are now, and a second save starts from there.
      const current = error instanceof ApiError ? (error.body as PersonConflictBody).current : undefined;
      if (current) {
        queryClient.setQueryData(peopleKeys.one(person.id), current);
        setVersion(current.version);
      }
    } finally {
      setPending(false);
    }
  }

  const L = CANDIDATE_LIMITS;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${person.name}`}
      className="modal-filter"
    >
      <form onSubmit={submit} noValidate aria-label="Edit person">
        <ErrorBanner message={formError} />
        <TextField label="Full Name" isRequired maxLength={L.name} {...field('name')} />
        <div className="form-row">
          <TextField label="Email" type="email" isRequired maxLength={L.email} {...field('email')} />
          <TextField label="Phone" type="tel" isRequired maxLength={L.phone} {...field('phone')} />
        </div>
        <div className="form-row">
          <NumberField label="Experience (years)" isRequired decimals min={0} {...field('experience')} />
          <TextField label="Current Company" maxLength={L.company} {...field('current_company')} />
        </div>
        <div className="form-row">
          <NumberField label="Current CTC (LPA)" decimals min={0} {...field('current_ctc')} />
          <NumberField label="Expected CTC (LPA)" decimals min={0} {...field('expected_ctc')} />
        </div>
        <div className="form-row">
          <NumberField label="Notice Period (days)" min={0} {...field('notice_period')} />
          <TextField label="Current Location" maxLength={L.location} {...field('current_location')} />
        </div>
        <TextField label="Preferred Location" maxLength={L.location} {...field('preferred_location')} />
        <TextField label="Notes" multiline rows={3} maxLength={L.notes} {...field('notes')} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            Cancel
          </Button>
          <Button type="submit">{pending ? 'Saving...' : 'Save Person'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
