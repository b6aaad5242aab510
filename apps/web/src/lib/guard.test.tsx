import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { GENERAL_MESSAGES } from '@portal/contracts';
import { guardRedirect } from './session.ts';
import { ADMIN_USER, renderApp } from '../../test/render.tsx';

describe('guardRedirect: each role to its own screens, visitors to sign-in', () => {
  it.each([
    [null, ['admin'], '/'],
    [{ role: 'admin' }, ['admin'], null],
    [{ role: 'ADMIN' }, ['admin'], null],
    [{ role: 'user' }, ['admin'], '/pegawai/dashboard'],
    [{ role: 'admin' }, ['user'], '/'],
    [{ role: 'manager' }, ['user'], '/'],
    [{ role: 'User' }, ['user'], null],
  ] as const)('user %j allowed %j goes to %s', (user, allowed, expected) => {
    expect(guardRedirect(user as never, [...allowed])).toBe(expected);
  });
});

describe('route guard in the app', () => {
  it('sends a visitor with no stored user from an admin page to the home page', async () => {
    const { router } = renderApp('/admin/recruitments/skill-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: /Welcome to the Talent/ })).toBeTruthy();
  });

  it('sends an employee who opens an admin URL to /pegawai/dashboard', async () => {
    const { router } = renderApp('/admin/recruitments/skill-management', {
      user: { ...ADMIN_USER, id: 2, username: 'emp', role: 'user' },
      token: 'none',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pegawai/dashboard'));
  });

  it('sends an admin who opens an employee URL to the home page', async () => {
    const { router } = renderApp('/employee/recruitments/skill-management', {
      user: ADMIN_USER,
      token: 'none',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText(GENERAL_MESSAGES.notFoundPage)).toBeTruthy();
    expect(screen.getByRole('link', { name: GENERAL_MESSAGES.backToHome }).getAttribute('href')).toBe('/');
  });
});
