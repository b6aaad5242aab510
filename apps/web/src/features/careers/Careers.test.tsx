import { describe, expect, it, beforeAll } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  APPLICATION_REFERENCE_PATTERN,
  CANDIDATE_MESSAGES,
  PUBLIC_MESSAGES,
  PUBLIC_RESUME_MAX_BYTES,
  type Job,
} from '@portal/contracts';
import { renderApp } from '../../../test/render.tsx';
import { createJob, findCandidateByEmail, uniqueName } from '../../../test/data.ts';
import { sendFormDataAsMultipart } from '../../../test/multipart.ts';

sendFormDataAsMultipart();

const PDF = () =>
  new File(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'], 'cv.pdf', {
    type: 'application/pdf',
  });

let job: Job;
let tag: string;
beforeAll(async () => {
  tag = uniqueName('Careertest');
  job = await createJob({ title: `${tag} Platform Engineer`, status: 'active', skills: ['React'] });
});

describe('careers pages', () => {
  it('lists current openings, searches them, and says when nothing matches', async () => {
    const { router } = renderApp('/careers/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: PUBLIC_MESSAGES.openings })).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search jobs' }), tag);
    const link = await screen.findByRole('link', { name: `${tag} Platform Engineer` });
    expect(screen.getAllByRole('listitem').some((li) => li.textContent?.includes('Bengaluru Urban'))).toBe(
      true,
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ search: tag }));
    // The client's name and e-mail are not public.
    expect(screen.queryByText(/Test Client|client@example.com/)).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'zzznomatch');
    expect(await screen.findByText(PUBLIC_MESSAGES.noJobs)).toBeTruthy();
    expect(link.isConnected).toBe(false);
  });

  it('shows a job with Apply Now, and "Job not found" for an unknown one', async () => {
    renderApp(`/careers/jobs/${job.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: `${tag} Platform Engineer` })).toBeTruthy();
    expect(screen.getByText('A job made by a component test.')).toBeTruthy();
    const apply = screen.getAllByRole('link', { name: /Apply Now/ })[0]!;
    expect(apply.getAttribute('href')).toBe(`/careers/jobs/${job.id}/apply`);
    await waitFor(() => expect(document.title).toMatch(new RegExp(`^${tag} Platform Engineer`)));
    renderApp('/careers/jobs/999999999');
    expect(await screen.findByRole('heading', { name: PUBLIC_MESSAGES.jobNotFound })).toBeTruthy();
  });

  it('requires full name, e-mail and resume, then applies and shows a confirmation page', async () => {
    renderApp(`/careers/jobs/${job.id}/apply`);
    await screen.findByRole('heading', { name: `Apply for ${tag} Platform Engineer` });
    expect(screen.getByText(PUBLIC_MESSAGES.resumeHint)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText(PUBLIC_MESSAGES.fullNameRequired)).toBeTruthy();
    expect(screen.getByText(CANDIDATE_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(PUBLIC_MESSAGES.resumeRequired)).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Kavya Nair');
    await userEvent.type(screen.getByLabelText(/^Email/), `${tag.toLowerCase()}@example.com`);
    await userEvent.type(screen.getByLabelText(/^Phone/), '9845012345');
    await userEvent.type(screen.getByLabelText(/^Experience/), '3');
    await userEvent.type(screen.getByLabelText(/^Notice Period/), '30');
    await userEvent.upload(screen.getByLabelText(/^Resume/), PDF());
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const page = await screen.findByRole('region', { name: PUBLIC_MESSAGES.applied });
    expect(within(page).getByText(`${tag} Platform Engineer`)).toBeTruthy();
    expect(within(page).getByText(APPLICATION_REFERENCE_PATTERN)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Application' })).toBeNull();
  });

  it("asks the job's screening questions, optional, and the answers given reach the candidate", async () => {
    const asking = await createJob({
      title: `${tag} Data Engineer`,
      status: 'active',
      skills: ['React'],
      questions: ['Why do you want to join us?', 'When could you start?'],
    });
    renderApp(`/careers/jobs/${asking.id}/apply`);
    await screen.findByRole('heading', { name: `Apply for ${tag} Data Engineer` });
    const questions = screen.getByRole('group', { name: PUBLIC_MESSAGES.questionsHeading });
    const why = within(questions).getByLabelText('Why do you want to join us?');
    expect(within(questions).getByLabelText('When could you start?')).toBeTruthy();
    expect(why.hasAttribute('required')).toBe(false);
    const email = `${uniqueName('answers').toLowerCase()}@example.com`;
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Anil Kumar');
    await userEvent.type(screen.getByLabelText(/^Email/), email);
    await userEvent.type(why, 'The data platform work');
    await userEvent.upload(screen.getByLabelText(/^Resume/), PDF());
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByRole('region', { name: PUBLIC_MESSAGES.applied });
    // The one left blank is not sent; the recruiter sees the one given, and a dash for the other.
    expect((await findCandidateByEmail(email))?.questionnaire).toEqual([
      { question: 'Why do you want to join us?', answer: 'The data platform work' },
      { question: 'When could you start?', answer: '' },
    ]);
  });

  it('shows an address already on file the very page a new applicant sees', async () => {
    const email = `${uniqueName('onfile').toLowerCase()}@example.com`;
    /** Applies with `email` and returns the confirmation's words, the reference left out. */
    const confirmationFor = async () => {
      const { unmount } = renderApp(`/careers/jobs/${job.id}/apply`);
      await screen.findByRole('heading', { name: `Apply for ${tag} Platform Engineer` });
      await userEvent.type(screen.getByLabelText(/^Full Name/), 'Lakshmi Pillai');
      await userEvent.type(screen.getByLabelText(/^Email/), email);
      await userEvent.upload(screen.getByLabelText(/^Resume/), PDF());
      await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
      const page = await screen.findByRole('region', { name: PUBLIC_MESSAGES.applied });
      const reference = within(page).getByText(APPLICATION_REFERENCE_PATTERN).textContent!;
      const words = page.textContent!.replace(reference, '');
      unmount();
      return words;
    };
    const first = await confirmationFor();
    // The second time the address is on file (the same job again): the server records it on the profile
    // and tells the address by e-mail; the page says what it said the first time.
    expect(await confirmationFor()).toBe(first);
  });

  it("shows the contract's message at a number field that holds words, and sends nothing", async () => {
    renderApp(`/careers/jobs/${job.id}/apply`);
    await screen.findByRole('heading', { name: `Apply for ${tag} Platform Engineer` });
    const email = `${uniqueName('numbers').toLowerCase()}@example.com`;
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Ravi Kumar');
    await userEvent.type(screen.getByLabelText(/^Email/), email);
    const experience = screen.getByLabelText(/^Experience/);
    await userEvent.type(experience, 'ten');
    await userEvent.upload(screen.getByLabelText(/^Resume/), PDF());
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    // The route's schema says it, beside the field, before anything goes out.
    const field = experience.closest('.field') as HTMLElement;
    expect(await within(field).findByText('Experience must be a number')).toBeTruthy();
    expect(experience.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy();
  });

  it('says a negative experience or notice period cannot be negative, in the words the server uses', async () => {
    renderApp(`/careers/jobs/${job.id}/apply`);
    await screen.findByRole('heading', { name: `Apply for ${tag} Platform Engineer` });
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Ravi Kumar');
    await userEvent.type(screen.getByLabelText(/^Email/), `${uniqueName('neg').toLowerCase()}@example.com`);
    const experience = screen.getByLabelText(/^Experience/);
    const notice = screen.getByLabelText(/^Notice Period/);
    await userEvent.type(experience, '-2');
    await userEvent.type(notice, '-30');
    await userEvent.upload(screen.getByLabelText(/^Resume/), PDF());
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(
      await within(experience.closest('.field') as HTMLElement).findByText(CANDIDATE_MESSAGES.experienceMin),
    ).toBeTruthy();
    expect(
      within(notice.closest('.field') as HTMLElement).getByText(CANDIDATE_MESSAGES.noticePeriodMin),
    ).toBeTruthy();
  });

  it('reads a picked resume as the server does: a text file named cv.pdf is refused at the field', async () => {
    renderApp(`/careers/jobs/${job.id}/apply`);
    await screen.findByRole('heading', { name: `Apply for ${tag} Platform Engineer` });
    const resume = screen.getByLabelText(/^Resume/);
    await userEvent.upload(resume, new File(['just some text'], 'cv.pdf', { type: 'application/pdf' }));
    const field = resume.closest('.field') as HTMLElement;
    expect(await within(field).findByText(CANDIDATE_MESSAGES.resumeType)).toBeTruthy();
    // A real PDF afterwards clears it.
    await userEvent.upload(resume, PDF());
    await waitFor(() => expect(within(field).queryByText(CANDIDATE_MESSAGES.resumeType)).toBeNull());
  });

  it('keeps everything typed when the server refuses, and offers Retry', async () => {
    renderApp(`/careers/jobs/${job.id}/apply`);
    await screen.findByRole('heading', { name: `Apply for ${tag} Platform Engineer` });
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Arjun Das');
    await userEvent.type(screen.getByLabelText(/^Email/), `arjun.${tag.toLowerCase()}@example.com`);
    await userEvent.type(screen.getByLabelText(/^Current Company/), 'Acme');
    // A PDF larger than the server takes: only the server judges the size of a public application.
    const tooLarge = new Uint8Array(PUBLIC_RESUME_MAX_BYTES + 1);
    tooLarge.set(new TextEncoder().encode('%PDF-1.4\n'));
    await userEvent.upload(
      screen.getByLabelText(/^Resume/),
      new File([tooLarge], 'cv.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CANDIDATE_MESSAGES.publicResumeTooLarge);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect((screen.getByLabelText(/^Full Name/) as HTMLInputElement).value).toBe('Arjun Das');
    expect((screen.getByLabelText(/^Current Company/) as HTMLInputElement).value).toBe('Acme');
  });
});
