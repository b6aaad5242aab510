import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { APP_TIME_ZONE, type User } from '@portal/contracts';
import { employeeBody } from '../../../../../scripts/fixtures.ts';
import { adminApi, asAdmin, renderApp, uniqueTag } from '../../../test/render.tsx';

describe('View user', () => {
  it('shows personal, contact and professional cards, with identity numbers in full for the admin', async () => {
    const tag = uniqueTag('vw');
    const user = await adminApi<User>(
      'POST',
      '/api/users',
      employeeBody(tag, {
        name: `View Person ${tag}`,
        alt_mobile_number: '9123456780',
        permissions: { type: 'Full' },
        pan_number: 'VWXYZ2468A',
      }),
    );
    renderApp(`/admin/master-data/data-pegawai/view/${user.id}`, asAdmin());
    expect(await screen.findByRole('heading', { name: `View Person ${tag}` })).toBeTruthy();
    const card = (title: string) => within(screen.getByRole('article', { name: title }));
    const personal = card('Personal information');
    expect(personal.getByText(user.username)).toBeTruthy();
    expect(personal.getByText('Female')).toBeTruthy();
    // The day it is in the firm's time zone (after 18:30 UTC that is already tomorrow in India).
    const joined = new Intl.DateTimeFormat('en-US', {
      timeZone: APP_TIME_ZONE,
      month: 'short',
      day: '2-digit',
      year: 'numeric',
    }).format(new Date(user.date_joined));
    expect(personal.getByText(joined)).toBeTruthy();
    const contact = card('Contact information');
    expect(contact.getByText(user.email)).toBeTruthy();
    expect(contact.getByText('9123456780')).toBeTruthy();
    const professional = card('Professional information');
    expect(professional.getByText('VWXYZ2468A')).toBeTruthy();
    expect(professional.getByText('123456789012')).toBeTruthy();
    const permissions = professional.getByRole('list', { name: 'Full permissions' });
    expect(
      within(permissions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['create', 'read', 'update', 'delete']);
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit User' })).toBeTruthy();
  });

  it('shows a deleted user as deleted, with no edit', async () => {
    const tag = uniqueTag('vd');
    const user = await adminApi<User>(
      'POST',
      '/api/users',
      employeeBody(tag, { name: `Gone Person ${tag}` }),
    );
    await adminApi('DELETE', `/api/users/${user.id}`);
    renderApp(`/admin/master-data/data-pegawai/view/${user.id}`, asAdmin());
    expect(await screen.findByRole('heading', { name: `Gone Person ${tag}` })).toBeTruthy();
    expect(screen.getByText('Deleted')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit User' })).toBeNull();
  });
});
