import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as CM, type Candidate, type Job, type Person } from '@portal/contracts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import { createCandidate, createJob, setCandidateStatus, uniqueName } from '../../../test/data.ts';
import { isLiveRoomJoined } from '../../lib/live.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';

// People of our own on the shared test server, found by a word only their names carry.
const word = uniqueName('merge');
const POOL = '/admin/recruitments/people';
let first: Job;
let second: Job;

beforeAll(async () => {
  first = await createJob({ title: `${word} Backend` });
  second = await createJob({ title: `${word} Frontend` });
});

/** Two people who may be one: the same name, e-mails with the same name before the @, in two jobs. */
async function suggestedPair(name: string) {
  const user = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const a = await createCandidate({ job_id: first.id, name, email: `${user}@one.example` });
  const b = await createCandidate({
    job_id: second.id,
    name,
    email: `${user}@two.example`,
    current_company: `${word} Labs`,
  });
  return { a, b };
}

const person = (c: Pick<Candidate, 'person_id'>) => adminApi<Person>('GET', `/api/people/${c.person_id}`);

describe('possible duplicates', () => {
  it('lists a suggested pair from the talent pool, and merging it keeps the values chosen', async () => {
    const { a, b } = await suggestedPair(`${word} Dana`);
    renderApp(`${POOL}?search=${word}`, asAdmin());
    await userEvent.click(await screen.findByRole('link', { name: M.duplicatesTitle }));
    expect(await screen.findByRole('heading', { level: 1, name: M.duplicatesTitle })).toBeTruthy();

    const pair = (await screen.findByText(b.email)).closest('li')!;
    expect(within(pair).getByText(a.email)).toBeTruthy();
    expect(within(pair).getByText(a.phone)).toBeTruthy();
    expect(within(pair).getByText(`${first.title}: Applied`)).toBeTruthy();
    expect(within(pair).getByText(`${second.title}: Applied`)).toBeTruthy();
    await userEvent.click(within(pair).getByRole('button', { name: /Review and merge/ }));

    const dialog = await screen.findByRole('dialog', { name: M.mergeTitle(b.name) });
    // Every field that differs, each with both values; the other's e-mail is chosen, the company too.
    const email = await within(dialog).findByRole('group', { name: 'Email' });
    expect(within(email).getByText(a.email)).toBeTruthy();
    await userEvent.click(within(email).getByRole('radio', { name: new RegExp(b.email) }));
    const company = within(dialog).getByRole('group', { name: 'Current Company' });
    await userEvent.click(within(company).getByRole('radio', { name: new RegExp(`${word} Labs`) }));
    expect(within(dialog).getByText(M.mergeMoving(1))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText(CM.merged(a.name, 1, 0))).toBeTruthy();
    // The kept person's page, with both applications and the e-mail chosen.
    expect(await screen.findByRole('heading', { level: 1, name: a.name })).toBeTruthy();
    const applications = screen.getByRole('heading', { name: 'Applications' }).closest('section')!;
    await waitFor(() => expect(within(applications).getByText(second.title)).toBeTruthy());
    const now = await person(a);
    expect(now).toMatchObject({ email: b.email, current_company: `${word} Labs` });
    expect(now.applications.map((c) => c.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
  });
});

describe('merge from the person page', () => {
  it('finds the other person by a search of the pool and says which applications are kept apart', async () => {
    const kept = await createCandidate({ job_id: first.id, name: `${word} Esha` });
    const other = await createCandidate({ job_id: first.id, name: `${word} Esha K` });
    renderApp(`${POOL}/${kept.person_id}`, asAdmin());
    await userEvent.click(await screen.findByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('searchbox', { name: M.mergeSearch }), `${word} Esha`);
    // The person merged into is not offered.
    await userEvent.click(await within(dialog).findByRole('button', { name: `Choose ${other.name}` }));
    expect(within(dialog).queryByRole('button', { name: `Choose ${kept.name}` })).toBeNull();

    expect(await within(dialog).findByText(M.mergeKeptApart(other.name))).toBeTruthy();
    const apart = within(dialog).getByRole('list', { name: `Applications of ${other.name}, kept apart` });
    expect(within(apart).getByText(`${first.title}: Applied`)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText(CM.merged(kept.name, 0, 1))).toBeTruthy();
    // Both applications to the one job are still there, each with its own person.
    expect((await person(other)).applications.map((c) => c.uuid)).toEqual([other.uuid]);
  });
});

describe("a person's merges", () => {
  it('are listed on the person page, and an admin undoes one after confirming', async () => {
    const { a, b } = await suggestedPair(`${word} Farid`);
    await adminApi('POST', `/api/people/${a.person_id}/merge`, { otherId: b.person_id });
    renderApp(`${POOL}/${a.person_id}`, asAdmin());
    const merges = (await screen.findByRole('heading', { name: 'Merges' })).closest('section')!;
    expect(within(merges).getByText(`${b.name} merged into ${a.name}`)).toBeTruthy();
    expect(within(merges).getByText(/by Administrator/)).toBeTruthy();

    await userEvent.click(within(merges).getByRole('button', { name: `Undo merge of ${b.name}` }));
    const confirm = await screen.findByRole('dialog', { name: M.undoTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Undo merge' }));
    expect(await screen.findByText(CM.mergeUndoneDone)).toBeTruthy();
    await waitFor(() => expect(within(merges).getByText(/undone/)).toBeTruthy());
    expect(within(merges).queryByRole('button', { name: /Undo merge/ })).toBeNull();
    expect((await person(b)).applications.map((c) => c.uuid)).toEqual([b.uuid]);
  });

  it("says the server's reason when the merge can no longer be undone", async () => {
    const { a, b } = await suggestedPair(`${word} Gita`);
    await adminApi('POST', `/api/people/${a.person_id}/merge`, { otherId: b.person_id });
    // The moved application is deleted since: the merge cannot give it back.
    await adminApi('DELETE', `/api/candidates/${b.id}`);
    renderApp(`${POOL}/${a.person_id}`, asAdmin());
    await userEvent.click(await screen.findByRole('button', { name: `Undo merge of ${b.name}` }));
    const confirm = await screen.findByRole('dialog', { name: M.undoTitle });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Undo merge' }));
    expect(await within(confirm).findByText(CM.mergeUndoBlocked)).toBeTruthy();
  });
});

describe('live person page', () => {
  it('shows a change of the person made elsewhere, and a status change of one of their applications', async () => {
    const c = await createCandidate({ job_id: second.id, name: `${word} Hari` });
    renderApp(`${POOL}/${c.person_id}`, asAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: c.name })).toBeTruthy();
    await waitFor(() => expect(isLiveRoomJoined({ kind: 'job', jobId: second.id })).toBe(true), {
      timeout: 5000,
    });
    const p = await person(c);
    // Another recruiter edits the person, then moves the application on.
    await adminApi('PUT', `/api/people/${p.id}`, { current_company: `${word} Works`, version: p.version });
    const profile = screen.getByRole('heading', { name: 'Profile' }).closest('section')!;
    await waitFor(() => expect(within(profile).getByText(`${word} Works`)).toBeTruthy());
    // The application as it is now (the person's edit moved its version on).
    await setCandidateStatus((await person(c)).applications[0]!, 'screening');
    const applications = screen.getByRole('heading', { name: 'Applications' }).closest('section')!;
    await waitFor(() => expect(within(applications).getByText('Screening')).toBeTruthy());
  });
});
