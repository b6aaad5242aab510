import { describe, expect, inject, it } from 'vitest';
import { SKILL_MESSAGES } from '@portal/contracts';
import { shot, browserForThisFile } from './browser.ts';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectTheme,
  switchToDarkTheme,
} from './a11y.ts';
import { createEmployee } from './accounts.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

const base = inject('baseUrl');

const { newPage } = browserForThisFile();

describe('admin manages skills in the browser', () => {
  it('signs in through the modal, adds, edits and deletes a skill, and signs out; axe passes in both themes', async () => {
    const page = await newPage();
    await page.goto(base);
    await page.getByRole('heading', { name: /Welcome to the Talent/ }).waitFor();
    await shot(page, '01-home');
    await expectNoSeriousA11yViolations(page, 'landing page');

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await shot(page, '02-login-modal');
    await expectNoSeriousA11yViolations(page, 'sign-in dialog');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).getByText('Administrator').waitFor();
    await shot(page, '03-admin-dashboard');
    await expectNoSeriousA11yViolations(page, 'admin dashboard');

    await page.getByRole('link', { name: 'Skill Management' }).click();
    await page.waitForURL('**/admin/recruitments/skill-management');
    await page.getByRole('cell', { name: 'Kubernetes', exact: true }).waitFor();
    await shot(page, '04-skill-list');
    await expectNoSeriousA11yViolations(page, 'skills list');

    await page.getByRole('link', { name: 'Add Skill' }).click();
    await page.waitForURL('**/skill-management/form-skill');
    await page.getByRole('button', { name: 'Save Skill' }).click();
    await expect(page.getByText(SKILL_MESSAGES.nameRequired).isVisible()).resolves.toBe(true);
    await page.getByLabel('Name').fill('GraphQL');
    await page.getByLabel('Description').fill('Typed API query language');
    await shot(page, '05-skill-form');
    await expectNoSeriousA11yViolations(page, 'skill form');
    await page.getByRole('button', { name: 'Save Skill' }).click();
    await page.getByText(SKILL_MESSAGES.created).waitFor();
    await page.waitForURL(/skill-management$/);
    await page.getByRole('cell', { name: 'GraphQL', exact: true }).waitFor();
    await shot(page, '06-skill-created');

    await page.getByRole('link', { name: 'Edit GraphQL' }).click();
    await page.waitForURL(/skill-management\/edit\/\d+$/);
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('GraphQL');
    await page.getByLabel('Name').fill('GraphQL APIs');
    await page.getByLabel('Status').selectOption('inactive');
    await shot(page, '07-skill-edit');
    await page.getByRole('button', { name: 'Update Skill' }).click();
    await page.getByText(SKILL_MESSAGES.updated).waitFor();
    const row = page.getByRole('row', { name: /GraphQL APIs/ });
    await row.waitFor();
    await expect(row.getByText('inactive').isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: 'Delete GraphQL APIs' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(SKILL_MESSAGES.confirmDelete).waitFor();
    await shot(page, '08-skill-delete-confirm');
    await expectNoSeriousA11yViolations(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(SKILL_MESSAGES.deleted).waitFor();
    await row.waitFor({ state: 'detached' });

    await switchToDarkTheme(page);
    await shot(page, '09-skill-list-dark');
    await expectNoSeriousA11yViolations(page, 'skills list (dark)');
    await page.reload();
    await page.getByRole('cell', { name: 'Kubernetes', exact: true }).waitFor();
    await expectTheme(page, 'dark');
    await page.getByRole('link', { name: 'Add Skill' }).click();
    await page.getByLabel('Name').waitFor();
    await expectNoSeriousA11yViolations(page, 'skill form (dark)');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // The session is over on the server too: the admin screen now sends us home.
    await page.goto(`${base}/admin/recruitments/skill-management`);
    await page.waitForURL(`${base}/`);
    await shot(page, '10-signed-out');
  });

  it('fits the list and the menu to a phone: no sideways scrolling, no serious axe violation', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('Username').fill(TEST_ADMIN.username);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${base}/admin/recruitments/skill-management`);
    // On a phone each row is a card whose cells carry their column label, so look for the text itself.
    await page.getByText('Kubernetes', { exact: true }).waitFor();
    await shot(page, '11-phone-skill-list');
    await expectNoHorizontalScroll(page, 'skills list on a phone');
    await expectNoSeriousA11yViolations(page, 'skills list on a phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Skill Management' }).waitFor();
    await shot(page, '12-phone-menu');
    await expectNoHorizontalScroll(page, 'menu on a phone');
    await expectNoSeriousA11yViolations(page, 'menu on a phone');
  });
});

describe('employee and the route guard', () => {
  it('sends an employee who opens an admin URL to /pegawai/dashboard', async () => {
    await createEmployee(base, { name: 'Meera Iyer', username: 'meera', password: 'meera-pass' });
    const page = await newPage();
    await page.goto(`${base}/pegawai/login`);
    await page.getByLabel('Username').fill('meera');
    await page.getByLabel('Password').fill('meera-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/pegawai/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).getByText('Meera Iyer').waitFor();
    await shot(page, '13-employee-dashboard');
    await expectNoSeriousA11yViolations(page, 'employee dashboard');

    await page.goto(`${base}/admin/recruitments/skill-management`);
    await page.waitForURL('**/pegawai/dashboard');
    expect(new URL(page.url()).pathname).toBe('/pegawai/dashboard');

    await page.getByRole('link', { name: 'Skills Database' }).click();
    await page.getByRole('cell', { name: 'Kubernetes', exact: true }).waitFor();
    await shot(page, '14-employee-skills');
    await expectNoSeriousA11yViolations(page, 'employee skills list');
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await newPage();
    await page.goto(`${base}/this/does/not/exist`);
    await page.getByText('Sorry, this page is not available!').waitFor();
    await shot(page, '15-not-found');
    await expectNoSeriousA11yViolations(page, 'not-found page');
  });
});
