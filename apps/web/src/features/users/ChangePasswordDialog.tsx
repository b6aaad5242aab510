import { PASSWORD_MESSAGES, type User } from '@portal/contracts';
import { Dialog } from '@portal/ui';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';

/**
 * The edit-user screen's change-password dialog: an admin sets a new password (at least 6 characters,
 * typed twice); for their own account the current one is asked too.
 */
export function ChangePasswordDialog({
  isOpen,
  onClose,
  user,
  isSelf,
}: {
  isOpen: boolean;
  onClose: () => void;
  user: User;
  isSelf: boolean;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={`Change password for ${user.name}`}
    >
      <PasswordChangeForm
        userId={user.id}
        askCurrent={isSelf}
        tooShortMessage={PASSWORD_MESSAGES.newTooShort}
        onDone={onClose}
        onCancel={onClose}
      />
    </Dialog>
  );
}
