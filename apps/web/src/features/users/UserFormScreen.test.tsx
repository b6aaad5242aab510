import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PASSWORD_MESSAGES,
  UPLOAD_MESSAGES,
  USER_MESSAGES,
  type User,
  type UserPage,
} from '@portal/contracts';
import { employeeBody } from '../../../../../scripts/fixtures.ts';
import { adminApi, asAdmin, renderApp, uniqueTag } from '../../../test/render.tsx';

const ADD = '/admin/master-data/data-pegawai/form-data-pegawai';
const user = () => userEvent.setup({ applyAccept: false });

const form = async () => within(await screen.findByRole('form', { name: 'Add user' }));
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function fillValid(u: ReturnType<typeof user>, tag: string) {
  await u.type(field('Username'), tag);
  await u.type(field('Email'), `${tag}@example.com`);
  await u.type(screen.getByLabelText(/^Password/), 'secret-pass');
  await u.selectOptions(screen.getByRole('combobox', { name: /^Role/ }), 'user');
  await u.selectOptions(screen.getByRole('combobox', { name: /^Permissions/ }), 'Limited');
  await u.type(field('Name'), `Form Person ${tag}`);
  await u.selectOptions(screen.getByRole('combobox', { name: /^Gender/ }), 'Male');
  await u.type(field('Mobile number'), '98765 43210');
  await u.type(field('Address'), '4 Park Street, Kolkata');
  await u.selectOptions(screen.getByRole('combobox', { name: /^Department/ }), 'Sales');
  await u.selectOptions(screen.getByRole('combobox', { name: /^Designation/ }), 'Telecaller');
  await u.type(field('PAN number'), 'fghij5678k');
  await u.type(field('Aadhar number'), '1111 2222 3333');
}

describe('Add user form', () => {
  it('shows the generated id read-only and the PAN hint', async () => {
    renderApp(ADD, asAdmin());
    const id = await screen.findByRole('textbox', { name: 'User ID' });
    await waitFor(() => expect((id as HTMLInputElement).value).toMatch(/^USR\d{4}$/));
    expect(id.hasAttribute('readonly')).toBe(true);
    expect(screen.getByText(USER_MESSAGES.panHint)).toBeTruthy();
  });

  it('says what is missing and sends nothing', async () => {
    const before = (await adminApi<UserPage>('GET', '/api/users')).total;
    renderApp(ADD, asAdmin());
    const f = await form();
    await user().click(f.getByRole('button', { name: 'Save' }));
    for (const message of [
      'Name is required',
      'Username is required',
      'Email is required',
      'Password is required',
      'Gender is required',
      'Role is required',
      'Department is required',
      'Designation is required',
      'Mobile number is required',
      'PAN number is required',
      'Aadhar number is required',
      'Address is required',
      'Permissions is required',
    ]) {
      expect(f.getByText(message)).toBeTruthy();
    }
    expect((await adminApi<UserPage>('GET', '/api/users')).total).toBe(before);
  });

  it('checks each format with the required messages; PAN is upper-cased as typed', async () => {
    const u = user();
    renderApp(ADD, asAdmin());
    const f = await form();
    await u.type(field('Email'), 'not-an-email');
    await u.type(screen.getByLabelText(/^Password/), '12345');
    await u.type(field('Mobile number'), '12345');
    await u.type(field('Alternative mobile number'), '98765432109');
    await u.type(field('PAN number'), 'abcd12345f');
    await u.type(field('Aadhar number'), '1234');
    expect((field('PAN number') as HTMLInputElement).value).toBe('ABCD12345F');
    await u.click(f.getByRole('button', { name: 'Save' }));
    for (const message of [
      USER_MESSAGES.invalidEmail,
      PASSWORD_MESSAGES.tooShort,
      USER_MESSAGES.mobileDigits,
      USER_MESSAGES.altMobileDigits,
      USER_MESSAGES.aadharDigits,
    ]) {
      expect(f.getByText(message)).toBeTruthy();
    }
    // The PAN hint turns into its error.
    expect(
      within(field('PAN number').closest('.field') as HTMLElement).getByText(USER_MESSAGES.panHint),
    ).toBeTruthy();
    expect(field('PAN number').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows and hides the password', async () => {
    renderApp(ADD, asAdmin());
    await form();
    const input = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(input.type).toBe('password');
    await user().click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    await user().click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('refuses a photo that is not an image, before uploading anything', async () => {
    const u = user();
    renderApp(ADD, asAdmin());
    const f = await form();
    const input = f.getByLabelText('Photo') as HTMLInputElement;
    await u.upload(input, new File(['hello'], 'notes.png', { type: 'text/plain' }));
    expect(await f.findByText(UPLOAD_MESSAGES.notAnImage)).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await u.upload(input, big);
    expect(await f.findByText(UPLOAD_MESSAGES.photoTooLarge)).toBeTruthy();
  });

  it('Reset empties the form', async () => {
    const u = user();
    renderApp(ADD, asAdmin());
    const f = await form();
    await u.type(field('Name'), 'Somebody');
    await u.click(f.getByRole('button', { name: 'Save' }));
    expect(await f.findByText('Username is required')).toBeTruthy();
    await u.click(f.getByRole('button', { name: 'Reset' }));
    expect((field('Name') as HTMLInputElement).value).toBe('');
    expect(f.queryByText('Username is required')).toBeNull();
  });

  it('creates the user with the proposed id and goes back to the list', { timeout: 45_000 }, async () => {
    const tag = uniqueTag('frm');
    const u = user();
    const { router } = renderApp(ADD, asAdmin());
    await form();
    const id = screen.getByRole('textbox', { name: 'User ID' }) as HTMLInputElement;
    await waitFor(() => expect(id.value).toMatch(/^USR\d{4}$/));
    const proposed = id.value;
    await fillValid(u, tag);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MESSAGES.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/master-data/data-pegawai'));
    const page = await adminApi<UserPage>('GET', `/api/users?search=${tag}`);
    expect(page.items).toHaveLength(1);
    const created = await adminApi<User>('GET', `/api/users/${page.items[0]!.id}`);
    expect(created).toMatchObject({
      user_id: proposed,
      name: `Form Person ${tag}`,
      role: 'user',
      mobile_number: '9876543210',
      pan_number: 'FGHIJ5678K',
      aadhar_number: '111122223333',
      alt_mobile_number: null,
      permissions: { type: 'Limited', permissions: ['create', 'read', 'update'] },
    });
  });

  // Filling the whole form by typing takes a while on a busy machine.
  it(
    'marks the field the server refused, besides the banner and the toast',
    { timeout: 45_000 },
    async () => {
      const tag = uniqueTag('dup');
      await adminApi('POST', '/api/users', employeeBody(tag, { username: tag }));
      const u = user();
      renderApp(ADD, asAdmin());
      await form();
      await fillValid(u, tag);
      await u.click(screen.getByRole('button', { name: 'Save' }));
      const alerts = await screen.findAllByText(USER_MESSAGES.usernameTaken);
      expect(alerts.length).toBeGreaterThanOrEqual(3);
      const username = field('Username');
      expect(username.getAttribute('aria-invalid')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(username));
      // The e-mail the server did not name stays unmarked.
      expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    },
  );
});

describe('Edit user form', () => {
  it('loads the user, changes status and saves', async () => {
    const tag = uniqueTag('edt');
    const created = await adminApi<User>(
      'POST',
      '/api/users',
      employeeBody(tag, { name: `Edit Person ${tag}` }),
    );
    const u = user();
    renderApp(`/admin/master-data/data-pegawai/edit/${created.id}`, asAdmin());
    const f = within(await screen.findByRole('form', { name: 'Edit user' }));
    expect((field('Name') as HTMLInputElement).value).toBe(`Edit Person ${tag}`);
    expect((field('PAN number') as HTMLInputElement).value).toBe('ABCDE1234F');
    await u.selectOptions(screen.getByRole('combobox', { name: /^Status/ }), 'inactive');
    await u.click(f.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MESSAGES.updated)).toBeTruthy();
    expect((await adminApi<User>('GET', `/api/users/${created.id}`)).status).toBe('inactive');
  });

  it("changes the user's password through the dialog, with the dialog's rules", async () => {
    const tag = uniqueTag('pwd');
    const created = await adminApi<User>('POST', '/api/users', employeeBody(tag));
    const u = user();
    renderApp(`/admin/master-data/data-pegawai/edit/${created.id}`, asAdmin());
    await screen.findByRole('form', { name: 'Edit user' });
    await u.click(screen.getByRole('button', { name: 'Change Password' }));
    const dialog = within(await screen.findByRole('dialog'));
    await u.type(dialog.getByLabelText(/^New password/), '12345');
    await u.type(dialog.getByLabelText(/^Confirm new password/), '12345');
    await u.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(await dialog.findByText(PASSWORD_MESSAGES.newTooShort)).toBeTruthy();
    await u.clear(dialog.getByLabelText(/^New password/));
    await u.type(dialog.getByLabelText(/^New password/), 'brand-new-1');
    await u.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(await dialog.findByText(PASSWORD_MESSAGES.mismatch)).toBeTruthy();
    await u.clear(dialog.getByLabelText(/^Confirm new password/));
    await u.type(dialog.getByLabelText(/^Confirm new password/), 'brand-new-1');
    await u.click(dialog.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.updated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
