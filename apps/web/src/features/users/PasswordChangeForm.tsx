import { useState, type FormEvent } from 'react';
import { FIELD_LIMITS, PASSWORD_MESSAGES, PasswordChange } from '@portal/contracts';
import { Button, ErrorBanner, PasswordField, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { changePassword } from './api.ts';

export interface PasswordChangeFormProps {
  userId: number;
  /** Your own password: the current one is asked for (the server insists). */
  askCurrent: boolean;
  /** The requirements word the length rule differently in the admin's dialog and the own-password screen. */
  tooShortMessage: string;
  onDone: () => void;
  onCancel: () => void;
  className?: string;
}

/** Current (when it is yours), new and confirmation; the New password rules of the user form. */
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

  /** The body the route takes: the current password only when it is yours. */
  const body = () => (askCurrent ? { currentPassword: current, newPassword: next } : { newPassword: next });

  /** The contract the route checks (length, not only spaces), then the confirmation, which only the form has. */
  function check() {
    const found = checkForm<'currentPassword' | 'newPassword'>(PasswordChange, body(), {
      required: {
        ...(askCurrent ? { currentPassword: PASSWORD_MESSAGES.currentRequired } : {}),
        newPassword: PASSWORD_MESSAGES.newRequired,
      },
    });
    const tooShort = found.newPassword === PASSWORD_MESSAGES.tooShort;
    return {
      current: found.currentPassword,
      next: tooShort ? tooShortMessage : found.newPassword,
      confirm: !confirm
        ? PASSWORD_MESSAGES.confirmRequired
        : next && next !== confirm
          ? PASSWORD_MESSAGES.mismatch
          : undefined,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = check();
    setErrors(found);
    setFormError(undefined);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    try {
      await changePassword(userId, body());
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
