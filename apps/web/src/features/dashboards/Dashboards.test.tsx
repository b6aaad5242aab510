import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_MESSAGES as D } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import {
  createCandidate,
  createEmployee,
  createJob,
  setCandidateStatus,
  uniqueName,
} from '../../../test/data.ts';

/** The figure a stat card shows, as a number. */
async function figure(label: string): Promise<number> {
  const card = (await screen.findByText(label, { selector: '.stat-label' })).closest('.stat-card')!;
  return Number(
    within(card as HTMLElement)
      .getByText(/^[\d,.]+%?$/)
      .textContent!.replace(/[,%]/g, ''),
  );
}

describe('the recruitment dashboard', () => {
  it('shows the four cards, both charts as tables for screen readers, and rises live with a new candidate', async () => {
    const job = await createJob({ title: uniqueName('Dash') });
    renderApp('/admin/dashboard', asAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Recruitment Dashboard' })).toBeTruthy();
    for (const label of [D.activeJobs, D.selectedCandidates, D.rejectedCandidates]) await figure(label);
    const before = await figure(D.totalCandidates);

    const statusTable = screen.getByRole('table', { name: D.statusChart });
    expect(within(statusTable).getByRole('rowheader', { name: 'Applied' })).toBeTruthy();
    expect(screen.getByRole('table', { name: D.sourceChart })).toBeTruthy();
    expect(screen.getByRole('heading', { name: D.recentActivities })).toBeTruthy();

    // Another user adds a candidate: the figures follow without a reload (dashboard:stats).
    const name = uniqueName('Live Person ');
    await createCandidate({ name, job_id: job.id });
    await waitFor(async () => expect(await figure(D.totalCandidates)).toBe(before + 1), { timeout: 5000 });
    expect(await screen.findByText(D.newCandidate(name, job.title))).toBeTruthy();
  });
});

describe('the employee dashboard', () => {
  it("shows the employee's block, their candidates' stats and a success rate with one decimal", async () => {
    const employee = await createEmployee(uniqueName('Dash Employee '));
    const job = await createJob({ title: uniqueName('DashJob') });
    const mine = [
      await createCandidate({ name: uniqueName('Mine A '), job_id: job.id }, employee.token),
      await createCandidate({ name: uniqueName('Mine B '), job_id: job.id }, employee.token),
      await createCandidate({ name: uniqueName('Mine C '), job_id: job.id }, employee.token),
    ];
    await setCandidateStatus(mine[0]!, 'selected');
    renderApp('/pegawai/dashboard', employee);
    expect(await screen.findByText(employee.user.email)).toBeTruthy();
    await waitFor(async () => expect(await figure(D.successRate)).toBe(33.3));
    expect(screen.getByText('33.3%')).toBeTruthy();
    const stats = screen.getByRole('region', { name: D.candidateStats });
    expect(within(stats).getByText('Pending').nextSibling?.textContent).toBe('2');
    expect(within(stats).getByText('Selected').nextSibling?.textContent).toBe('1');
    const positions = screen.getByRole('region', { name: D.openPositions });
    const link = within(positions).getByRole('link', { name: job.title });
    expect(link.getAttribute('href')).toBe(`/employee/recruitments/job-management/details/${job.id}`);

    // One view: each figure once, one activity list, no second dashboard stacked below.
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(activity).getByRole('link', { name: mine[1]!.name })).toBeTruthy();
    expect(within(activity).getAllByText('Selected').length).toBe(1);
    expect(screen.queryByText(D.activeJobs)).toBeNull();
    expect(screen.queryByText(D.recentActivities)).toBeNull();
    expect(screen.queryByText(D.statusChart)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      D.candidateStats,
      D.openPositions,
      'Recent Activity',
    ]);

    // Someone else selects another of their candidates: the stats follow without a reload.
    await setCandidateStatus(mine[1]!, 'selected');
    await waitFor(() => expect(within(stats).getByText('Selected').nextSibling?.textContent).toBe('2'), {
      timeout: 5000,
    });
    expect(within(stats).getByText('Pending').nextSibling?.textContent).toBe('1');
  });
});
