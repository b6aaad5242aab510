import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_MESSAGES, SKILL_MESSAGES, USER_MESSAGES, type SkillPage, type User } from '@portal/contracts';
import { browserForThisFile, shot, signIn } from './browser.ts';
import { createEmployee, uploadPhoto } from './accounts.ts';
import { adminToken, createJob } from './data.ts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';
import { makePng } from '../../../scripts/fixtures.ts';

/**
 * The built screens walked as a new user would (focus and dialogs, destructive actions waiting
 * for Save, toasts, server errors on their field, page titles, signed-in visitors to the login pages, the
 * the requirements' user routes, the requirements' form messages, the built-in admin editing their own record).
 */
const base = inject('baseUrl');
const { newPage } = browserForThisFile();
const PRODUCT = 'Talent & Property Portal';
const USERS = '/admin/master-data/data-pegawai';
const EMPLOYEE = { name: 'Kavya Menon', username: 'kavya.menon', password: 'kavya-pass-1' };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${await adminToken(base)}` },
  });
  return (await res.json()) as T;
}

const asAdmin = async () => {
  const page = await newPage({ width: 1366, height: 800 });
  await signIn(page, base, 'admin', TEST_ADMIN.username, TEST_ADMIN.password);
  return page;
};

/** What has focus now: its accessible name as a person would read it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? null;
  });
const focusIsIn = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/** Keeps every toast's words in `window.toastsSeen`, from before the page's first script runs. */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('.toast span')) {
        if (!seen.includes(t.textContent ?? '')) seen.push(t.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('focus and dialogs (1)', () => {
  it('keeps focus in the login modal after a failed sign-in; Escape and × close it and focus goes back', async () => {
    const page = await newPage();
    await page.goto(`${base}/`);
    const opener = page.getByRole('button', { name: 'Login', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Username').fill(TEST_ADMIN.username);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('alert').getByText(AUTH_MESSAGES.invalidCredentials).waitFor();
    expect(await focusIsIn(page, 'form[aria-label="Sign in"]')).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Dismiss dialog' }).isVisible()).toBe(true);
    await shot(page, 'walk-01-login-failed');
    // Tab goes round inside the dialog, never out to the page behind it.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsIn(page, '[role="dialog"]')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back a frame after the dialog leaves (react-aria restores it once the scope unmounts).
    await expect.poll(() => focused(page)).toBe('Login');

    await opener.click();
    await dialog.getByRole('button', { name: 'Dismiss dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Login');
  });

  it('says in the delete dialog why a skill that jobs use cannot go, and gives focus back to Delete', async () => {
    await createJob(base, { title: 'Walkthrough Engineer' }); // uses the React skill
    const admin = await asAdmin();
    await admin.goto(`${base}/admin/recruitments/skill-management?search=React`);
    const trigger = admin.getByRole('button', { name: 'Delete React', exact: true });
    await trigger.click();
    const dialog = admin.getByRole('dialog', { name: 'Delete skill' });
    await dialog.getByText(SKILL_MESSAGES.confirmDelete).waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('alert').getByText(SKILL_MESSAGES.inUse).waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await expect.poll(() => focused(admin)).toBe('Close');
    await shot(admin, 'walk-02-skill-in-use');
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(admin)).toBe('Delete React');
  });
});

describe("an employee's record, edited by the admin (2, 3, 4, 7)", () => {
  let person: User;

  it('Remove photo is undone by Cancel and happens on Save', async () => {
    const png = await makePng(96, [40, 120, 200]);
    person = await createEmployee(base, { ...EMPLOYEE, url: await uploadPhoto(base, png) });
    const admin = await asAdmin();
    const edit = `${base}${USERS}/edit/${person.user_id}`;
    await admin.goto(edit);
    const preview = admin.getByRole('img', { name: 'Photo preview' });
    await preview.waitFor();
    await admin.getByRole('button', { name: 'Remove photo' }).click();
    await preview.waitFor({ state: 'detached' });
    await admin.getByText('The photo is removed when you save').waitFor();
    await shot(admin, 'walk-03-photo-marked-for-removal');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.waitForURL(`**${USERS}`);
    expect((await api<User>(`/api/users/${person.id}`)).photo).not.toBeNull();

    await admin.goto(edit);
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await admin.getByRole('button', { name: 'Remove photo' }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(USER_MESSAGES.updated).waitFor();
    expect((await api<User>(`/api/users/${person.id}`)).photo).toBeNull();

    // The toast covers neither the header's buttons nor the page's main action.
    const toast = (await admin.locator('.toast').first().boundingBox())!;
    for (const control of [
      admin.getByRole('link', { name: 'Add User' }),
      admin.getByRole('button', { name: /Switch to (dark|light) theme/ }),
      admin.getByRole('button', { name: 'Profile menu' }),
    ]) {
      expect(overlaps(toast, (await control.boundingBox())!)).toBe(false);
    }
    await shot(admin, 'walk-04-toast-clear-of-controls');
  });

  it('marks a username the server refuses on its field and brings it into view', async () => {
    const admin = await asAdmin();
    await admin.goto(`${base}${USERS}/edit/${person.user_id}`);
    const username = admin.getByRole('textbox', { name: /^Username/ });
    await expect.poll(() => username.inputValue()).toBe(EMPLOYEE.username);
    await username.fill(TEST_ADMIN.username);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
    // Focus moves to the field a frame after its error is drawn (focusFirstInvalidField).
    await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await username.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(800);
    expect(await admin.locator('.field-error', { hasText: USER_MESSAGES.usernameTaken }).count()).toBe(1);
    await shot(admin, 'walk-05-username-taken');
  });

  it('opens view and edit by the required user id and by the old row id; an unknown one says so once', async () => {
    const admin = await asAdmin();
    await recordToasts(admin);
    await admin.goto(`${base}${USERS}/view/${person.user_id}`);
    await admin.getByRole('heading', { name: EMPLOYEE.name }).waitFor();
    await admin.goto(`${base}${USERS}/view/${person.id}`);
    await admin.getByRole('heading', { name: EMPLOYEE.name }).waitFor();
    // The list links to the requirements' form of the route.
    await admin.goto(`${base}${USERS}?search=${EMPLOYEE.username}`);
    await admin.getByRole('link', { name: `Edit ${EMPLOYEE.username}` }).click();
    await admin.waitForURL(`**${USERS}/edit/${person.user_id}`);

    const free = (await api<{ user_id: string }>('/api/users/next-id')).user_id;
    await admin.goto(`${base}${USERS}/view/${free}`);
    await admin.getByText(USER_MESSAGES.fetchDetailsFailed).waitFor();
    await admin.waitForURL(`**${USERS}`);
    expect(await toastsSeen(admin)).not.toContain(USER_MESSAGES.notFound);
  });

  it("answers a 401 with 'Session expired. Please login again.' alone", async () => {
    const admin = await asAdmin();
    await recordToasts(admin);
    await admin.context().clearCookies();
    await admin.goto(`${base}${USERS}/view/${person.user_id}`);
    await admin.getByText(AUTH_MESSAGES.sessionExpired).waitFor();
    await admin.waitForURL(`${base}/`);
    // Every request the page made has been answered: a second refusal would have shown its toast by now.
    await admin.waitForLoadState('networkidle');
    expect(await toastsSeen(admin)).toEqual([AUTH_MESSAGES.sessionExpired]);
  });
});

describe('page titles (5)', () => {
  it('names each screen and the product in the title, on arrival and after moving around', async () => {
    const admin = await asAdmin();
    const titled = async (path: string, title: string | null) => {
      await admin.goto(`${base}${path}`);
      await expect
        .poll(() => admin.title(), { message: path })
        .toBe(title ? `${title} · ${PRODUCT}` : PRODUCT);
    };
    const [me] = (await api<{ items: User[] }>(`/api/users?search=${TEST_ADMIN.username}`)).items;
    for (const [path, title] of [
      ['/admin/dashboard', 'Dashboard'],
      [USERS, 'Employee Details'],
      [`${USERS}/form-data-pegawai`, 'Add User'],
      [`${USERS}/view/${me!.user_id}`, 'User Details'],
      [`${USERS}/edit/${me!.user_id}`, 'Edit User'],
      ['/admin/recruitments/skill-management', 'Skill Management'],
      ['/admin/recruitments/skill-management/form-skill', 'Add Skill'],
      ['/admin/recruitments/job-management', 'Job Management'],
      ['/admin/recruitments/candidates', 'Candidates'],
      ['/admin/expense/list', 'Expense List'],
      ['/admin/reports/transactions', 'Transaction Report'],
      ['/admin/pengaturan/ubah-password', 'Change Password'],
      ['/contact', 'Contact Us'],
      ['/no-such-page', 'Page not found'],
      ['/', null],
    ] as const) {
      await titled(path, title);
    }
    // Moving inside the app (no reload) and back through the history.
    await admin.goto(`${base}/admin/dashboard`);
    await admin.getByRole('link', { name: 'Skill Management' }).click();
    await expect.poll(() => admin.title()).toBe(`Skill Management · ${PRODUCT}`);
    await admin.goBack();
    await expect.poll(() => admin.title()).toBe(`Dashboard · ${PRODUCT}`);

    const visitor = await newPage();
    await visitor.goto(`${base}/pegawai/login`);
    await expect.poll(() => visitor.title()).toBe(`Sign in · ${PRODUCT}`);
    await signIn(visitor, base, 'pegawai', EMPLOYEE.username, EMPLOYEE.password);
    await expect.poll(() => visitor.title()).toBe(`Dashboard · ${PRODUCT}`);
    await visitor.getByRole('link', { name: 'Job Listings' }).click();
    await expect.poll(() => visitor.title()).toBe(`Job Listings · ${PRODUCT}`);
  });
});

describe('signed-in visitors to the login pages (6)', () => {
  it('go to their own dashboard', async () => {
    const admin = await asAdmin();
    for (const area of ['admin', 'pegawai']) {
      await admin.goto(`${base}/${area}/login`);
      await admin.waitForURL('**/admin/dashboard');
    }
    const employee = await newPage();
    await signIn(employee, base, 'pegawai', EMPLOYEE.username, EMPLOYEE.password);
    for (const area of ['pegawai', 'admin']) {
      await employee.goto(`${base}/${area}/login`);
      await employee.waitForURL('**/pegawai/dashboard');
    }
  });
});

describe("the required form messages, not the browser's (8)", () => {
  it('says "Name is required" on the Edit Skill form however it is submitted', async () => {
    const skills = await api<SkillPage>('/api/skills?search=React&pageSize=100');
    const react = skills.items.find((s) => s.name === 'React')!;
    const admin = await asAdmin();
    await admin.goto(`${base}/admin/recruitments/skill-management/edit/${react.id}`);
    const name = admin.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe('React');
    await name.fill('');
    await name.press('Enter');
    const error = admin.locator('.field-error', { hasText: SKILL_MESSAGES.nameRequired });
    await error.waitFor();
    // No constraint of the browser's own: it would answer "Please fill out this field" first.
    expect(await name.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await admin.getByRole('button', { name: 'Update Skill' }).click();
    expect(await error.count()).toBe(1);
    await shot(admin, 'walk-06-skill-name-required');
    expect((await api<SkillPage>('/api/skills?search=React&pageSize=100')).items).toContainEqual(
      expect.objectContaining({ id: react.id, name: 'React' }),
    );
  });
});

describe('the built-in admin edits their own record (10)', () => {
  it('saves without a PAN, an Aadhar or an address it never had', async () => {
    const admin = await asAdmin();
    await admin.goto(`${base}${USERS}?search=${TEST_ADMIN.username}`);
    await admin.getByRole('link', { name: `Edit ${TEST_ADMIN.username}` }).click();
    const name = admin.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe('Administrator');
    for (const field of ['PAN number', 'Aadhar number', 'Address']) {
      const box = admin.getByRole('textbox', { name: new RegExp(`^${field}`) });
      expect(await box.inputValue()).toBe('');
      expect(await box.getAttribute('aria-required')).not.toBe('true');
    }
    await admin.getByRole('textbox', { name: /^Mobile number/ }).fill('9000000011');
    await shot(admin, 'walk-07-admin-edits-self');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(USER_MESSAGES.updated).waitFor();
    const [me] = (await api<{ items: User[] }>(`/api/users?search=${TEST_ADMIN.username}`)).items;
    expect(await api<User>(`/api/users/${me!.id}`)).toMatchObject({
      mobile_number: '9000000011',
      pan_number: null,
      address: null,
    });
  });
});
