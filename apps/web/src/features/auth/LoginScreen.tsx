import { useNavigate } from '@tanstack/react-router';
import { LoginPanel } from './LoginForm.tsx';

/** `/admin/login` and `/pegawai/login`: the same sign-in as the modal, as a page (inside the public layout's main). */
export function LoginScreen() {
  const navigate = useNavigate();
  return (
    <div className="login-page">
      <div className="card login-card">
        <h1 className="page-title">Sign in</h1>
        <LoginPanel onSignedIn={(home) => void navigate({ to: home })} />
      </div>
    </div>
  );
}
