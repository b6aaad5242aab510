import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  APPLICATION_REFERENCE_PATTERN,
  NOTIFICATION_MESSAGES as N,
  PUBLIC_MESSAGES,
  type Job,
  type JobCreate,
  type SkillPage,
} from '@portal/contracts';
import { browserForThisFile, shot, signIn } from './browser.ts';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, switchToDarkTheme } from './a11y.ts';
import { createEmployee } from './accounts.ts';
import { createCandidate, createJob } from './data.ts';

const base = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const browser = browserForThisFile();
const RESUME = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A job made by the employee themselves (so it is "a job I created"), through the API with their token. */
async function createJobAs(username: string, password: string, title: string): Promise<Job> {
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const skills = (await (
    await fetch(`${base}/api/skills?pageSize=1000`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as SkillPage;
  const body: JobCreate = {
    title,
    type: 'Full-time',
    description: 'Analysts for a retail data team.',
    state: 'KA',
    city: 'Bengaluru Urban',
    minSalary: 800_000,
    maxSalary: 1_400_000,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    experienceRange: [1, 4],
    interviewRounds: ['Shortlisting'],
    skillIds: [skills.items[0]!.id],
    questions: [],
    clientName: 'Nimbus Retail',
    clientEmail: 'talent@nimbus-retail.example',
    clientLocation: 'Bengaluru',
  };
  const res = await fetch(`${base}/api/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`creating the job failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Job;
}

async function applyOnCareersPage(page: Page, job: Job, email: string) {
  await page.goto(`${base}/careers/jobs/${job.id}/apply`);
  await page.getByRole('heading', { name: `Apply for ${job.title}` }).waitFor();
  await page.getByLabel('Full Name').fill('Meera Raghavan');
  await page.getByLabel('Email').fill(email);
  await page
    .getByLabel('Resume')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: RESUME });
  await page.getByRole('button', { name: 'Submit Application' }).click();
}

describe('an application from a person already on file, and the bell', () => {
  it('answers the applicant as anyone, adds an application of theirs to the job, and rings the job creator’s bell live', async () => {
    const stamp = Date.now().toString(36);
    const owner = { name: 'Kavya Iyer', username: `kavya${stamp}`, password: 'owner-pass-1' };
    await createEmployee(base, owner);
    const firstJob = await createJob(base, { title: `Frontend Developer ${stamp}`, status: 'active' });
    const existing = await createCandidate(base, {
      name: `Meera Raghavan ${stamp}`,
      email: `meera.${stamp}@example.com`,
      phone: `98${String(Date.now()).slice(-8)}`,
      experience: 3,
      job_id: firstJob.id,
    });
    const secondJob = await createJobAs(owner.username, owner.password, `Python Data Analyst ${stamp}`);

    // The job's creator is signed in, with the bell in view.
    const recruiter = await browser.newPage();
    await signIn(recruiter, base, 'pegawai', owner.username, owner.password);
    await recruiter.getByRole('button', { name: N.title, exact: true }).waitFor();

    // The applicant applies for the second job with the e-mail already on file (a phone-sized screen).
    const applicant = await browser.newPage(PHONE);
    await applyOnCareersPage(applicant, secondJob, existing.email.toUpperCase());
    // The page says what it says to anyone (the address is told by e-mail what was done with it).
    await applicant.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.applied }).waitFor();
    await expect(applicant.locator('.confirmation-ref').textContent()).resolves.toMatch(
      APPLICATION_REFERENCE_PATTERN,
    );
    await shot(applicant, 'notifications-confirmation-phone-light');
    await expectNoHorizontalScroll(applicant, 'the confirmation');
    await expectNoSeriousA11yViolations(applicant, 'the confirmation (phone)');
    await applicant.emulateMedia({ colorScheme: 'dark' });
    await applicant.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await shot(applicant, 'notifications-confirmation-phone-dark');

    // The recruiter's bell counts it at once, without a reload.
    const bell = recruiter.getByRole('button', { name: `${N.title}, ${N.unreadLabel(1)}` });
    await bell.waitFor({ timeout: 10_000 });
    await bell.click();
    // A new application of the person on file, in the job applied for: told as any careers applicant is.
    const text = N.candidateAdded(null, existing.name, secondJob.title);
    const link = recruiter.getByRole('link', { name: new RegExp(text.replace(/[()]/g, '.')) });
    await link.waitFor();
    await shot(recruiter, 'notifications-bell-desktop-light');
    // An open popover is drawn at the end of <body> by react-aria, beside (not inside) the page's landmarks,
    // with hidden dismiss buttons around its dialog: axe's "region" rule counts those as content outside a
    // landmark. Every other rule holds for the open bell.
    await expectNoSeriousA11yViolations(recruiter, 'the open bell', { skipRules: ['region'] });
    // The same in the dark theme (the toggle sits behind the open panel: close it first).
    await recruiter.keyboard.press('Escape');
    await switchToDarkTheme(recruiter);
    await recruiter.getByRole('button', { name: /^Notifications/ }).click();
    await link.waitFor();
    await shot(recruiter, 'notifications-bell-desktop-dark');
    await expectNoSeriousA11yViolations(recruiter, 'the open bell (dark)', { skipRules: ['region'] });

    // Following it opens the new application, which lists the person's other one; it is read now.
    await link.click();
    await recruiter.waitForURL('**/employee/recruitments/candidates/*');
    expect(recruiter.url()).not.toContain(existing.uuid);
    await recruiter.getByRole('heading', { name: 'Other applications' }).waitFor();
    await recruiter.getByRole('link', { name: firstJob.title }).waitFor();
    await recruiter.getByRole('button', { name: N.title, exact: true }).waitFor();
    await shot(recruiter, 'notifications-candidate-other-applications');

    // The job's Candidates tab lists the application as one of its candidates.
    await recruiter.goto(`${base}/employee/recruitments/job-management/details/${secondJob.id}`);
    await recruiter.getByRole('tab', { name: 'Candidates' }).click();
    await recruiter.getByRole('table').getByText(existing.name).first().waitFor();
    await shot(recruiter, 'notifications-job-candidates');

    // On a phone the bell and its list fit the screen.
    const phone = await browser.newPage(PHONE);
    await signIn(phone, base, 'pegawai', owner.username, owner.password);
    await phone.getByRole('button', { name: /^Notifications/ }).click();
    await phone.getByRole('list', { name: N.title }).waitFor();
    await shot(phone, 'notifications-bell-phone-light');
    await expectNoHorizontalScroll(phone, 'the open bell');
  }, 240_000);
});
