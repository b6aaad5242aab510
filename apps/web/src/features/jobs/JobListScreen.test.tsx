import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { JOB_MESSAGES } from '@portal/contracts';
import { createEmployee, createJob, setJobStatus, uniqueName } from '../../../test/data.ts';

// Three jobs of our own on the shared test server, found by a word only they carry.
const word = uniqueName('filt');
const LIST = '/admin/recruitments/job-management';

beforeAll(async () => {
  await createJob({
    title: `${word} Alpha`,
    type: 'Full-time',
    skills: ['React', 'TypeScript', 'JavaScript', 'Node.js'],
    minSalary: 1_000_000,
    maxSalary: 1_500_000,
    experienceRange: [2, 4],
  });
  await createJob({
    title: `${word} Beta`,
    type: 'Contract',
    skills: ['React'],
    minSalary: 3_000_000,
    maxSalary: 4_000_000,
    experienceRange: [8, 12],
  });
  await createJob({
    title: `${word} Gamma`,
    type: 'Part-time',
    skills: ['Python'],
    minSalary: 500_000,
    maxSalary: 800_000,
    experienceRange: [0, 2],
    status: 'draft',
  });
});

/** The cards' titles (h2, as the section headings of the page are): this file's jobs only. */
const titles = () =>
  screen
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '')
    .filter((t) => t.startsWith(`${word} `))
    .map((t) => t.replace(`${word} `, ''))
    .sort();

async function showsOnly(expected: string[]) {
  await waitFor(() => expect(titles()).toEqual(expected));
}

async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
  return screen.findByRole('dialog', { name: 'Filter Jobs' });
}

describe('job list', () => {
  it('shows tab counts for the search, LPA salaries, 3 skills then +N', async () => {
    renderApp(`${LIST}?search=${word}`, asAdmin());
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['All Jobs 3', 'Active 2', 'Draft 1', 'Closed 0', 'Archived 0', 'Expired 0']);
    const alpha = screen.getByRole('heading', { name: `${word} Alpha` }).closest('article')!;
    expect(within(alpha).getByText('₹10 - ₹15 LPA')).toBeTruthy();
    const chips = within(within(alpha).getByRole('list', { name: 'Skills' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['JavaScript', 'Node.js', 'React', '+1']);
    expect(within(alpha).getByRole('button', { name: `Actions for ${word} Alpha` })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: /^Draft/ }));
    await showsOnly(['Gamma']);
  });

  it('hides the menu from an employee who may not edit, and has no Expired tab for employees', async () => {
    const employee = await createEmployee('Filter Tester');
    renderApp(`/employee/recruitments/job-management?search=${word}`, employee);
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Jobs 3',
      'Active 2',
      'Draft 1',
      'Closed 0',
      'Archived 0',
    ]);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it("says under an employee's tabs that All Jobs also counts the expired jobs no tab shows", async () => {
    const own = uniqueName('expc');
    await createJob({ title: `${own} Open` });
    await setJobStatus(await createJob({ title: `${own} Gone` }), 'expired');
    const employee = await createEmployee('Count Reader');
    const { router } = renderApp(`/employee/recruitments/job-management?search=${own}`, employee);
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        'All Jobs 2',
        'Active 1',
        'Draft 0',
        'Closed 0',
        'Archived 0',
      ]),
    );
    // 2 is not 1 + 0 + 0 + 0: the line under the tabs says what the difference is.
    expect(screen.getByText(JOB_MESSAGES.expiredInAllOnly(1))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: JOB_MESSAGES.showExpired }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ statuses: ['expired'] }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain(`${own} Gone`),
    );
    expect(screen.queryByRole('heading', { name: `${own} Open` })).toBeNull();
  });

  it('gives an employee Expired as a filter rather than a tab, which the server takes', async () => {
    const employee = await createEmployee('Expired Finder');
    const { router } = renderApp(`/employee/recruitments/job-management?search=${word}`, employee);
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
    expect(screen.queryByRole('tab', { name: /^Expired/ })).toBeNull();
    const panel = await openFilters();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Expired' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ statuses: ['expired'] }));
    // None of this file's jobs is past its deadline: the list is empty, and no error was shown.
    await showsOnly([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('job filter panel', () => {
  it('applies type, skills (all of them) and salary, keeps them in the URL, and resets', async () => {
    const { router } = renderApp(`${LIST}?search=${word}`, asAdmin());
    await showsOnly(['Alpha', 'Beta', 'Gamma']);

    let panel = await openFilters();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Contract' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await showsOnly(['Beta']);
    expect(router.state.location.search).toMatchObject({ search: word, types: ['Contract'] });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();

    panel = await openFilters();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Contract' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'React' }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'TypeScript' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await showsOnly(['Alpha']);
    expect(router.state.location.search).toMatchObject({ skills: ['React', 'TypeScript'] });

    panel = await openFilters();
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset' }));
    const minimum = within(panel).getByRole('slider', { name: /Minimum salary/ });
    fireEvent.change(minimum, { target: { value: '20' } });
    expect(within(panel).getByText('₹20 - ₹100+ LPA')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await showsOnly(['Beta']);
    expect(router.state.location.search).toMatchObject({ salaryMin: 20 });
    expect(router.state.location.search).not.toHaveProperty('skills');

    panel = await openFilters();
    const maxExperience = within(panel).getByRole('slider', { name: /Maximum experience/ });
    fireEvent.change(maxExperience, { target: { value: '3' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await showsOnly(['Alpha', 'Beta', 'Gamma']);
  });

  it('forgets what Cancel leaves behind, and filters by experience overlap', async () => {
    const { router } = renderApp(`${LIST}?search=${word}`, asAdmin());
    await showsOnly(['Alpha', 'Beta', 'Gamma']);

    let panel = await openFilters();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Part-time' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']);

    panel = await openFilters();
    expect((within(panel).getByRole('checkbox', { name: 'Part-time' }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.change(within(panel).getByRole('slider', { name: /Minimum experience/ }), {
      target: { value: '3' },
    });
    fireEvent.change(within(panel).getByRole('slider', { name: /Maximum experience/ }), {
      target: { value: '6' },
    });
    expect(within(panel).getByText('3 - 6 years')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await showsOnly(['Alpha']);
    expect(router.state.location.search).toMatchObject({
      experienceMin: 3,
      experienceMax: 6,
      statuses: ['active'],
    });
  });

  it('reads the filters back from a bookmarked URL', async () => {
    renderApp(`${LIST}?search=${word}&types=%5B%22Part-time%22%5D`, asAdmin());
    await showsOnly(['Gamma']);
    const panel = await openFilters();
    expect((within(panel).getByRole('checkbox', { name: 'Part-time' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
