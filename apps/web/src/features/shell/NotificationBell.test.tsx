import { request } from 'node:http';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_MESSAGES as N, type Candidate, type Job } from '@portal/contracts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import { createEmployee, createJob, uniqueName, uniquePhone } from '../../../test/data.ts';

/**
 * A call as another user, past the test's fetch (which signs every call in as the rendered app's user,
 * so that the app's own refetches would go as the teammate meanwhile).
 */
function postAs<T>(token: string, path: string, body: unknown): Promise<T> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${inject('apiBase')}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          res.statusCode && res.statusCode < 300 ? resolve(JSON.parse(text) as T) : reject(new Error(text)),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const made: { candidate?: Candidate; job?: Job } = {};
afterAll(async () => {
  if (made.candidate) await adminApi('DELETE', `/api/candidates/${made.candidate.uuid}`).catch(() => {});
  if (made.job) await adminApi('DELETE', `/api/jobs/${made.job.id}`).catch(() => {});
  await adminApi('POST', '/api/notifications/read-all');
});

describe('the bell', () => {
  it('counts unread notifications, shows a new one live with its link, and marks it read', async () => {
    made.job = await createJob({ title: uniqueName('Bell Role'), status: 'active' });
    await adminApi('POST', '/api/notifications/read-all');
    renderApp('/admin/dashboard', asAdmin());
    const bell = await screen.findByRole('button', { name: N.title });
    expect(bell.textContent).not.toMatch(/\d/);

    // A teammate adds a candidate to the admin's job: the admin's bell hears of it at once.
    const teammate = await createEmployee('Bell Teammate');
    made.candidate = await postAs<Candidate>(teammate.token, '/api/candidates', {
      name: uniqueName('Bell Cand'),
      email: `${uniqueName('bell').toLowerCase()}@example.com`,
      phone: uniquePhone(),
      experience: 3,
      source: 'Direct',
      job_id: made.job.id,
    });
    const text = N.candidateAdded('Bell Teammate', made.candidate.name, made.job.title);
    const counted = await screen.findByRole(
      'button',
      { name: `${N.title}, ${N.unreadLabel(1)}` },
      { timeout: 5000 },
    );
    expect(counted.textContent).toContain('1');

    await userEvent.click(counted);
    const list = await screen.findByRole('list', { name: N.title });
    const link = within(list).getByRole('link', { name: new RegExp(text) });
    expect(link.getAttribute('href')).toBe(`/admin/recruitments/candidates/${made.candidate.uuid}`);
    await userEvent.click(within(list).getByRole('button', { name: `${N.markRead}: ${text}` }));
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: `${N.markRead}: ${text}` })).toBeNull(),
    );
    expect(screen.getByText(N.none)).toBeTruthy();
    // The bell's count is gone (its button may sit behind the open panel for assistive technology).
    expect(await screen.findByRole('button', { name: N.title, hidden: true })).toBeTruthy();
    expect(document.querySelector('.bell-badge')).toBeNull();
    // Kept on the server: read again, it is read.
    const page = await adminApi<{ items: { text: string; readAt: string | null }[]; unread: number }>(
      'GET',
      '/api/notifications',
    );
    expect(page.items.find((n) => n.text === text)?.readAt).toEqual(expect.any(String));
  }, 60_000);
});
