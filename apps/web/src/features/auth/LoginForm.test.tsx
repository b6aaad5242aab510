import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, STORAGE_KEYS } from '@portal/contracts';
import { LoginPanel } from './LoginForm.tsx';

describe('login modal', () => {
  it('shows the welcome side panel', () => {
    render(<LoginPanel onSignedIn={() => {}} />);
    expect(screen.getByText(AUTH_MESSAGES.welcomeBack)).toBeTruthy();
  });

  it("shows 'Signing in...' while waiting, then lands the admin on the admin dashboard", async () => {
    const onSignedIn = vi.fn();
    render(<LoginPanel onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: AUTH_MESSAGES.signingIn })).toBeTruthy();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/admin/dashboard'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      username: 'admin',
      role: 'admin',
    });
  });

  it("shows the server's message for a wrong password and stays signed out", async () => {
    const onSignedIn = vi.fn();
    render(<LoginPanel onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it("runs no client checks: an empty form shows the server's message", async () => {
    render(<LoginPanel onSignedIn={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Username is required');
  });
});
