import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REALTIME_MESSAGES } from '@portal/contracts';
import { renderApp } from '../../../test/render.tsx';
import { createEmployee } from '../../../test/data.ts';
import { liveSocket } from '../../lib/live.ts';

/**
 * The admin resets a user's password. Not through fetch: while a screen is signed in, the test setup's
 * fetch sends that screen's token on every call, and this one must come from the admin.
 */
function resetPasswordAsAdmin(userId: number): Promise<number> {
  const body = JSON.stringify({ newPassword: 'Another-pass-123' });
  return new Promise((done, fail) => {
    const req = request(
      `${inject('apiBase')}/api/users/${userId}/password`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${inject('adminToken')}`, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

describe('live connection notice', () => {
  it('says an employee was signed out when an admin resets their password, and offers the sign-in', async () => {
    const employee = await createEmployee('Reset Soon');
    const { router } = renderApp('/pegawai/dashboard', employee);
    await waitFor(() => expect(liveSocket().connected).toBe(true));

    expect(await resetPasswordAsAdmin(employee.user.id)).toBe(200);

    // The open tab is told at once, and does not say it is reconnecting.
    expect(await screen.findByText(REALTIME_MESSAGES.signedOut)).toBeTruthy();
    expect(screen.queryByText(REALTIME_MESSAGES.offline)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: REALTIME_MESSAGES.signInAgain }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pegawai/login'));
  });
});
