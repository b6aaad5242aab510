import { Dialog } from '@portal/ui';
import { LoginPanel } from './LoginForm.tsx';

/** The landing page's login modal; its own chunk, loaded when a visitor opens it. */
export default function LoginDialog({
  onClose,
  onSignedIn,
}: {
  onClose: () => void;
  onSignedIn: (home: string) => void;
}) {
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title="Sign in" className="modal-wide">
      <LoginPanel onSignedIn={onSignedIn} />
    </Dialog>
  );
}
