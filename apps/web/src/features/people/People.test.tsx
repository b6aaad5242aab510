import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as XLSX from 'xlsx';
import { CANDIDATE_MESSAGES, PEOPLE_EXPORT, type Candidate, type Job, type Person } from '@portal/contracts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import {
  createCandidate,
  createEmployee,
  createJob,
  setCandidateStatus,
  uniqueName,
} from '../../../test/data.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';

// People of our own on the shared test server, found by a word only their names carry.
const word = uniqueName('pool');
const POOL = '/admin/recruitments/people';
let first: Job;
let second: Job;
let ann: Candidate;
let ben: Candidate;
let cat: Candidate;

beforeAll(async () => {
  first = await createJob({ title: `${word} Backend` });
  second = await createJob({ title: `${word} Frontend` });
  ann = await createCandidate({ job_id: first.id, name: `${word} Ann`, experience: 2 });
  ben = await setCandidateStatus(
    await createCandidate({ job_id: first.id, name: `${word} Ben`, experience: 8 }),
    'screening',
  );
  cat = await createCandidate({ job_id: second.id, name: `${word} Cat`, experience: 4 });
});

const names = () =>
  screen
    .queryAllByRole('row')
    .map((r) => r.querySelector('td strong')?.textContent)
    .filter((n): n is string => Boolean(n))
    .map((n) => n.replace(`${word} `, ''))
    .sort();

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('talent pool', () => {
  it('lists people with their applications, and searching narrows it', async () => {
    const { router } = renderApp(`${POOL}?search=${word}`, asAdmin());
    await waitFor(() => expect(names()).toEqual(['Ann', 'Ben', 'Cat']));
    expect(within(rowOf(ben.name)).getByText(`${first.title}: Screening`)).toBeTruthy();
    expect(within(rowOf(cat.name)).getByText(`${second.title}: Applied`)).toBeTruthy();
    expect(rowOf(ann.name).textContent).toContain('2 years');

    const search = screen.getByRole('searchbox', { name: 'Search people' });
    await userEvent.clear(search);
    await userEvent.type(search, `${word} Be`);
    await waitFor(() => expect(names()).toEqual(['Ben']));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: `${word} Be` }));
  });

  it('filters by experience from the panel, the filter kept in the URL', async () => {
    const { router } = renderApp(`${POOL}?search=${word}`, asAdmin());
    await waitFor(() => expect(names()).toEqual(['Ann', 'Ben', 'Cat']));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filter people' });
    await userEvent.type(within(panel).getByLabelText('Experience from (years)'), '3');
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(names()).toEqual(['Ben', 'Cat']));
    expect(router.state.location.search).toMatchObject({ minExperience: 3 });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
  });

  it('exports the pool as filtered now: Export Excel saves people_list.xlsx with those people alone', async () => {
    // jsdom has no object URLs: the file the screen saves is kept here, as the browser would save it.
    const saved: { blob: Blob; name: string }[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    let blob: Blob | null = null;
    URL.createObjectURL = (b: Blob) => ((blob = b), 'blob:people-export');
    URL.revokeObjectURL = () => {};
    const onClick = (e: MouseEvent) => {
      const link = e.target as HTMLAnchorElement;
      if (link.download && blob) saved.push({ blob, name: link.download });
      e.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    try {
      renderApp(`${POOL}?search=${word}&minExperience=3`, asAdmin());
      await waitFor(() => expect(names()).toEqual(['Ben', 'Cat']));
      await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
      expect(await screen.findByText(CANDIDATE_MESSAGES.excelDownloaded)).toBeTruthy();
    } finally {
      document.removeEventListener('click', onClick, true);
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
    expect(saved.map((f) => f.name)).toEqual([PEOPLE_EXPORT.fileName]);
    const book = XLSX.read(new Uint8Array(await saved[0]!.blob.arrayBuffer()), { type: 'array' });
    const [header, ...rows] = XLSX.utils.sheet_to_json<(string | number)[]>(
      book.Sheets[PEOPLE_EXPORT.sheetName]!,
      { header: 1 },
    );
    expect(header).toEqual([...PEOPLE_EXPORT.columns]);
    // The search and the experience filter of the screen, newest person first: Ann (2 years) is left out.
    expect(rows.map((r) => [r[0], r[3], r[11]])).toEqual([
      [cat.name, 4, `${second.title} (Applied)`],
      [ben.name, 8, `${first.title} (Screening)`],
    ]);
  });

  it('adds the people ticked to a job, saying who was added and who was in it already', async () => {
    renderApp(`${POOL}?search=${word}`, asAdmin());
    await waitFor(() => expect(names()).toEqual(['Ann', 'Ben', 'Cat']));
    expect(screen.queryByRole('button', { name: 'Add to job' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${ann.name}` }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${cat.name}` }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add to job' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to job' });
    const job = within(dialog).getByRole('combobox', { name: /Job/ });
    await waitFor(() => expect(within(job).getByRole('option', { name: second.title })).toBeTruthy());
    await userEvent.selectOptions(job, String(second.id));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 to job' }));

    expect(await screen.findByText(M.added(1, 1, second.title))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to job' })).toBeNull());
    // The job now has both, Ann as a new application in its Applied column.
    const annNow = await adminApi<Person>('GET', `/api/people/${ann.person_id}`);
    expect(annNow.applications.map((a) => [a.job_id, a.status]).sort()).toEqual(
      [
        [first.id, 'applied'],
        [second.id, 'applied'],
      ].sort(),
    );
    const catNow = await adminApi<Person>('GET', `/api/people/${cat.person_id}`);
    expect(catNow.applications.map((a) => a.job_id)).toEqual([second.id]);
    await waitFor(() => expect(within(rowOf(ann.name)).getByText(`${second.title}: Applied`)).toBeTruthy());
  });
});

describe('person page', () => {
  it('shows the profile once and every application, and an edit changes the person', async () => {
    const person = await adminApi<Person>('GET', `/api/people/${ben.person_id}`);
    renderApp(`${POOL}/${person.id}`, asAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: ben.name })).toBeTruthy();
    const applications = screen.getByRole('heading', { name: 'Applications' }).closest('section')!;
    expect(within(applications).getByText(first.title)).toBeTruthy();
    expect(within(applications).getByText('Screening')).toBeTruthy();
    expect(
      within(applications).getByRole('link', { name: `View application for ${first.title}` }),
    ).toHaveProperty('href', expect.stringContaining(`/admin/recruitments/candidates/${ben.uuid}`));

    await userEvent.click(screen.getByRole('button', { name: 'Edit Person' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${ben.name}` });
    const company = within(dialog).getByLabelText('Current Company');
    await userEvent.clear(company);
    await userEvent.type(company, `${word} Labs`);
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Open to relocation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Person' }));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    const profile = screen.getByRole('heading', { name: 'Profile' }).closest('section')!;
    await waitFor(() => expect(within(profile).getByText(`${word} Labs`)).toBeTruthy());
    expect(screen.getByText('Open to relocation')).toBeTruthy();

    const now = await adminApi<Person>('GET', `/api/people/${person.id}`);
    expect(now).toMatchObject({ current_company: `${word} Labs`, notes: 'Open to relocation' });
    // Every application of the person reads the new company.
    expect(now.applications.map((a) => a.current_company)).toEqual([`${word} Labs`]);
  });

  it("says the server's reason when someone else changed the person first", async () => {
    const person = await adminApi<Person>('GET', `/api/people/${cat.person_id}`);
    renderApp(`${POOL}/${person.id}`, asAdmin());
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Person' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${cat.name}` });
    // Meanwhile, another recruiter changes the notice period.
    await adminApi('PUT', `/api/people/${person.id}`, { notice_period: 45, version: person.version });
    await userEvent.type(within(dialog).getByLabelText('Current Location'), 'Pune');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Person' }));
    expect(await within(dialog).findByText(/after you opened this person/)).toBeTruthy();
    // The page shows the person as they are now; the location typed was not saved.
    const now = await adminApi<Person>('GET', `/api/people/${person.id}`);
    expect(now).toMatchObject({ notice_period: 45, current_location: person.current_location });
  });
});

describe('the employee area', () => {
  it("lists the pool and opens a person's page, without Edit on someone else's candidate", async () => {
    const employee = await createEmployee(`${word} Reader`);
    renderApp(`/employee/recruitments/people?search=${word}`, employee);
    await waitFor(() => expect(names()).toEqual(['Ann', 'Ben', 'Cat']));
    await userEvent.click(screen.getByRole('link', { name: ann.name }));
    expect(await screen.findByRole('heading', { level: 1, name: ann.name })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: `View application for ${first.title}` }).getAttribute('href'),
    ).toBe(`/employee/recruitments/candidates/${ann.id}`);
    expect(screen.queryByRole('button', { name: 'Edit Person' })).toBeNull();
  });
});
