import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CANDIDATE_STATUSES, type PipelineCard } from '@portal/contracts';
import { adminApi, asAdmin, renderApp } from '../../../test/render.tsx';
import { createJob, uniqueName } from '../../../test/data.ts';

/**
 * The Pipeline tab as a screen. The board's API is answered by a stand-in here (the screen is built to the
 * shapes in contracts); the end-to-end suite drives it against the real server.
 */
const card = (status: PipelineCard['status'], n: number): PipelineCard => ({
  id: 10_000 + n,
  uuid: `${status}-${n}`,
  name: `Card ${status} ${n}`,
  status,
  position: `a${String(n).padStart(3, '0')}`,
  version: 1,
  stage_entered_at: new Date(Date.now() - 3.5 * 86_400_000).toISOString(),
  experience: 4,
  current_company: 'Infosys',
  expected_ctc: 18,
  source: 'LinkedIn',
  image_url: null,
  created_by_id: 1,
  canEdit: true,
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers the board's routes (and records them); everything else goes to the real test app. */
function fakeBoardApi() {
  const asked: string[] = [];
  const json = (body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  globalThis.fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!/\/api\/jobs\/\d+\/pipeline/.test(url)) return realFetch(input, init);
    asked.push(url);
    if (/\/pipeline\/applied\?/.test(url)) return json({ cards: [card('applied', 2)], next: null });
    return json({
      columns: [...CANDIDATE_STATUSES].reverse().map((status) => ({
        status,
        total: status === 'applied' ? 12 : status === 'joined' ? 0 : 1,
        cards: status === 'joined' ? [] : [card(status, 1)],
        next: status === 'applied' ? 'after-1' : null,
      })),
    });
  }) as typeof fetch;
  return asked;
}

describe('the Pipeline tab', () => {
  it("shows every status in the spec's order with the server's totals, and loads one column's next page", async () => {
    const job = await createJob({ title: uniqueName('Board') });
    try {
      const asked = fakeBoardApi();
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
      // The header says the server's total, not the one card loaded.
      expect(screen.getByLabelText('12 candidates')).toBeTruthy();
      expect(within(applied).getByText('Card applied 1')).toBeTruthy();
      expect(within(applied).getByText('3 d in stage')).toBeTruthy();
      expect(
        within(screen.getByRole('grid', { name: 'Joined candidates' })).getByText('No candidates'),
      ).toBeTruthy();
      // The URL's filter went to the server.
      expect(asked[0]).toContain('source=LinkedIn');

      await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
      await waitFor(() => expect(within(applied).getByText('Card applied 2')).toBeTruthy());
      expect(asked.at(-1)).toMatch(/\/pipeline\/applied\?.*source=LinkedIn.*after=after-1/);
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
      // A drag handle for each card the reader may move.
      expect(within(applied).getByRole('button', { name: 'Move Card applied 1' })).toBeTruthy();
    } finally {
      globalThis.fetch = realFetch;
      await adminApi('DELETE', `/api/jobs/${job.id}`);
    }
  });
});
