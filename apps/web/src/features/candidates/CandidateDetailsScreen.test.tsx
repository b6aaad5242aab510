import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CANDIDATE_MESSAGES as M, type Candidate } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import {
  createCandidate,
  createEmployee,
  createJob,
  rejectCandidateByApi,
  setCandidateStatus,
  uniqueName,
} from '../../../test/data.ts';

let moved: Candidate;
let rejected: Candidate;

beforeAll(async () => {
  const job = await createJob({
    title: uniqueName('details'),
    questions: ['Why us?'],
    interviewRounds: ['Shortlisting', 'Technical Round 2', 'HR Round'],
  });
  const made = await createCandidate({
    job_id: job.id,
    job_answers: { 'Why us?': 'The product' },
    current_ctc: 12,
    notice_period: 30,
  });
  moved = await setCandidateStatus(await setCandidateStatus(made, 'screening'), 'shortlisted');
  rejected = await rejectCandidateByApi(
    await createCandidate({ job_id: job.id, job_answers: { 'Why us?': 'Pay' } }),
  );
});

describe('candidate details', () => {
  it('shows the profile, the answers, the pipeline and the history, newest first', async () => {
    renderApp(`/admin/recruitments/candidates/${moved.uuid}`, asAdmin());
    expect(await screen.findByRole('heading', { name: moved.name, level: 1 })).toBeTruthy();
    expect(screen.getByText('The product')).toBeTruthy();
    expect(screen.getByText('₹12 LPA')).toBeTruthy();
    expect(screen.getByText('30 days')).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Interview pipeline' });
    // The job's own rounds, not a fixed list.
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Shortlisting', '2Technical Round 2', '3HR Round']);
    expect(within(steps).getByText('Shortlisting').closest('li')!.getAttribute('aria-current')).toBe('step');
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(history[0]!.textContent).toContain('Screening → Shortlisted');
    expect(history[1]!.textContent).toContain('Applied → Screening');
  });

  it('shows the rejection details of a rejected candidate, without a status menu', async () => {
    renderApp(`/admin/recruitments/candidates/${rejected.uuid}`, asAdmin());
    expect(await screen.findByRole('heading', { name: 'Rejection Details' })).toBeTruthy();
    expect(screen.getAllByText('Skills Mismatch').length).toBeGreaterThan(0);
    expect(screen.queryByRole('combobox', { name: `Status of ${rejected.name}` })).toBeNull();
  });

  it("opens by number on the employee route, with Edit for the candidate's creator", async () => {
    const employee = await createEmployee('Details Tester');
    const job = await createJob({ title: uniqueName('empdetails') });
    const mine = await createCandidate({ job_id: job.id }, employee.token);
    renderApp(`/employee/recruitments/candidates/${mine.id}`, employee);
    expect(await screen.findByRole('heading', { name: mine.name, level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Candidate' }).getAttribute('href')).toBe(
      `/employee/recruitments/candidates/edit/${mine.id}`,
    );
    expect(screen.getByRole('combobox', { name: `Status of ${mine.name}` })).toBeTruthy();
  });

  it('names the creator, the rejecter and who changed the status by their names, not their usernames', async () => {
    const employee = await createEmployee('Meera Iyer');
    const job = await createJob({ title: uniqueName('names') });
    const made = await rejectCandidateByApi(
      await createCandidate({ job_id: job.id }, employee.token),
      employee.token,
    );
    renderApp(`/admin/recruitments/candidates/${made.uuid}`, asAdmin());
    expect(await screen.findByRole('heading', { name: 'Rejection Details' })).toBeTruthy();
    const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(valueOf('Created By')).toBe('Meera Iyer');
    expect(valueOf('Rejected By')).toBe('Meera Iyer');
    const history = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(history[0]!.textContent).toContain('by Meera Iyer');
    expect(document.body.textContent).not.toContain(employee.user.username);
  });

  it('says Candidate not found, with a way back', async () => {
    const { router } = renderApp(
      '/admin/recruitments/candidates/00000000-0000-4000-8000-000000000000',
      asAdmin(),
    );
    expect(await screen.findByRole('heading', { name: M.notFound, level: 1 })).toBeTruthy();
    // The way back leads to the list. (Followed through the router: under jsdom, a link that the live
    // connection's re-render replaces mid-click would be followed as a page load, which jsdom cannot do.)
    const back = screen.getByRole('link', { name: M.backToCandidates });
    expect(back.getAttribute('href')).toBe('/admin/recruitments/candidates');
    await router.navigate({ to: back.getAttribute('href')! });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/recruitments/candidates'));
    expect(await screen.findByRole('heading', { name: 'Candidates' })).toBeTruthy();
  });
});
