import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '@portal/contracts';
import { Button, ErrorBanner, TextField } from '@portal/ui';
import { useSession } from '../../lib/session.ts';
import { signIn } from './signIn.ts';

/**
 * Username and password, 'Signing in...' while waiting, the server's message on failure. No client
 * checks: the server says what is missing.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (home: string) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const session = useSession();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      onSignedIn(await signIn(session, username, password));
    } catch (e) {
      setError((e as Error).message || AUTH_MESSAGES.loginFailed);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <ErrorBanner message={error} />
      <TextField
        label="Username"
        name="username"
        value={username}
        onChange={setUsername}
        autoComplete="username"
        autoFocus
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      {/* Never disabled: a disabled button drops focus out of the form (and out of the login modal, where
          Escape no longer reaches it); a second press while waiting is ignored by submit instead. */}
      <Button type="submit" className="btn-block">
        {pending ? AUTH_MESSAGES.signingIn : 'Sign In'}
      </Button>
    </form>
  );
}

/** The side panel and form together: the login modal and the two login pages show this. */
export function LoginPanel({ onSignedIn }: { onSignedIn: (home: string) => void }) {
  return (
    <div className="login-panel">
      <div className="login-side">
        <h2>Talent &amp; Property Portal</h2>
        <p>{AUTH_MESSAGES.welcomeBack}</p>
      </div>
      <div className="login-main">
        <LoginForm onSignedIn={onSignedIn} />
      </div>
    </div>
  );
}
