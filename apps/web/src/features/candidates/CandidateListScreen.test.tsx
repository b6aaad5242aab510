import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { configureLive } from '../../lib/live.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M, type Candidate, type Job } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import {
  createCandidate,
  createEmployee,
  createJob,
  rejectCandidateByApi,
  setCandidateStatus,
  uniqueName,
} from '../../../test/data.ts';

// Candidates of our own on the shared test server, found by a word only their names carry.
const word = uniqueName('list');
const LIST = '/admin/recruitments/candidates';
let job: Job;
let alpha: Candidate;
let beta: Candidate;
let gamma: Candidate;

beforeAll(async () => {
  job = await createJob({ title: `${word} Job` });
  alpha = await createCandidate({ job_id: job.id, name: `${word} Alpha`, source: 'LinkedIn', experience: 2 });
  beta = await createCandidate({ job_id: job.id, name: `${word} Beta`, source: 'Naukri', experience: 9 });
  gamma = await rejectCandidateByApi(
    await createCandidate({ job_id: job.id, name: `${word} Gamma`, source: 'Direct' }),
  );
});

const names = () =>
  screen
    .queryAllByRole('row')
    .map((r) => r.querySelector('td strong')?.textContent)
    .filter((n): n is string => Boolean(n))
    .map((n) => n.replace(`${word} `, ''))
    .sort();

async function showsOnly(expected: string[]) {
  await waitFor(() => expect(names()).toEqual(expected));
}

describe('candidate list', () => {
  it('searches as one types and keeps the search in the URL', async () => {
    const { router } = renderApp(`${LIST}?search=${word}`, asAdmin());
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getByText(/Showing 1-3 of 3 Candidates/)).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search candidates' });
    await userEvent.clear(search);
    await userEvent.type(search, `${word} Be`);
    await showsOnly(['Beta']);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: `${word} Be` }));
  });

  it('filters by source from the filter panel', async () => {
    const { router } = renderApp(`${LIST}?search=${word}`, asAdmin());
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = await screen.findByRole('dialog', { name: 'Filter Candidates' });
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'LinkedIn' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await showsOnly(['Alpha']);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ sources: ['LinkedIn'] });
  });

  it('changes a status at once, and locks a rejected row', async () => {
    renderApp(`${LIST}?search=${word}`, asAdmin());
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
    expect(screen.queryByRole('combobox', { name: `Status of ${gamma.name}` })).toBeNull();
    const gammaRow = screen.getByText(gamma.name).closest('tr')!;
    expect(within(gammaRow).getByText('Rejected')).toBeTruthy();

    const status = screen.getByRole('combobox', { name: `Status of ${alpha.name}` }) as HTMLSelectElement;
    await userEvent.selectOptions(status, 'screening');
    expect(await screen.findByText(M.statusUpdated('screening'))).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: `Status of ${alpha.name}` }) as HTMLSelectElement).value,
      ).toBe('screening'),
    );
  });

  it('opens the rejection dialog for "rejected": Cancel keeps the status, confirm rejects', async () => {
    renderApp(`${LIST}?search=${word}`, asAdmin());
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
    const status = () =>
      screen.getByRole('combobox', { name: `Status of ${beta.name}` }) as HTMLSelectElement;
    await userEvent.selectOptions(status(), 'rejected');
    let dialog = await screen.findByRole('dialog', { name: 'Reject Candidate' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(status().value).toBe('applied');

    await userEvent.selectOptions(status(), 'rejected');
    dialog = await screen.findByRole('dialog', { name: 'Reject Candidate' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Rejection Reason/ }),
      'Cultural Fit',
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Rejection Stage/ }),
      'HR Round',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Comments/ }), 'Team fit concerns');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Candidate' }));
    expect(await screen.findByText(M.rejected)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: `Status of ${beta.name}` })).toBeNull(),
    );
  });

  it("on a stale change says who moved it first and shows the candidate's new status", async () => {
    // With the live connection down (else the row would take the change by itself before the click).
    const live = configureLive({ url: 'http://127.0.0.1:9', token: () => null });
    onTestFinished(() => void configureLive(live));
    const delta = await createCandidate({ job_id: job.id, name: `${word} Delta` });
    renderApp(`${LIST}?search=${word} Delta`, asAdmin());
    await showsOnly(['Delta']);
    // Someone else moves the candidate after this screen loaded it.
    await setCandidateStatus(delta, 'interviewed');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: `Status of ${delta.name}` }),
      'selected',
    );
    expect(await screen.findByText(/changed this candidate's status to interviewed/)).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: `Status of ${delta.name}` }) as HTMLSelectElement).value,
      ).toBe('interviewed'),
    );
  });

  it('disables Export Excel when nothing matches', async () => {
    renderApp(`${LIST}?search=${word}nothing`, asAdmin());
    expect(await screen.findByText(M.noCandidates)).toBeTruthy();
    expect(screen.getByText(M.adjustFilters)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Excel' }).hasAttribute('disabled')).toBe(true);
  });

  it('titles the employee list My Candidates and shows Edit only to the creator', async () => {
    const employee = await createEmployee('List Tester');
    renderApp(`/employee/recruitments/candidates?search=${word}`, employee);
    expect(await screen.findByRole('heading', { name: 'My Candidates' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading candidates...')).toBeNull());
    expect(screen.queryByRole('link', { name: `Edit ${alpha.name}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete ${alpha.name}` })).toBeNull();
  });
});
