import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES as M, type Job } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { createCandidate, createJob, setJobStatus, uniqueName, uniquePhone } from '../../../test/data.ts';

const ADD = '/admin/recruitments/candidates/add';
let jobA: Job;
let jobB: Job;

beforeAll(async () => {
  const word = uniqueName('form');
  jobA = await createJob({ title: `${word} Alpha`, questions: ['Why this role?', 'Earliest start date?'] });
  jobB = await createJob({ title: `${word} Beta`, questions: ['Strongest skill?'] });
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name });
const jobSelect = () => screen.findByRole('combobox', { name: /^Job Position/ });

async function chooseJob(job: Job) {
  const select = await jobSelect();
  await within(select).findByRole('option', { name: job.title });
  await userEvent.selectOptions(select, String(job.id));
}

describe('candidate form', () => {
  it('shows the two tabs and says what is missing on an empty save', async () => {
    renderApp(ADD, asAdmin());
    expect(await screen.findByRole('tab', { name: 'Single Upload' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bulk Upload' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Candidate' }));
    for (const message of [
      M.nameRequired,
      M.emailRequired,
      M.phoneRequired,
      M.experienceRequired,
      M.jobRequired,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await userEvent.type(box(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Add Candidate' }));
    expect(await screen.findByText(M.emailInvalid)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Created By' }) as HTMLInputElement).value).toBe(
      'Administrator',
    );
  });

  it('shows Referred By only when the source is Referral', async () => {
    renderApp(ADD, asAdmin());
    const source = (await screen.findByRole('combobox', { name: 'Source' })) as HTMLSelectElement;
    expect(source.value).toBe('Direct');
    expect(screen.queryByRole('textbox', { name: 'Referred By' })).toBeNull();
    await userEvent.selectOptions(source, 'Referral');
    expect(box('Referred By')).toBeTruthy();
    await userEvent.selectOptions(source, 'LinkedIn');
    expect(screen.queryByRole('textbox', { name: 'Referred By' })).toBeNull();
  });

  it('asks each question of the chosen job and clears the answers when the job changes', async () => {
    renderApp(ADD, asAdmin());
    await chooseJob(jobA);
    await userEvent.type(box(/^Why this role\?/), 'Growth');
    expect(screen.getByRole('textbox', { name: /^Earliest start date\?/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Candidate' }));
    expect(await screen.findAllByText(M.answerRequired)).not.toHaveLength(0);

    await chooseJob(jobB);
    expect(screen.queryByRole('textbox', { name: /^Why this role\?/ })).toBeNull();
    expect((box(/^Strongest skill\?/) as HTMLTextAreaElement).value).toBe('');
    await chooseJob(jobA);
    expect((box(/^Why this role\?/) as HTMLTextAreaElement).value).toBe('');
  });

  it('checks the resume file before accepting it', async () => {
    renderApp(ADD, asAdmin());
    const input = (await screen.findByLabelText('Resume')) as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }), {
      applyAccept: false,
    });
    expect(await screen.findAllByText(M.resumeType)).not.toHaveLength(0);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'cv.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, big);
    expect(await screen.findAllByText(M.resumeTooLarge)).not.toHaveLength(0);
    await userEvent.upload(input, new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(M.resumeSelected)).toBeTruthy();
  });

  it('reads the bytes as the server does: a picture named cv.pdf is refused in the server’s words', async () => {
    renderApp(ADD, asAdmin());
    const input = (await screen.findByLabelText('Resume')) as HTMLInputElement;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    // Toasts of the tests before may still be up: no new "selected" one may appear.
    const selectedBefore = screen.queryAllByText(M.resumeSelected).length;
    await userEvent.upload(input, new File([png], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findAllByText(M.resumeType)).not.toHaveLength(0);
    expect(screen.queryAllByText(M.resumeSelected)).toHaveLength(selectedBefore);
  });

  it('stops the save when the candidate already exists', async () => {
    const existing = await createCandidate({
      job_id: jobB.id,
      job_answers: { 'Strongest skill?': 'Go' },
    });
    const { router } = renderApp(ADD, asAdmin());
    await userEvent.type(await screen.findByRole('textbox', { name: /^Full Name/ }), 'Someone Else');
    await userEvent.type(box(/^Email/), existing.email);
    await userEvent.type(box(/^Phone/), uniquePhone());
    await userEvent.type(screen.getByRole('spinbutton', { name: /^Experience/ }), '2');
    await chooseJob(jobB);
    await userEvent.type(box(/^Strongest skill\?/), 'Testing');
    await userEvent.click(screen.getByRole('button', { name: 'Add Candidate' }));
    expect(await screen.findAllByText(/already exists/)).not.toHaveLength(0);
    // Marked on the field that matched, which takes the focus.
    await waitFor(() => expect(box(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(box(/^Phone/).getAttribute('aria-invalid')).not.toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box(/^Email/)));
    expect(router.state.location.pathname).toBe(ADD);
  });

  it('adds a candidate and goes back to the list', async () => {
    const name = uniqueName('Added');
    const { router } = renderApp(ADD, asAdmin());
    await userEvent.type(await screen.findByRole('textbox', { name: /^Full Name/ }), name);
    await userEvent.type(box(/^Email/), `${name.toLowerCase()}@example.com`);
    await userEvent.type(box(/^Phone/), uniquePhone());
    await userEvent.type(screen.getByRole('spinbutton', { name: /^Experience/ }), '4.5');
    await chooseJob(jobB);
    await userEvent.type(box(/^Strongest skill\?/), 'Debugging');
    await userEvent.click(screen.getByRole('button', { name: 'Add Candidate' }));
    expect(await screen.findByText(M.added)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/recruitments/candidates'));
  });

  it('offers only jobs that take candidates, and keeps a closed job chosen on its candidate', async () => {
    const word = uniqueName('offer');
    const open = await createJob({ title: `${word} Open` });
    const draft = await createJob({ title: `${word} Draft`, status: 'draft' });
    const closed = await setJobStatus(await createJob({ title: `${word} Closed` }), 'closed');
    const archived = await setJobStatus(await createJob({ title: `${word} Archived` }), 'archived');
    const expired = await setJobStatus(await createJob({ title: `${word} Expired` }), 'expired');
    const offered = async () => {
      const select = await jobSelect();
      await within(select).findByRole('option', { name: open.title });
      return within(select)
        .getAllByRole('option')
        .map((o) => o.textContent ?? '')
        .filter((t) => t.startsWith(word))
        .sort();
    };

    const added = renderApp(ADD, asAdmin());
    expect(await offered()).toEqual([open.title]);
    added.unmount();

    // A candidate of a job that closed after they were added: the form still shows that job, chosen.
    const onClosing = await createJob({ title: `${word} Closing` });
    const made = await createCandidate({ job_id: onClosing.id });
    await setJobStatus(onClosing, 'closed');
    renderApp(`/admin/recruitments/candidates/edit/${made.uuid}`, asAdmin());
    await screen.findByRole('textbox', { name: /^Full Name/ });
    expect(await offered()).toEqual([`${word} Closing`, open.title]);
    expect(((await jobSelect()) as HTMLSelectElement).value).toBe(String(onClosing.id));
    for (const gone of [draft, closed, archived, expired]) {
      expect(within(await jobSelect()).queryByRole('option', { name: gone.title })).toBeNull();
    }
  });

  it('edits a candidate: loads its values and saves the change', async () => {
    const made = await createCandidate({
      job_id: jobB.id,
      job_answers: { 'Strongest skill?': 'SQL' },
      source: 'Referral',
      referred_by: 'Kiran',
      current_location: 'Karnataka, Bengaluru Urban',
    });
    const { router } = renderApp(`/admin/recruitments/candidates/edit/${made.uuid}`, asAdmin());
    const name = (await screen.findByRole('textbox', { name: /^Full Name/ })) as HTMLInputElement;
    expect(name.value).toBe(made.name);
    expect((box('Referred By') as HTMLInputElement).value).toBe('Kiran');
    expect((box(/^Strongest skill\?/) as HTMLTextAreaElement).value).toBe('SQL');
    const district = screen.getByRole('combobox', { name: 'Current District' }) as HTMLSelectElement;
    await waitFor(() => expect(district.value).toBe('Bengaluru Urban'));
    await userEvent.clear(box('Current Company'));
    await userEvent.type(box('Current Company'), 'Globex');
    await userEvent.click(screen.getByRole('button', { name: 'Update Candidate' }));
    expect(await screen.findByText(M.updated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/recruitments/candidates'));
  });
});
