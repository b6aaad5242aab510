import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientResponseAnalytics, PipelineAnalytics } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { AnalyticsFigures } from './AnalyticsScreen.tsx';
import { ANALYTICS_LABELS as L, FIGURE_LABELS as F } from './labels.ts';

const PIPELINE: PipelineAnalytics = {
  stages: [],
  timeToHire: {
    selected: { medianDays: null, p75Days: null, count: 0 },
    joined: { medianDays: null, p75Days: null, count: 0 },
    byJob: [],
  },
  sources: [],
  definitions: { reached: 'Candidates whose history entered this stage or any later one.' },
};

/** Figures shaped as the API answers them (written by hand for these tests). */
const CLIENTS: ClientResponseAnalytics = {
  response: { linksSent: 4, linksAnswered: 3, linksUnanswered: 1, medianHours: 2, averageHours: 3 },
  decisions: {
    sharedCandidates: 5,
    decisions: 4,
    interested: 2,
    onHold: 1,
    notAFit: 1,
    decisionsPerCandidate: 0.8,
  },
  byJob: [
    {
      jobId: 7,
      title: 'Platform Engineer',
      response: { linksSent: 3, linksAnswered: 2, linksUnanswered: 1, medianHours: 4, averageHours: 4.25 },
      decisions: {
        sharedCandidates: 4,
        decisions: 3,
        interested: 1,
        onHold: 1,
        notAFit: 1,
        decisionsPerCandidate: 0.75,
      },
    },
    {
      jobId: 9,
      title: 'Data Analyst',
      response: { linksSent: 1, linksAnswered: 0, linksUnanswered: 1, medianHours: null, averageHours: null },
      decisions: {
        sharedCandidates: 1,
        decisions: 0,
        interested: 0,
        onHold: 0,
        notAFit: 0,
        decisionsPerCandidate: 0,
      },
    },
  ],
  byClient: [
    {
      email: 'hiring@acme.example',
      name: 'Acme Hiring',
      response: { linksSent: 4, linksAnswered: 3, linksUnanswered: 1, medianHours: 2, averageHours: 3 },
    },
  ],
  definitions: {
    clientResponse: 'Review links a shortlist sent, one per recipient.',
    medianHours: 'The hours from a link to its first decision; the median over the answered links.',
    decisionsPerCandidate: 'Decisions divided by shared candidates.',
  },
};

const cells = (r: HTMLElement) =>
  within(r)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${name}\\b`) });

describe('the client response sections', () => {
  it('write the response per job and per client, and the decisions with the whole first', () => {
    render(<AnalyticsFigures pipeline={PIPELINE} clients={CLIENTS} />);
    expect(screen.getByRole('heading', { level: 2, name: L.clientResponse })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: L.clientDecisions })).toBeTruthy();

    const byJob = screen.getByRole('table', { name: L.clientResponseByJob });
    expect(
      within(byJob)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job', F.linksSent, F.linksAnswered, F.linksUnanswered, F.medianHours, F.averageHours]);
    expect(cells(row(byJob, 'Platform Engineer'))).toEqual(['3', '2', '1', '4.0', '4.3']);
    // A job whose links nobody answered has no time: "—", not 0.
    expect(cells(row(byJob, 'Data Analyst'))).toEqual(['1', '0', '1', '—', '—']);

    const byClient = screen.getByRole('table', { name: L.clientResponseByClient });
    expect(within(byClient).getByRole('rowheader').textContent).toBe('Acme Hiring hiring@acme.example');
    expect(cells(row(byClient, 'Acme Hiring'))).toEqual(['4', '3', '1', '2.0', '3.0']);

    const decisions = screen.getByRole('table', { name: L.clientDecisions });
    expect(
      within(decisions)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([L.allJobsRow, 'Platform Engineer', 'Data Analyst']);
    expect(cells(row(decisions, L.allJobsRow))).toEqual(['5', '2', '1', '1', '4', '0.80']);
    expect(cells(row(decisions, 'Platform Engineer'))).toEqual(['4', '1', '1', '1', '3', '0.75']);
    // Both charts beside their tables, hidden from screen readers.
    for (const name of [L.clientResponse, L.clientDecisions])
      expect(screen.getByRole('region', { name }).querySelectorAll('svg.chart-svg[aria-hidden]').length).toBe(
        1,
      );
  });

  it('show their definitions from the info button and in the list at the foot', async () => {
    const user = userEvent.setup();
    render(<AnalyticsFigures pipeline={PIPELINE} clients={CLIENTS} />);
    await user.click(screen.getByRole('button', { name: L.definitionOf(L.clientResponse) }));
    const dialog = await screen.findByRole('dialog', { name: L.definitionOf(L.clientResponse) });
    expect(within(dialog).getByText(CLIENTS.definitions.medianHours!)).toBeTruthy();
    expect(within(dialog).getByText(CLIENTS.definitions.clientResponse!)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: L.definitionOf(L.clientDecisions) }));
    expect(
      within(await screen.findByRole('dialog')).getByText(CLIENTS.definitions.decisionsPerCandidate!),
    ).toBeTruthy();
    // The foot's list holds the pipeline's definitions and these.
    const foot = screen.getByText('What each figure counts').closest('details')!;
    expect(within(foot).getByText(CLIENTS.definitions.medianHours!)).toBeTruthy();
    expect(within(foot).getByText(PIPELINE.definitions.reached!)).toBeTruthy();
  });

  it('say so when no link was sent, or when the figures could not be read', () => {
    const empty: ClientResponseAnalytics = {
      ...CLIENTS,
      response: { linksSent: 0, linksAnswered: 0, linksUnanswered: 0, medianHours: null, averageHours: null },
      byJob: [],
      byClient: [],
    };
    const { unmount } = render(<AnalyticsFigures pipeline={PIPELINE} clients={empty} />);
    for (const name of [L.clientResponseByJob, L.clientResponseByClient, L.clientDecisions])
      expect(within(screen.getByRole('table', { name })).getByText(L.noLinks)).toBeTruthy();
    unmount();
    render(<AnalyticsFigures pipeline={PIPELINE} clientsFailed />);
    expect(screen.getByText(L.clientResponseFailed)).toBeTruthy();
  });

  it('are on the screen, read from the server for the filters', async () => {
    // A month long before any test made a share: the test app's data is shared by every test file.
    renderApp('/admin/recruitments/analytics?from=2020-01-01&to=2020-01-31', asAdmin());
    expect(await screen.findByRole('heading', { level: 2, name: L.clientResponse })).toBeTruthy();
    const byJob = screen.getByRole('table', { name: L.clientResponseByJob });
    // Nothing was sent in that month: the table says so.
    expect(within(byJob).getByText(L.noLinks)).toBeTruthy();
  });
});
