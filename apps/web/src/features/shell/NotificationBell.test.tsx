import { afterAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_MESSAGES as N, type Candidate, type Job } from '@portal/contracts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import { createCandidate, createEmployee, createJob, uniqueName } from '../../../test/data.ts';

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
    made.candidate = await createCandidate(
      { job_id: made.job.id, name: uniqueName('Bell Cand') },
      teammate.token,
    );
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
    await waitFor(() => expect(screen.getByRole('button', { name: N.title })).toBeTruthy());
    expect(within(list).queryByRole('button', { name: `${N.markRead}: ${text}` })).toBeNull();
    expect(screen.getByText(N.none)).toBeTruthy();
    // Kept on the server: read again, it is read.
    const page = await adminApi<{ items: { text: string; readAt: string | null }[]; unread: number }>(
      'GET',
      '/api/notifications',
    );
    expect(page.items.find((n) => n.text === text)?.readAt).toEqual(expect.any(String));
  });
});
