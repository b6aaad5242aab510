import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_STATUSES, PIPELINE_PAGE, type PipelineCard } from '@portal/contracts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import { createJob, uniqueName } from '../../../test/data.ts';

/**
 * The Pipeline tab as a screen, against the test server: a job with one page of LinkedIn applicants and
 * two more, one from another source (left out by the URL's filter) and one moved to Screening.
 */
describe('the Pipeline tab', () => {
  it("shows every status in the required order with the server's totals, and loads one column's next page", async () => {
    const job = await createJob({ title: uniqueName('Board') });
    const tag = Date.now().toString(36);
    const person = (i: number, source: string) => ({
      name: `Board Card ${i}`,
      email: `board.${tag}.${i}@example.com`,
      phone: `9${String(Date.now() % 1e5).padStart(5, '0')}${String(i).padStart(4, '0')}`,
      experience: 4,
      source,
      job_id: job.id,
    });
    const linkedIn = PIPELINE_PAGE.default + 2;
    try {
      await adminApi('POST', '/api/candidates/bulk-upload', {
        candidates: [
          ...Array.from({ length: linkedIn + 1 }, (_, i) => person(i, 'LinkedIn')),
          person(linkedIn + 1, 'Naukri'),
        ],
      });
      // The last LinkedIn applicant goes to Screening: Applied keeps one page and one more.
      const board = await adminApi<{
        columns: { status: string; cards: PipelineCard[]; next: string | null }[];
      }>('GET', `/api/jobs/${job.id}/pipeline?perColumn=${PIPELINE_PAGE.max}`);
      const last = board.columns[0]!.cards.find((c) => c.name === `Board Card ${linkedIn}`)!;
      await adminApi('POST', `/api/candidates/${last.uuid}/move`, {
        status: 'screening',
        version: last.version,
      });

      renderApp(
        `/admin/recruitments/job-management/details/${job.id}?tab=pipeline&source=LinkedIn`,
        asAdmin(),
      );
      const applied = await screen.findByRole('grid', { name: 'Applied candidates' });
      expect(screen.getByRole('tab', { name: 'Pipeline', selected: true })).toBeTruthy();
      const columns = [...document.querySelectorAll('.pipeline-column')].map((c) =>
        c.getAttribute('data-status'),
      );
      expect(columns).toEqual([...CANDIDATE_STATUSES]);
      // The headers say the server's totals under the URL's filter (the Naukri applicant is not counted),
      // not the number of cards loaded.
      const total = (status: string) =>
        document.querySelector(`.pipeline-column[data-status="${status}"] .pipeline-column-total`)
          ?.textContent;
      await waitFor(() => expect(total('applied')).toBe(String(linkedIn)));
      expect(total('screening')).toBe('1');
      expect(total('joined')).toBe('0');
      const first = (await within(applied).findByText('Board Card 0')).closest('[role="row"]') as HTMLElement;
      expect(within(first).getByText('0 d in stage')).toBeTruthy();
      expect(within(first).getByText('LinkedIn')).toBeTruthy();
      // The columns' cards are drawn one column a frame, Joined last.
      expect(
        within(await screen.findByRole('grid', { name: 'Joined candidates' })).getByText('No candidates'),
      ).toBeTruthy();

      // Applied has one page and two more: "Show more" there only, and it brings them.
      const appliedColumn = applied.closest('.pipeline-column') as HTMLElement;
      expect(screen.getAllByRole('button', { name: 'Show more' })).toHaveLength(1);
      await userEvent.click(within(appliedColumn).getByRole('button', { name: 'Show more' }));
      await waitFor(() =>
        expect(within(appliedColumn).queryByRole('button', { name: 'Show more' })).toBeNull(),
      );
      expect(total('applied')).toBe(String(linkedIn));
      expect(within(applied).queryByText(`Board Card ${linkedIn - 1}`)).toBeTruthy();
      // A drag handle for each card the reader may move.
      expect(within(applied).getByRole('button', { name: 'Move Board Card 0' })).toBeTruthy();
    } finally {
      // The shared test server's other tests see none of this job's candidates, then not the job.
      const left = await adminApi<{ columns: { cards: PipelineCard[] }[] }>(
        'GET',
        `/api/jobs/${job.id}/pipeline?perColumn=${PIPELINE_PAGE.max}`,
      );
      for (const c of left.columns.flatMap((column) => column.cards))
        await adminApi('DELETE', `/api/candidates/${c.uuid}`);
      await adminApi('DELETE', `/api/jobs/${job.id}`);
    }
    // Thirty candidates written and deleted through the API: on a busy 2-core machine that alone can take
    // most of the usual 20 s.
  }, 60_000);
});
