import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_MESSAGES, type User } from '@portal/contracts';
import { employeeBody } from '../../../../../scripts/fixtures.ts';
import { adminApi, asAdmin, renderApp, uniqueTag } from '../../../test/render.tsx';

// Seven employees of our own (the shared test server holds other files' users too), one inactive.
const tag = uniqueTag('lst');
let users: User[] = [];

beforeAll(async () => {
  users = [];
  for (let i = 0; i < 7; i++) {
    users.push(
      await adminApi<User>(
        'POST',
        '/api/users',
        employeeBody(`${tag}${i}`, { name: `List Person ${i}`, username: `${tag}u${i}` }),
      ),
    );
  }
  await adminApi('PUT', `/api/users/${users[0]!.id}`, { status: 'inactive' });
});

const listUrl = (query: string) => `/admin/master-data/data-pegawai?${query}`;

describe('Employee Details list', () => {
  it('shows 6 users a page with their columns, and pages on the server', async () => {
    renderApp(listUrl(`search=${tag}`), asAdmin());
    const table = await screen.findByRole('table');
    await within(table).findByText('List Person 6');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Employee', 'Email', 'Department', 'Role', 'Status', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(screen.getByText('Showing 1-6 of 7')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table).findByText('List Person 0');
    expect(screen.getByText('Showing 7-7 of 7')).toBeTruthy();
  });

  it('searches by e-mail and filters by status, keeping both in the URL', async () => {
    const { router } = renderApp(listUrl(''), asAdmin());
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search users' }), `employee${tag}3@`);
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('List Person 3')).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), tag);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ search: tag, status: 'inactive' }),
    );
    await within(table).findByText('List Person 0');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Inactive')).toBeTruthy();
  });

  it('asks before deleting, then deletes and refreshes the list', async () => {
    renderApp(listUrl(`search=${tag}u5`), asAdmin());
    const table = await screen.findByRole('table');
    await within(table).findByText('List Person 5');
    await userEvent.click(screen.getByRole('button', { name: `Delete ${tag}u5` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(USER_MESSAGES.confirmDelete)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(USER_MESSAGES.deleted)).toBeTruthy();
    expect(await screen.findByText('No users match your search')).toBeTruthy();
  });

  it('says inside the dialog why a delete was refused, and keeps the user', async () => {
    // Users 1 to 6 are the list's; this one holds an active purchase, so the server refuses the delete.
    const holder = await adminApi<User>(
      'POST',
      '/api/users',
      employeeBody(`${tag}h`, { name: 'List Purchaser', username: `${tag}holder` }),
    );
    await adminApi('POST', '/api/loans', {
      customer_id: holder.id,
      loan_amount: '1000',
      advance_amount: '0',
    });
    renderApp(listUrl(`search=${tag}holder`), asAdmin());
    const table = await screen.findByRole('table');
    await within(table).findByText('List Purchaser');
    await userEvent.click(screen.getByRole('button', { name: `Delete ${tag}holder` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(USER_MESSAGES.activePurchases)).toBeTruthy();
    // The refused dialog offers only Close, which has the focus; the user is still listed.
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Close'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(table).getByText('List Purchaser')).toBeTruthy();
  });

  it('links each row to its view and edit screens, and offers no delete for yourself', async () => {
    renderApp(listUrl('search=admin%40portal.local'), asAdmin());
    const table = await screen.findByRole('table');
    await within(table).findByText('Administrator');
    // The requirements' routes name the user by their user id (/view/USR1234).
    expect(within(table).getByRole('link', { name: 'View admin' }).getAttribute('href')).toMatch(
      /^\/admin\/master-data\/data-pegawai\/view\/USR\d{4}$/,
    );
    expect(within(table).getByRole('link', { name: 'Edit admin' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Delete admin' })).toBeNull();
  });
});
