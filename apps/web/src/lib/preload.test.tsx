import { describe, expect, inject, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { EXPENSE_TYPE_VALUES, type Expense, type Loan, type Skill, type User } from '@portal/contracts';
import { employeeBody } from '../../../../scripts/fixtures.ts';
import { ADMIN_USER, adminApi, asAdmin, renderApp, uniqueTag } from '../../test/render.tsx';
import { createCandidate, createJob, uniqueName } from '../../test/data.ts';
import { sendFormDataAsMultipart } from '../../test/multipart.ts';

sendFormDataAsMultipart();

/**
 * Opens an edit screen from another page, as a click on Edit does, and waits only for the navigation:
 * the record must already be in the form, with no "Loading ..." line in its place.
 */
async function openFrom(startPath: string, editPath: string) {
  const { router } = renderApp(startPath, asAdmin());
  await act(() => router.load());
  await act(() => router.navigate({ href: editPath }));
  expect(router.state.location.pathname).toBe(editPath);
}

const textValue = (name: RegExp) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

describe('edit screens load their record with the navigation', () => {
  it('skill edit', async () => {
    const name = uniqueName('Loaded');
    const skill = await adminApi<Skill>('POST', '/api/skills', { name, description: 'From the loader' });
    try {
      await openFrom('/admin/dashboard', `/admin/recruitments/skill-management/edit/${skill.id}`);
      expect(screen.queryByText('Loading skill...')).toBeNull();
      expect(textValue(/^Name/)).toBe(name);
    } finally {
      // The skills list's tests count the demo catalogue: leave it as it was.
      await adminApi('DELETE', `/api/skills/${skill.id}`);
    }
  });

  it('job edit', async () => {
    const title = uniqueName('Loaded');
    const job = await createJob({ title });
    await openFrom('/admin/dashboard', `/admin/recruitments/job-management/edit/${job.id}`);
    expect(screen.queryByText('Loading job...')).toBeNull();
    expect(textValue(/^Job Title/)).toBe(title);
  });

  it('candidate edit', async () => {
    const job = await createJob({ title: uniqueName('Loaded') });
    const candidate = await createCandidate({ job_id: job.id });
    await openFrom('/admin/dashboard', `/admin/recruitments/candidates/edit/${candidate.uuid}`);
    expect(screen.queryByText('Loading candidate...')).toBeNull();
    expect(textValue(/^Full Name/)).toBe(candidate.name);
  });

  it('user edit', async () => {
    const tag = uniqueTag('ldr');
    const user = await adminApi<User>('POST', '/api/users', employeeBody(tag, { name: `Loaded ${tag}` }));
    await openFrom('/admin/dashboard', `/admin/master-data/data-pegawai/edit/${user.id}`);
    expect(screen.queryByText('Loading user...')).toBeNull();
    expect(textValue(/^Name/)).toBe(`Loaded ${tag}`);
  });

  it('purchase edit', async () => {
    const referrer = uniqueTag('ldr');
    const loan = await adminApi<Loan>('POST', '/api/loans', {
      customer_id: ADMIN_USER.id,
      loan_amount: '10.00',
      advance_amount: '0',
      referred_by: referrer,
    });
    await openFrom('/admin/dashboard', `/admin/master-data/lending/edit/${loan.loan_id}`);
    expect(screen.queryByText('Loading purchase...')).toBeNull();
    expect(textValue(/^Referred By/)).toBe(referrer);
  });

  it('expense edit', async () => {
    const name = uniqueName('Loaded');
    const body = new FormData();
    body.set('expenseName', name);
    body.set('amount', '12.50');
    body.set('expenseType', EXPENSE_TYPE_VALUES[0]!);
    body.set('expenseDate', '2026-01-15');
    const res = await fetch(`${inject('apiBase')}/api/expenses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${inject('adminToken')}` },
      body,
    });
    const expense = (await res.json()) as Expense;
    await openFrom('/admin/dashboard', `/admin/expense/edit/${expense.uuid}`);
    // The form has no loading line: without the record it would show empty fields to fill.
    expect(textValue(/^Expense Name/)).toBe(name);
  });
});
