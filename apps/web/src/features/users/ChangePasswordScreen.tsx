import { useNavigate } from '@tanstack/react-router';
import { PASSWORD_MESSAGES } from '@portal/contracts';
import { HOME_OF, normalizeRole, useSessionUser } from '../../lib/session.ts';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';

/**
 * Change password for the signed-in user (Change password): all three fields, at least 6
 * characters; success goes to the user's own dashboard. Other sessions of the account end.
 */
export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const role = normalizeRole(user?.role);
  const home = role ? HOME_OF[role] : '/';
  if (!user) return null;
  return (
    <section className="page">
      <h1 className="page-title">Change Password</h1>
      <p className="muted page-intro">Your other signed-in devices will be signed out.</p>
      <div className="card form-card">
        <PasswordChangeForm
          userId={user.id}
          askCurrent
          tooShortMessage={PASSWORD_MESSAGES.tooShort}
          onDone={() => void navigate({ to: home })}
          onCancel={() => void navigate({ to: home })}
        />
      </div>
    </section>
  );
}
