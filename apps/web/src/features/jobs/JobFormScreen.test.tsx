import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_MESSAGES } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { createEmployee, createJob, uniqueName } from '../../../test/data.ts';

const ADD = '/admin/recruitments/job-management/form-job';

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('job form: state and city', () => {
  it('keeps the city disabled until a state is chosen, loads its districts, and clears the city on a new state', async () => {
    renderApp(ADD, asAdmin());
    const state = (await screen.findByRole('combobox', { name: 'State' })) as HTMLSelectElement;
    const city = screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement;
    expect(city.disabled).toBe(true);
    expect(optionNames(city)).toEqual(['Select a state first']);

    await within(state).findByRole('option', { name: 'Karnataka' });
    await userEvent.selectOptions(state, 'KA');
    await waitFor(() => expect(city.disabled).toBe(false));
    expect(optionNames(city)).toContain('Bengaluru Urban');
    expect(optionNames(city)).toHaveLength(32);
    await userEvent.selectOptions(city, 'Bengaluru Urban');
    expect(city.value).toBe('Bengaluru Urban');

    await userEvent.selectOptions(state, 'GA');
    expect(city.value).toBe('');
    await waitFor(() => expect(optionNames(city)).toEqual(['Select city', 'North Goa', 'South Goa']));
    expect(city.disabled).toBe(false);

    await userEvent.selectOptions(state, '');
    expect(city.value).toBe('');
    expect(city.disabled).toBe(true);
  });
});

describe('job form: the admin add form', () => {
  it('says what is missing when Publish is pressed on an empty form, and keeps the job unsaved', async () => {
    const { router } = renderApp(ADD, asAdmin());
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    for (const message of [
      JOB_MESSAGES.titleRequired,
      JOB_MESSAGES.descriptionRequired,
      JOB_MESSAGES.stateRequired,
      JOB_MESSAGES.cityRequired,
      JOB_MESSAGES.minSalaryRequired,
      JOB_MESSAGES.deadlineRequired,
      JOB_MESSAGES.roundsRequired,
      JOB_MESSAGES.skillsRequired,
      JOB_MESSAGES.clientNameRequired,
      JOB_MESSAGES.clientEmailRequired,
      JOB_MESSAGES.clientLocationRequired,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    // The maximum salary is optional on the admin add form.
    expect(screen.queryByText(JOB_MESSAGES.maxSalaryRequired)).toBeNull();
    expect(router.state.location.pathname).toBe(ADD);
  });

  it('shows the salary in rupees and in words, and checks max against min', async () => {
    renderApp(ADD, asAdmin());
    const min = await screen.findByRole('textbox', { name: /^Minimum Salary/ });
    await userEvent.type(min, '1250000');
    await userEvent.tab();
    expect((min as HTMLInputElement).value).toBe('₹12,50,000');
    expect(screen.getByText('Twelve Lakh Fifty Thousand Rupees')).toBeTruthy();

    const max = screen.getByRole('textbox', { name: /^Maximum Salary/ });
    await userEvent.type(max, '12500000');
    await userEvent.tab();
    expect(screen.getByText('One Crore Twenty Five Lakh Rupees')).toBeTruthy();
    await userEvent.clear(max);
    await userEvent.type(max, '900000');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText(JOB_MESSAGES.salaryOrder)).toBeTruthy();
  });

  it('adds a question on Enter or Add, never a blank one, and removes one', async () => {
    renderApp(ADD, asAdmin());
    const input = await screen.findByRole('textbox', { name: 'Interview questions' });
    await userEvent.type(input, '   {Enter}');
    expect(screen.queryByRole('button', { name: /Remove question/ })).toBeNull();
    await userEvent.type(input, 'What is your notice period?{Enter}');
    await userEvent.type(input, 'Can you relocate?');
    await userEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(screen.getByText('What is your notice period?')).toBeTruthy();
    expect(screen.getByText('Can you relocate?')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(screen.queryByText('What is your notice period?')).toBeNull();
    // Enter added a question rather than submitting the form.
    expect(screen.queryByText(JOB_MESSAGES.titleRequired)).toBeNull();
  });
});

describe('job form: the employee form', () => {
  it('starts active-ready with Full-time, 1 opening and 0 - 2 years, and the deadline is optional', async () => {
    const employee = await createEmployee('Form Tester');
    renderApp('/employee/recruitments/job-management/add', employee);
    const type = (await screen.findByRole('combobox', { name: 'Job Type' })) as HTMLSelectElement;
    expect(type.value).toBe('Full-time');
    expect(optionNames(type)).toEqual(['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote']);
    expect((screen.getByRole('spinbutton', { name: /Number of Openings/ }) as HTMLInputElement).value).toBe(
      '1',
    );
    expect(screen.getByText('0 - 2 years')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText(JOB_MESSAGES.maxSalaryRequired)).toBeTruthy();
    expect(screen.queryByText(JOB_MESSAGES.deadlineRequired)).toBeNull();
    expect(screen.queryByText(JOB_MESSAGES.roundsRequired)).toBeNull();

    const openings = screen.getByRole('spinbutton', { name: /Number of Openings/ });
    await userEvent.clear(openings);
    await userEvent.type(openings, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(screen.getByText(JOB_MESSAGES.openingsMin)).toBeTruthy();
  });

  it('offers the skills sorted by name', async () => {
    const employee = await createEmployee('Skill Picker');
    renderApp('/employee/recruitments/job-management/add', employee);
    await userEvent.click(await screen.findByRole('button', { name: /Required Skills/ }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThanOrEqual(11));
    const names = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent?.replace('✓', '').trim() ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});

describe('job form: editing', () => {
  it('shows the required error and returns to the list when the job cannot be loaded', async () => {
    const { router } = renderApp('/admin/recruitments/job-management/edit/999999', asAdmin());
    expect(await screen.findByText(JOB_MESSAGES.detailsFailed)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/recruitments/job-management'));
  });

  it('sends someone who may not edit the job back to the list with the permission message', async () => {
    const job = await createJob({ title: uniqueName('Locked') });
    const employee = await createEmployee('No Access');
    const { router } = renderApp(`/employee/recruitments/job-management/edit/${job.id}`, employee);
    expect(await screen.findByText(JOB_MESSAGES.noEditPermission)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee/recruitments/job-management'));
  });

  it('loads the job into the form with Update and Cancel, and the maximum salary required', async () => {
    const title = uniqueName('Editable');
    const job = await createJob({ title, type: 'Internship', state: 'GA', city: 'South Goa' });
    renderApp(`/admin/recruitments/job-management/edit/${job.id}`, asAdmin());
    const titleField = (await screen.findByRole('textbox', { name: /^Job Title/ })) as HTMLInputElement;
    expect(titleField.value).toBe(title);
    expect((screen.getByRole('combobox', { name: 'Job Type' }) as HTMLSelectElement).value).toBe(
      'Internship',
    );
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement).value).toBe('South Goa'),
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    const max = screen.getByRole('textbox', { name: /^Maximum Salary/ });
    await userEvent.clear(max);
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText(JOB_MESSAGES.maxSalaryRequired)).toBeTruthy();
  });
});
