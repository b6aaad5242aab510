import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SKILL_MESSAGES } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';

// The test app is seeded with the 11 demo skills (SEED_DEMO=1).
describe('skills list', () => {
  it('shows ID, Name, Description, Status and Actions, 6 rows a page, with a pager', async () => {
    renderApp('/admin/recruitments/skill-management', asAdmin());
    const table = await screen.findByRole('table');
    await within(table).findByText('Kubernetes');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Name', 'Description', 'Status', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(screen.getByText('Showing 1-6 of 11')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table).findByText('JavaScript');
    expect(screen.getByText('Showing 7-11 of 11')).toBeTruthy();
  });

  it('searches on the server and keeps the search in the URL', async () => {
    const { router } = renderApp('/admin/recruitments/skill-management', asAdmin());
    const table = await screen.findByRole('table');
    await within(table).findByText('Kubernetes');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search skills' }), 'script');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('JavaScript')).toBeTruthy();
    expect(within(table).getByText('TypeScript')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ search: 'script' });
  });

  it('says so when nothing matches', async () => {
    renderApp('/admin/recruitments/skill-management?search=zzzz', asAdmin());
    expect(await screen.findByText('No skills match your search')).toBeTruthy();
  });

  it('asks for confirmation with the required text before deleting, and Cancel keeps the skill', async () => {
    renderApp('/admin/recruitments/skill-management', asAdmin());
    const table = await screen.findByRole('table');
    await within(table).findByText('Kubernetes');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kubernetes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SKILL_MESSAGES.confirmDelete)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(table).getByText('Kubernetes')).toBeTruthy();
  });
});
