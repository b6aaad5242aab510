import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MESSAGES, SHARE_TEXTS as T, type Job } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { addClientContact, createEmployee, createJob, uniqueName } from '../../../test/data.ts';

let job: Job;
let tag: string;

beforeAll(async () => {
  tag = uniqueName('Contacts').toLowerCase();
  job = await createJob({ title: `${tag} Designer` });
});

const section = async () =>
  within((await screen.findByRole('heading', { name: T.contactsHeading })).closest('section')!);

describe("a job's client contacts", () => {
  it('adds a contact (the form checks first, the server says what it refuses at the field) and removes one', async () => {
    const user = userEvent.setup();
    renderApp(`/admin/recruitments/job-management/details/${job.id}`, asAdmin());
    const contacts = await section();
    expect(await contacts.findByText(T.contactsEmpty)).toBeTruthy();

    const name = contacts.getByRole('textbox', { name: T.contactName });
    const email = contacts.getByRole('textbox', { name: T.contactEmail });
    await user.click(contacts.getByRole('button', { name: T.addContact }));
    expect(await contacts.findByText(REVIEW_MESSAGES.contactNameRequired)).toBeTruthy();
    expect(contacts.getByText(REVIEW_MESSAGES.contactEmailInvalid)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, 'Anita Rao');
    await user.type(email, `anita.${tag}@client.example`);
    await user.click(contacts.getByRole('button', { name: T.addContact }));
    const list = await contacts.findByRole('list', { name: T.contactsHeading });
    expect(await within(list).findByText('Anita Rao')).toBeTruthy();
    expect(within(list).getByText(`anita.${tag}@client.example`)).toBeTruthy();
    expect(within(list).getByText(T.contactAddedBy('Administrator'))).toBeTruthy();
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''));

    // The same address again: the server's 409, said at the e-mail field.
    await user.type(name, 'Anita again');
    await user.type(email, `ANITA.${tag}@client.example`);
    await user.click(contacts.getByRole('button', { name: T.addContact }));
    expect(await contacts.findByText(REVIEW_MESSAGES.contactExists)).toBeTruthy();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));

    // Removing asks first.
    await user.click(contacts.getByRole('button', { name: `${T.removeContact}: Anita Rao` }));
    const confirm = await screen.findByRole('dialog', { name: T.removeContactTitle });
    expect(
      within(confirm).getByText(T.removeContactConfirm('Anita Rao', `anita.${tag}@client.example`)),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: T.removeContact }));
    expect(await screen.findByText(REVIEW_MESSAGES.contactRemoved)).toBeTruthy();
    expect(await contacts.findByText(T.contactsEmpty)).toBeTruthy();
  });

  it('shows the contacts without the add form or remove buttons to someone who may not edit the job', async () => {
    const other = await createJob({ title: `${tag} Other` });
    await addClientContact(other.id, { name: 'Ravi Kumar', email: `ravi.${tag}@client.example` });
    renderApp(`/employee/recruitments/job-management/details/${other.id}`, await createEmployee('Read Only'));
    const contacts = await section();
    expect(await contacts.findByText('Ravi Kumar')).toBeTruthy();
    expect(contacts.queryByRole('button', { name: `${T.removeContact}: Ravi Kumar` })).toBeNull();
    expect(contacts.queryByRole('form', { name: T.addContact })).toBeNull();
    expect(contacts.queryByRole('textbox', { name: T.contactName })).toBeNull();
  });
});
