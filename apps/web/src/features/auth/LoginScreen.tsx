import { useNavigate } from '@tanstack/react-router';
import { LoginPanel } from './LoginForm.tsx';

/** `/admin/login` and `/pegawai/login`: the same sign-in as the modal, as a page. */
export function LoginScreen() {
  const navigate = useNavigate();
  return (
    <main className="login-page">
      <div className="card login-card">
        <h1 className="page-title">Sign in</h1>
        <LoginPanel onSignedIn={(home) => void navigate({ to: home })} />
      </div>
    </main>
  );
}
