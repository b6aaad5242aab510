import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_MESSAGES, PASSWORD_MESSAGES, USER_MESSAGES } from '@portal/contracts';
import { shot, browserForThisFile } from './browser.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';
import { makePng } from '../../../scripts/fixtures.ts';

const base = inject('baseUrl');
let admin: Page;
let employee: Page;

const EMPLOYEE = {
  name: 'Priya Nair',
  username: 'priya.nair',
  email: 'priya.nair@example.com',
  password: 'first-pass-1',
  newPassword: 'second-pass-2',
};

const { newPage } = browserForThisFile();

async function signIn(page: Page, area: 'admin' | 'pegawai', username: string, password: string) {
  await page.goto(`${base}/${area}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('employee accounts in the browser', () => {
  it('the admin adds an employee with a photo', async () => {
    admin = await newPage();
    await admin.goto(`${base}/admin/login`);
    await admin.getByRole('heading', { level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(admin, 'admin sign-in page');
    await signIn(admin, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByRole('link', { name: 'Employee Details' }).click();
    await admin.waitForURL('**/admin/master-data/data-pegawai');
    // The list's first row, whoever it is: other suites add users before this one may run.
    await admin.getByRole('cell').first().waitFor();
    await shot(admin, 'users-01-list');
    await expectNoSeriousA11yViolations(admin, 'users list');

    await admin.getByRole('link', { name: 'Add User' }).click();
    await admin.waitForURL('**/data-pegawai/form-data-pegawai');
    const userId = admin.getByRole('textbox', { name: 'User ID' });
    await expect.poll(() => userId.inputValue()).toMatch(/^USR\d{4}$/);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('PAN number is required').waitFor();
    await shot(admin, 'users-02-add-empty-errors');
    await expectNoSeriousA11yViolations(admin, 'user form with errors');

    await admin.getByRole('textbox', { name: /^Username/ }).fill(EMPLOYEE.username);
    await admin.getByRole('textbox', { name: /^Email/ }).fill(EMPLOYEE.email);
    await admin.getByLabel(/^Password/).fill(EMPLOYEE.password);
    await admin.getByRole('button', { name: 'Show password' }).click();
    await admin.getByRole('combobox', { name: /^Role/ }).selectOption('user');
    await admin.getByRole('combobox', { name: /^Permissions/ }).selectOption('Limited');
    await admin.getByRole('textbox', { name: /^Name/ }).fill(EMPLOYEE.name);
    await admin.getByRole('combobox', { name: /^Gender/ }).selectOption('Female');
    await admin.getByRole('textbox', { name: /^Mobile number/ }).fill('9845012345');
    await admin.getByRole('textbox', { name: /^Address/ }).fill('221 Residency Road, Bengaluru 560025');
    await admin.getByRole('combobox', { name: /^Department/ }).selectOption('HR');
    await admin.getByRole('combobox', { name: /^Designation/ }).selectOption('HR Executive');
    await admin.getByRole('textbox', { name: /^PAN number/ }).fill('bnzpm2501f');
    await expect(admin.getByRole('textbox', { name: /^PAN number/ }).inputValue()).resolves.toBe(
      'BNZPM2501F',
    );
    await admin.getByRole('textbox', { name: /^Aadhar number/ }).fill('4321 8765 2109');
    await admin.getByLabel('Photo').setInputFiles({
      name: 'priya.png',
      mimeType: 'image/png',
      buffer: await makePng(128, [214, 92, 60]),
    });
    await admin.getByRole('img', { name: 'Photo preview' }).waitFor();
    await shot(admin, 'users-03-add-filled');
    await expectNoSeriousA11yViolations(admin, 'user form');

    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(USER_MESSAGES.created).waitFor();
    await admin.waitForURL(/data-pegawai$/);
    const row = admin.getByRole('row', { name: new RegExp(EMPLOYEE.username) });
    await row.waitFor();
    // The photo is served to the signed-in admin and really loads.
    await expect
      .poll(() => row.locator('img.avatar').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(128);
    await shot(admin, 'users-04-list-with-new-employee');
    await expectNoSeriousA11yViolations(admin, 'users list with photos');

    await admin.getByRole('link', { name: `View ${EMPLOYEE.username}` }).click();
    await admin.getByRole('heading', { name: EMPLOYEE.name }).waitFor();
    await admin.getByRole('article', { name: 'Professional information' }).getByText('BNZPM2501F').waitFor();
    await shot(admin, 'users-05-view');
    await expectNoSeriousA11yViolations(admin, 'user view');
    await switchToDarkTheme(admin);
    await shot(admin, 'users-06-view-dark');
    await expectNoSeriousA11yViolations(admin, 'user view (dark)');
    await admin.getByRole('link', { name: 'Back to list' }).click();
    await row.waitFor();
    await shot(admin, 'users-07-list-dark');
    await expectNoSeriousA11yViolations(admin, 'users list (dark)');
    await admin.getByRole('link', { name: 'Add User' }).click();
    await expect.poll(() => admin.getByRole('textbox', { name: 'User ID' }).inputValue()).toMatch(/^USR/);
    await expectNoSeriousA11yViolations(admin, 'user form (dark)');
    await admin.getByRole('button', { name: 'Switch to light theme' }).click();
    await expectTheme(admin, 'light');
  });

  it('the employee signs in, sees their photo and changes their password', async () => {
    employee = await newPage();
    await employee.goto(`${base}/pegawai/login`);
    // The page's code loads after the document: axe looks once the sign-in form is drawn, not at the
    // empty page before it (which once had no main landmark and no heading in CI).
    await employee.getByRole('heading', { level: 1 }).waitFor();
    await expectNoSeriousA11yViolations(employee, 'employee sign-in page');
    await signIn(employee, 'pegawai', EMPLOYEE.username, EMPLOYEE.password);
    await employee.waitForURL('**/pegawai/dashboard');
    const profile = employee.getByRole('button', { name: 'Profile menu' });
    await profile.getByText(EMPLOYEE.name).waitFor();
    await expect
      .poll(() => profile.locator('img.avatar').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(128);

    await employee.getByRole('link', { name: 'Change Password' }).click();
    await employee.waitForURL('**/pegawai/settings/change-password');
    await employee.getByLabel(/^Current password/).fill(EMPLOYEE.password);
    await employee.getByLabel(/^New password/).fill(EMPLOYEE.newPassword);
    await employee.getByLabel(/^Confirm new password/).fill('not-the-same');
    await employee.getByRole('button', { name: 'Update Password' }).click();
    await employee.getByText(PASSWORD_MESSAGES.mismatch).waitFor();
    await shot(employee, 'users-08-change-password-mismatch');
    await expectNoSeriousA11yViolations(employee, 'change password with an error');
    await employee.getByLabel(/^Confirm new password/).fill(EMPLOYEE.newPassword);
    await employee.getByRole('button', { name: 'Update Password' }).click();
    await employee.getByText(PASSWORD_MESSAGES.updated).waitFor();
    await employee.waitForURL('**/pegawai/dashboard');
    await shot(employee, 'users-09-password-changed');

    await switchToDarkTheme(employee);
    await employee.getByRole('link', { name: 'Change Password' }).click();
    await employee.getByLabel(/^Current password/).waitFor();
    await expectTheme(employee, 'dark');
    await expectNoSeriousA11yViolations(employee, 'change password (dark)');
    await employee.getByRole('button', { name: 'Switch to light theme' }).click();
  });

  it('the admin deactivates the employee, and their next request is refused', async () => {
    await admin.goto(`${base}/admin/master-data/data-pegawai?search=${EMPLOYEE.username}`);
    await admin.getByRole('link', { name: `Edit ${EMPLOYEE.username}` }).click();
    await admin.waitForURL(/data-pegawai\/edit\/USR\d{4}$/);
    await expect.poll(() => admin.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(EMPLOYEE.name);
    await admin.getByRole('combobox', { name: /^Status/ }).selectOption('inactive');
    await shot(admin, 'users-10-edit-deactivate');
    await expectNoSeriousA11yViolations(admin, 'user edit form');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(USER_MESSAGES.updated).waitFor();
    await admin
      .getByRole('row', { name: new RegExp(EMPLOYEE.username) })
      .getByText('inactive')
      .waitFor();

    // The employee's open page: the very next call is refused and the app says so, then goes home.
    const status = await employee.evaluate(() => fetch('/api/v2/me').then((r) => r.status));
    expect(status).toBe(401);
    await employee.getByRole('link', { name: 'Skills Database' }).click();
    await employee.getByText(AUTH_MESSAGES.sessionExpired).waitFor();
    await shot(employee, 'users-11-session-ended');
    await employee.waitForURL(`${base}/`);

    await signIn(employee, 'pegawai', EMPLOYEE.username, EMPLOYEE.newPassword);
    await employee.getByText(AUTH_MESSAGES.accountInactive).waitFor();
    await shot(employee, 'users-12-inactive-sign-in');
    await expectNoSeriousA11yViolations(employee, 'sign-in page with an error');
  });

  it('fits the list and the form to a phone: no sideways scrolling, no serious axe violation', async () => {
    const phone = await newPage({ width: 390, height: 844 });
    await signIn(phone, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
    await phone.waitForURL('**/admin/dashboard');
    await phone.goto(`${base}/admin/master-data/data-pegawai`);
    await phone.getByText(EMPLOYEE.email, { exact: true }).waitFor();
    await shot(phone, 'users-13-phone-list');
    await expectNoHorizontalScroll(phone, 'users list on a phone');
    await expectNoSeriousA11yViolations(phone, 'users list on a phone');
    await phone.getByRole('link', { name: 'Add User' }).click();
    await phone.getByRole('textbox', { name: 'User ID' }).waitFor();
    await shot(phone, 'users-14-phone-add');
    await expectNoHorizontalScroll(phone, 'user form on a phone');
    await expectNoSeriousA11yViolations(phone, 'user form on a phone');
  });
});
