import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M, type Candidate, type Job } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { createCandidate, createEmployee, createJob, uniqueName } from '../../../test/data.ts';

let job: Job;
let teammate: { token: string; user: { name: string } };
const made: Candidate[] = [];

/**
 * A call as `token` (the admin by default), beside the screen's own session: through node's HTTP client,
 * since the test setup's fetch signs every call in as the screen's user.
 */
function api<T>(path: string, method: string, body?: unknown, token = inject('adminToken')): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${inject('apiBase')}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          (res.statusCode ?? 500) < 300
            ? resolve(JSON.parse(text) as T)
            : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  job = await createJob({ title: `${uniqueName('merge')} Analyst`, questions: [] });
  teammate = await createEmployee('Farah Merchant');
});
afterAll(async () => {
  for (const c of made) await api(`/api/candidates/${c.uuid}`, 'DELETE');
  await api(`/api/jobs/${job.id}`, 'DELETE');
});

/** A candidate the teammate added (so both may edit it), and the admin's edit form open on it. */
async function openEdit() {
  const c = await createCandidate({ job_id: job.id, notes: 'First call done' }, teammate.token);
  made.push(c);
  const { router } = renderApp(`/admin/recruitments/candidates/edit/${c.uuid}`, asAdmin());
  const name = (await screen.findByRole('textbox', { name: /^Full Name/ })) as HTMLInputElement;
  expect(name.value).toBe(c.name);
  return { c, router };
}

/** The teammate saves the candidate with `changes` (from the version it was loaded at). */
const teammateSaves = (c: Candidate, changes: Record<string, unknown>) =>
  api<Candidate>(`/api/candidates/${c.uuid}`, 'PUT', { ...changes, version: c.version }, teammate.token);

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** The Save button (once the save in flight has settled). */
const update = () => screen.findByRole('button', { name: 'Update Candidate' });

describe('a save refused because a teammate saved first', { timeout: 60_000 }, () => {
  it('keeps what I typed in the fields they did not touch, takes theirs, and says who changed what at Save', async () => {
    const { c, router } = await openEdit();
    await teammateSaves(c, { notes: 'Available from March' });

    await userEvent.clear(field(/^Phone/));
    await userEvent.type(field(/^Phone/), '9822001122');
    await userEvent.click(await update());

    const said = M.mergedKept('Farah Merchant changed Notes');
    // At the Save button (its description) as well as in the banner at the top.
    await waitFor(async () => expect((await update()).getAttribute('aria-describedby')).toBeTruthy());
    const id = (await update()).getAttribute('aria-describedby')!;
    expect(document.getElementById(id)?.textContent).toBe(said);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(said);
    expect(said).not.toMatch(/status|Administrator/i);
    expect(field(/^Phone/).value).toBe('9822001122');
    expect(field(/^Notes/).value).toBe('Available from March');
    expect(screen.queryByRole('radio')).toBeNull();

    await userEvent.click(await update());
    expect(await screen.findByText(M.updated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/recruitments/candidates'));
    const now = await api<Candidate>(`/api/candidates/${c.uuid}`, 'GET');
    expect(now).toMatchObject({ phone: '9822001122', notes: 'Available from March' });
  });

  it('asks which value to keep for a field we both changed, and saves the choice', async () => {
    const { c } = await openEdit();
    await teammateSaves(c, { notes: 'Prefers Pune', current_company: 'Globex' });

    await userEvent.clear(field(/^Notes/));
    await userEvent.type(field(/^Notes/), 'Prefers Bengaluru');
    await userEvent.click(await update());

    const choice = await screen.findByRole('group', { name: 'Notes' });
    expect(document.getElementById((await update()).getAttribute('aria-describedby')!)?.textContent).toBe(
      M.mergedChoose('Farah Merchant changed Current Company and Notes', 'Notes'),
    );
    expect(field(/^Current Company/).value).toBe('Globex');
    expect(field(/^Notes/).value).toBe('Prefers Bengaluru');
    const mine = within(choice).getByRole('radio', { name: /Keep mine/ });
    const theirs = within(choice).getByRole('radio', { name: /Use theirs \(Farah Merchant\)/ });
    expect(mine.closest('label')?.textContent).toContain('Prefers Bengaluru');
    expect(theirs.closest('label')?.textContent).toContain('Prefers Pune');

    // Not saved until I choose.
    await userEvent.click(await update());
    expect(await screen.findByText(M.chooseFirst('Notes'))).toBeTruthy();

    await userEvent.click(theirs);
    expect(field(/^Notes/).value).toBe('Prefers Pune');
    await userEvent.click(mine);
    expect(field(/^Notes/).value).toBe('Prefers Bengaluru');
    await userEvent.click(await update());
    expect(await screen.findByText(M.updated)).toBeTruthy();
    const now = await api<Candidate>(`/api/candidates/${c.uuid}`, 'GET');
    expect(now).toMatchObject({ notes: 'Prefers Bengaluru', current_company: 'Globex' });
  });
});
