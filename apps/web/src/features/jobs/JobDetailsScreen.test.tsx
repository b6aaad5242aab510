import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_MESSAGES, JOB_MESSAGES } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { createJob, uniqueName } from '../../../test/data.ts';

describe('job details', () => {
  it('shows the header, every field of the Job Details tab, and and an empty Candidates tab', async () => {
    const title = uniqueName('Details');
    const job = await createJob({
      title,
      type: 'Contract',
      state: 'MH',
      city: 'Pune',
      deadline: null,
      status: 'draft',
      minSalary: 1_200_000,
      maxSalary: 1_800_000,
      experienceRange: [3, 6],
      skills: ['React', 'Docker'],
      interviewRounds: ['Shortlisting', 'HR Round'],
      questions: ['Notice period?'],
      clientName: 'Kirana Cart',
      clientEmail: 'hr@kiranacart.example',
      clientLocation: 'Hinjewadi, Pune',
    });
    renderApp(`/admin/recruitments/job-management/details/${job.id}`, asAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('Contract · Pune, Maharashtra')).toBeTruthy();
    const badge = screen.getByText('DRAFT');
    expect(badge.className).toContain('badge-amber');

    for (const text of [
      'A job made by a component test.',
      'Docker',
      'React',
      'Shortlisting',
      'HR Round',
      'Notice period?',
      '₹12 - ₹18 LPA',
      '3 - 6 years',
      JOB_MESSAGES.deadlineNotSpecified,
      'Kirana Cart',
      'hr@kiranacart.example',
      'Hinjewadi, Pune',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Edit Job' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Candidates' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText(CANDIDATE_MESSAGES.noCandidates)).toBeTruthy();
    expect(within(panel).getByText(CANDIDATE_MESSAGES.adjustFilters)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Share Shortlisted' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: '← Back to jobs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Job Management' })).toBeTruthy();
  });

  it('says the job could not be loaded for an unknown id', async () => {
    renderApp('/admin/recruitments/job-management/details/999999', asAdmin());
    expect(await screen.findByText(JOB_MESSAGES.detailsFailed)).toBeTruthy();
    expect(screen.getAllByText(JOB_MESSAGES.notFound).length).toBeGreaterThan(0);
  });
});
