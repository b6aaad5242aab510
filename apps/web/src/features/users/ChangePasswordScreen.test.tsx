import { describe, expect, inject, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES, type LoginResponse } from '@portal/contracts';
import { employeeBody } from '../../../../../scripts/fixtures.ts';
import { adminApi, renderApp, uniqueTag } from '../../../test/render.tsx';

async function signedInEmployee() {
  const tag = uniqueTag('cpw');
  await adminApi('POST', '/api/users', employeeBody(tag, { username: tag, password: 'first-pass' }));
  const res = await fetch(`${inject('apiBase')}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: tag, password: 'first-pass' }),
  });
  return (await res.json()) as LoginResponse;
}

describe('Change password (signed-in user)', () => {
  it.each(['/pegawai/settings/change-password', '/pegawai/pengaturan/ubah-password'])(
    'at %s: needs all three fields, matching and long enough, then goes to the dashboard',
    async (path) => {
      const session = await signedInEmployee();
      const u = userEvent.setup();
      const { router } = renderApp(path, session);
      const form = within(await screen.findByRole('form', { name: 'Change password' }));
      await u.click(form.getByRole('button', { name: 'Update Password' }));
      expect(await form.findByText(PASSWORD_MESSAGES.currentRequired)).toBeTruthy();
      expect(form.getByText('New password is required')).toBeTruthy();
      await u.type(form.getByLabelText(/^Current password/), 'wrong-one');
      await u.type(form.getByLabelText(/^New password/), 'short');
      await u.type(form.getByLabelText(/^Confirm new password/), 'shorter');
      await u.click(form.getByRole('button', { name: 'Update Password' }));
      expect(await form.findByText(PASSWORD_MESSAGES.tooShort)).toBeTruthy();
      expect(form.getByText(PASSWORD_MESSAGES.mismatch)).toBeTruthy();
      await u.clear(form.getByLabelText(/^New password/));
      await u.type(form.getByLabelText(/^New password/), 'second-pass');
      await u.clear(form.getByLabelText(/^Confirm new password/));
      await u.type(form.getByLabelText(/^Confirm new password/), 'second-pass');
      await u.click(form.getByRole('button', { name: 'Update Password' }));
      // The server's word on a wrong current password, without signing the user out.
      expect((await form.findAllByText(PASSWORD_MESSAGES.currentWrong)).length).toBeGreaterThan(0);
      expect(router.state.location.pathname).toBe(path);
      await u.clear(form.getByLabelText(/^Current password/));
      await u.type(form.getByLabelText(/^Current password/), 'first-pass');
      await u.click(form.getByRole('button', { name: 'Update Password' }));
      expect(await screen.findByText(PASSWORD_MESSAGES.updated)).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pegawai/dashboard'));
    },
  );

  it("says the contract's word at the New password field for a password of only spaces", async () => {
    const session = await signedInEmployee();
    const u = userEvent.setup();
    renderApp('/pegawai/settings/change-password', session);
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    // Toasts left by the tests before this one (the store outlives a render) would read as a refusal.
    for (const dismiss of screen.queryAllByRole('button', { name: 'Dismiss' })) await u.click(dismiss);
    await u.type(form.getByLabelText(/^Current password/), 'first-pass');
    await u.type(form.getByLabelText(/^New password/), '        ');
    await u.type(form.getByLabelText(/^Confirm new password/), '        ');
    await u.click(form.getByRole('button', { name: 'Update Password' }));
    const field = form.getByLabelText(/^New password/).closest('.field') as HTMLElement;
    expect(await within(field).findByText(PASSWORD_MESSAGES.blank)).toBeTruthy();
    // Checked before sending: no refusal from the server above the form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes an admin back to the admin dashboard', async () => {
    const tag = uniqueTag('cpa');
    await adminApi(
      'POST',
      '/api/users',
      employeeBody(tag, { username: tag, password: 'admin-pass', role: 'admin' }),
    );
    const res = await fetch(`${inject('apiBase')}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tag, password: 'admin-pass' }),
    });
    const session = (await res.json()) as LoginResponse;
    const u = userEvent.setup();
    const { router } = renderApp('/admin/pengaturan/ubah-password', session);
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    await u.type(form.getByLabelText(/^Current password/), 'admin-pass');
    await u.type(form.getByLabelText(/^New password/), 'admin-pass-2');
    await u.type(form.getByLabelText(/^Confirm new password/), 'admin-pass-2');
    await u.click(form.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });
});
