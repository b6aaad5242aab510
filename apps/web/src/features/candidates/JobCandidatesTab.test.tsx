import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M, SHARE_TEXTS, type Candidate, type Job } from '@portal/contracts';
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

  it('previews the share (to whom, from whom, which candidates), sends on confirm and keeps a record', async () => {
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
    // Nothing is sent until the preview is confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Share shortlisted candidates' });
    expect(within(dialog).getByText(`${busy.clientName} <${busy.clientEmail}>`)).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: shortlisted.name })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send 1 to client' }));
    // The test app has no mail server: the mail waits in the outbox, and the toast says so, not "shared".
    expect(await screen.findByText(M.sharedQueued(1))).toBeTruthy();
    expect(screen.queryByText(M.shared(1))).toBeNull();
    // The links it sent are shown once, then the dialog is closed.
    const result = await screen.findByRole('dialog', { name: SHARE_TEXTS.resultTitle });
    await userEvent.click(within(result).getByRole('button', { name: SHARE_TEXTS.done }));
    expect(await screen.findByText('Shared')).toBeTruthy();
    expect(shortlisted.shared_with_client).toBe(false);

    // The record says what was sent, and a second share leaves the candidate out until ticked.
    await userEvent.click(screen.getByText('Sent to the client'));
    expect(await screen.findByText(`Sent 1 to ${busy.clientName} <${busy.clientEmail}>`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Share Shortlisted' }));
    const again = await screen.findByRole('dialog', { name: 'Share shortlisted candidates' });
    const box = within(again).getByRole('checkbox', {
      name: new RegExp(`${shortlisted.name} \\(already sent`),
    });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(within(again).getByRole('button', { name: 'Send 0 to client' })).toHaveProperty('disabled', true);
    await userEvent.click(box);
    expect(within(again).getByText(M.shareAgain([shortlisted.name]))).toBeTruthy();
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when no candidate matches', async () => {
    renderApp(`/admin/recruitments/job-management/${quiet.id}/candidates`, asAdmin());
    await screen.findByText(/Showing 1-1 of 1 Candidates/);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search candidates' }), 'zzznobody');
    expect(await screen.findByText(M.noCandidates)).toBeTruthy();
    expect(screen.getByText(M.adjustFilters)).toBeTruthy();
  });

  it('keeps its list in the URL: a search typed is in the address, and an address opens the tab so filtered', async () => {
    const { router } = renderApp(`/admin/recruitments/job-management/${busy.id}/candidates`, asAdmin());
    await screen.findByText(/Showing 1-2 of 2 Candidates/);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search candidates' }), shortlisted.name);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ cSearch: shortlisted.name }));
    expect(await screen.findByText(/Showing 1-1 of 1 Candidates/)).toBeTruthy();
    // Another tab and back: the search is still there.
    await userEvent.click(screen.getByRole('tab', { name: 'Job Details' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'details' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Candidates' }));
    expect(await screen.findByText(/Showing 1-1 of 1 Candidates/)).toBeTruthy();
    // A filter of the board leaves the list's search where it was.
    await userEvent.click(screen.getByRole('tab', { name: 'Pipeline' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Filters/ }));
    await userEvent.type(await screen.findByRole('spinbutton', { name: 'Minimum experience (years)' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ experienceMin: 1, cSearch: shortlisted.name }),
    );

    const opened = renderApp(
      `/admin/recruitments/job-management/${busy.id}/candidates?cSearch=zzznobody`,
      asAdmin(),
    );
    expect(await within(opened.container).findByText(M.noCandidates)).toBeTruthy();
  });
});
