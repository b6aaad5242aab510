import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M, type Candidate, type Job } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { createCandidate, createJob, setCandidateStatus, uniqueName } from '../../../test/data.ts';

let quiet: Job;
let busy: Job;
let shortlisted: Candidate;

beforeAll(async () => {
  quiet = await createJob({ title: uniqueName('quiet') });
  busy = await createJob({ title: uniqueName('busy') });
  await createCandidate({ job_id: quiet.id });
  await createCandidate({ job_id: busy.id, source: 'Naukri' });
  shortlisted = await setCandidateStatus(
    await createCandidate({ job_id: busy.id, source: 'Referral' }),
    'shortlisted',
  );
});

describe("a job's Candidates tab", () => {
  it('shows Share Shortlisted only when the filtered list holds a shortlisted candidate', async () => {
    renderApp(`/admin/recruitments/job-management/${quiet.id}/candidates`, asAdmin());
    expect(await screen.findByText(/Showing 1-1 of 1 Candidates/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share Shortlisted' })).toBeNull();
  });

  it('shares the shortlisted candidates and says how many', async () => {
    renderApp(`/admin/recruitments/job-management/${busy.id}/candidates`, asAdmin());
    const share = await screen.findByRole('button', { name: 'Share Shortlisted' });
    // Filtered down to the Naukri candidate, the list holds nobody shortlisted.
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Naukri' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Share Shortlisted' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Share Shortlisted' }));
    expect(share).toBeTruthy();
    expect(await screen.findByText(M.shared(1))).toBeTruthy();
    expect(await screen.findByText('Shared')).toBeTruthy();
    expect(shortlisted.shared_with_client).toBe(false);
  });

  it('says so when no candidate matches', async () => {
    renderApp(`/admin/recruitments/job-management/${quiet.id}/candidates`, asAdmin());
    await screen.findByText(/Showing 1-1 of 1 Candidates/);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search candidates' }), 'zzznobody');
    expect(await screen.findByText(M.noCandidates)).toBeTruthy();
    expect(screen.getByText(M.adjustFilters)).toBeTruthy();
  });
});
