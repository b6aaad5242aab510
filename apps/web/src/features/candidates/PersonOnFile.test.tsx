import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M, type Candidate, type Job } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import {
  addApplication,
  candidateDetails,
  createCandidate,
  createEmployee,
  createJob,
  setCandidateStatus,
  uniqueName,
  uniquePhone,
} from '../../../test/data.ts';

const ADD = '/admin/recruitments/candidates/add';
const ADMIN_DETAILS = '/admin/recruitments/candidates';
let first: Job;
let second: Job;

beforeAll(async () => {
  const word = uniqueName('onfile');
  first = await createJob({ title: `${word} Platform Engineer`, questions: ['Why this role?'] });
  second = await createJob({ title: `${word} Data Engineer` });
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });

/** Fills the add form with a new name, the e-mail of someone on file, and the job; then saves. */
async function addAgain(existing: Candidate, job: Job) {
  await userEvent.type(await screen.findByRole('textbox', { name: /^Full Name/ }), 'Typed Again');
  await userEvent.type(box(/^Email/), existing.email);
  await userEvent.type(box(/^Phone/), uniquePhone());
  await userEvent.type(screen.getByRole('spinbutton', { name: /^Experience/ }), '3');
  await chooseJob(job);
  if (job.questions.length > 0) await userEvent.type(box(/^Why this role\?/), 'Growth');
  await userEvent.click(screen.getByRole('button', { name: 'Add Candidate' }));
}

async function chooseJob(job: Job) {
  const select = await screen.findByRole('combobox', { name: /^Job Position/ });
  await within(select).findByRole('option', { name: job.title });
  await userEvent.selectOptions(select, String(job.id));
}

const onFirst = () => createCandidate({ job_id: first.id, job_answers: { 'Why this role?': 'Scale' } });

describe('a person on file, added from the candidate form', () => {
  it('offers to add the person found to the chosen job, and adds them with the form’s source and notes', async () => {
    const existing = await onFirst();
    const { router } = renderApp(ADD, asAdmin());
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Source' }), 'Referral');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Referred By' }), 'Asha Rao');
    await userEvent.type(box('Notes'), 'Strong on pipelines');
    await addAgain(existing, second);

    // The spec's message still stops the save; beside it, who is on file and where.
    expect(await screen.findAllByText(/already exists/)).not.toHaveLength(0);
    const offer = await screen.findByRole('region', { name: `${existing.name} on file` });
    const jobs = within(offer).getByRole('list', { name: `Applications of ${existing.name}` });
    const link = within(jobs).getByRole('link', { name: first.title });
    expect(link.getAttribute('href')).toBe(`${ADMIN_DETAILS}/${existing.uuid}`);
    expect(within(jobs).getByText('Applied')).toBeTruthy();

    await userEvent.click(
      within(offer).getByRole('button', { name: `Add ${existing.name} to ${second.title}` }),
    );
    expect(await screen.findByText(M.added)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_DETAILS));

    // One person, now in both jobs; the new application has the form's source, referral and notes.
    const { applications } = await candidateDetails(existing.uuid);
    expect(applications.map((a) => a.jobId)).toEqual([first.id, second.id]);
    const added = await candidateDetails(applications[1]!.uuid);
    expect(added).toMatchObject({
      person_id: existing.person_id,
      name: existing.name,
      job_id: second.id,
      application_status: 'applied',
      source: 'Referral',
      referred_by: 'Asha Rao',
      notes: 'Strong on pipelines',
    });
  });

  it('links to their application instead when the person is in the chosen job already', async () => {
    const existing = await onFirst();
    renderApp(ADD, asAdmin());
    await addAgain(existing, first);

    const offer = await screen.findByRole('region', { name: `${existing.name} on file` });
    expect(within(offer).getByText(M.alreadyInJob(existing.name, first.title))).toBeTruthy();
    expect(
      within(offer)
        .getByRole('link', { name: `Open ${existing.name}’s application` })
        .getAttribute('href'),
    ).toBe(`${ADMIN_DETAILS}/${existing.uuid}`);
    expect(within(offer).queryByRole('button')).toBeNull();

    // Another job chosen: the offer is back, for that job.
    await chooseJob(second);
    expect(
      within(offer).getByRole('button', { name: `Add ${existing.name} to ${second.title}` }),
    ).toBeTruthy();

    // Another e-mail may be someone else: the offer goes until the next check.
    await userEvent.type(box(/^Email/), 'x');
    expect(screen.queryByRole('region', { name: `${existing.name} on file` })).toBeNull();
  });
});

describe('other applications on the details page', () => {
  it('lists the person’s other applications with their status, each opening its details', async () => {
    const existing = await onFirst();
    const other = await setCandidateStatus(await addApplication(existing, second.id), 'screening');
    const { router } = renderApp(`${ADMIN_DETAILS}/${existing.uuid}`, asAdmin());

    const section = (await screen.findByRole('heading', { name: 'Other applications' })).closest('section')!;
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([`${second.title} Screening`]);
    const link = within(section).getByRole('link', { name: second.title });
    expect(link.getAttribute('href')).toBe(`${ADMIN_DETAILS}/${other.uuid}`);

    // Followed through the router (see the details test: jsdom cannot follow a link as a page load).
    await router.navigate({ to: link.getAttribute('href')! });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ADMIN_DETAILS}/${other.uuid}`));
    expect(await screen.findByText(new RegExp(`^${second.title} ·`))).toBeTruthy();
    const back = (await screen.findByRole('heading', { name: 'Other applications' })).closest('section')!;
    expect(within(back).getByRole('link', { name: first.title }).getAttribute('href')).toBe(
      `${ADMIN_DETAILS}/${existing.uuid}`,
    );
  });

  it('opens them within their jobs from a job’s candidates, and by uuid on the employee route', async () => {
    const existing = await onFirst();
    const other = await addApplication(existing, second.id);
    const jobs = '/admin/recruitments/job-management';
    const fromJob = renderApp(`${jobs}/${first.id}/candidates/${existing.uuid}`, asAdmin());
    expect((await screen.findByRole('link', { name: second.title })).getAttribute('href')).toBe(
      `${jobs}/${second.id}/candidates/${other.uuid}`,
    );
    fromJob.unmount();

    const employee = await createEmployee('Other Applications Reader');
    renderApp(`/employee/recruitments/candidates/${existing.id}`, employee);
    expect((await screen.findByRole('link', { name: second.title })).getAttribute('href')).toBe(
      `/employee/recruitments/candidates/${other.uuid}`,
    );
  });

  it('shows no such section for a person with one application', async () => {
    const alone = await onFirst();
    renderApp(`${ADMIN_DETAILS}/${alone.uuid}`, asAdmin());
    expect(await screen.findByRole('heading', { name: alone.name, level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Other applications' })).toBeNull();
  });
});
