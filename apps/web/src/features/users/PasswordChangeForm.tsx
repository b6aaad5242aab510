import { useState, type FormEvent } from 'react';
import { FIELD_LIMITS, PASSWORD_MESSAGES } from '@portal/contracts';
import { Button, ErrorBanner, PasswordField, toast } from '@portal/ui';
import { changePassword } from './api.ts';

export interface PasswordChangeFormProps {
  userId: number;
  /** Your own password: the current one is asked for (the server insists). */
  askCurrent: boolean;
  /** The spec words the length rule differently in the admin's dialog and the own-password screen. */
  tooShortMessage: string;
  onDone: () => void;
  onCancel: () => void;
  className?: string;
}

/** Current (when it is yours), new and confirmation; the rules of spec 1 §5 (New password). */
export function PasswordChangeForm({
  userId,
  askCurrent,
  tooShortMessage,
  onDone,
  onCancel,
  className,
}: PasswordChangeFormProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);

  function check() {
    const found: typeof errors = {};
    if (askCurrent && !current) found.current = PASSWORD_MESSAGES.currentRequired;
    if (!next) found.next = 'New password is required';
    else if (next.length < FIELD_LIMITS.passwordMin) found.next = tooShortMessage;
    if (!confirm) found.confirm = 'Please confirm the new password';
    else if (next && next !== confirm) found.confirm = PASSWORD_MESSAGES.mismatch;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = check();
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await changePassword(
        userId,
        askCurrent ? { currentPassword: current, newPassword: next } : { newPassword: next },
      );
      toast.success(PASSWORD_MESSAGES.updated);
      onDone();
    } catch (e) {
      const message = (e as Error).message || PASSWORD_MESSAGES.updateFailed;
      setFormError(message);
      toast.error(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change password" className={className}>
      <ErrorBanner message={formError} />
      {askCurrent ? (
        <PasswordField
          label="Current password"
          name="currentPassword"
          value={current}
          onChange={setCurrent}
          isRequired
          autoComplete="current-password"
          errorMessage={errors.current}
        />
      ) : null}
      <PasswordField
        label="New password"
        name="newPassword"
        value={next}
        onChange={setNext}
        isRequired
        description={`At least ${FIELD_LIMITS.passwordMin} characters`}
        errorMessage={errors.next}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        value={confirm}
        onChange={setConfirm}
        isRequired
        errorMessage={errors.confirm}
      />
      <div className="form-actions">
        <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
          Cancel
        </Button>
        <Button type="submit">{pending ? 'Updating...' : 'Update Password'}</Button>
      </div>
    </form>
  );
}
