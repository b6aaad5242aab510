import { describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PipelineAnalytics, RecruiterActivity, StageFigures } from '@portal/contracts';
import { asAdmin, renderApp } from '../../../test/render.tsx';
import { AnalyticsFigures } from './AnalyticsScreen.tsx';
import { ANALYTICS_LABELS as L } from './labels.ts';
import { comparisonSearch, previousPeriod, validateAnalyticsSearch } from './routeParams.ts';
import { useCoalesced } from './useLiveAnalytics.ts';

/** Figures shaped as the API answers them (written by hand for these tests). */
const stage = (status: StageFigures['status'], f: Partial<StageFigures>): StageFigures => ({
  status,
  reached: 0,
  passed: 0,
  rejected: 0,
  passRate: null,
  rejectionReasons: [],
  current: 0,
  stale: 0,
  medianDays: null,
  p75Days: null,
  ...f,
});

const FIGURES: PipelineAnalytics = {
  stages: [
    stage('applied', {
      reached: 40,
      passed: 30,
      passRate: 0.75,
      rejected: 6,
      current: 4,
      stale: 1,
      medianDays: 2.5,
      p75Days: 4,
    }),
    stage('screening', {
      reached: 30,
      passed: 18,
      passRate: 0.6,
      rejected: 9,
      rejectionReasons: [
        { reason: 'Skills Mismatch', count: 7 },
        { reason: 'Other', count: 2 },
      ],
      current: 3,
      stale: 2,
      medianDays: 5,
      p75Days: 9.5,
    }),
    stage('shortlisted', {
      reached: 18,
      passed: 10,
      passRate: 10 / 18,
      rejected: 5,
      current: 3,
      medianDays: 3,
      p75Days: 6,
    }),
    stage('interviewed', {
      reached: 10,
      passed: 5,
      passRate: 0.5,
      rejected: 4,
      current: 1,
      medianDays: 7,
      p75Days: 12,
    }),
    stage('selected', { reached: 5, passed: 3, passRate: 0.6, current: 2, medianDays: 10, p75Days: 14 }),
    stage('joined', { reached: 3, current: 3 }),
  ],
  timeToHire: {
    selected: { medianDays: 21, p75Days: 30.5, count: 5 },
    joined: { medianDays: 35, p75Days: 41, count: 3 },
    byJob: [
      {
        jobId: 7,
        title: 'Platform Engineer',
        selected: { medianDays: 20, p75Days: 28, count: 4 },
        joined: { medianDays: 33, p75Days: 40, count: 2 },
      },
    ],
  },
  sources: [
    { source: 'LinkedIn', candidates: 25, shortlisted: 12, interviewed: 7, selected: 4, joined: 2 },
    { source: 'Referral', candidates: 15, shortlisted: 6, interviewed: 3, selected: 1, joined: 1 },
  ],
  definitions: {
    reached: 'Candidates whose history entered this stage or any later one.',
    passed: 'Candidates who reached a later stage.',
    medianDays: 'The median of the stays that ended in the period.',
    stale: 'Candidates waiting in the stage longer than 14 days.',
    moves: 'Status changes and board moves made by the person.',
  },
};

const PREVIOUS: PipelineAnalytics = {
  ...FIGURES,
  stages: FIGURES.stages.map((s) => (s.status === 'screening' ? { ...s, reached: 26, medianDays: 6 } : s)),
};

const ACTIVITY: RecruiterActivity = {
  weeks: [
    { week: '2026-11-16', userId: 1, name: 'Administrator', moves: 12, rejections: 3 },
    { week: '2026-11-23', userId: 1, name: 'Administrator', moves: 5, rejections: 1 },
    { week: '2026-11-23', userId: 9, name: 'Nisha Verma', moves: 8, rejections: 0 },
  ],
};

const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${name}\\b`) });
const cells = (r: HTMLElement) =>
  within(r)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the analytics sections', () => {
  it('write every figure in their tables, with the change from the previous period', () => {
    render(<AnalyticsFigures pipeline={FIGURES} previous={PREVIOUS} activity={ACTIVITY} />);
    for (const title of [L.funnel, L.timeInStage, L.timeToHire, L.sources, L.activity])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();

    const funnel = screen.getByRole('table', { name: L.funnel });
    expect(
      within(funnel)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Applied', 'Screening', 'Shortlisted', 'Interviewed', 'Selected', 'Joined']);
    expect(cells(row(funnel, 'Screening'))).toEqual([
      '30 +4 on the previous period',
      '18 ±0 on the previous period',
      '60.0% ±0.0 pts on the previous period',
      '9 ±0 on the previous period',
      'Skills Mismatch: 7Other: 2',
    ]);
    expect(cells(row(funnel, 'Joined'))[2]).toContain('—');

    const time = screen.getByRole('table', { name: L.timeInStage });
    expect(cells(row(time, 'Screening'))).toEqual([
      '5.0 −1.0 d on the previous period',
      '9.5 ±0.0 d on the previous period',
      '3',
      '2',
    ]);

    const hire = screen.getByRole('table', { name: L.timeToHire });
    expect(cells(row(hire, 'Applied to joined'))[0]).toMatch(/^35\.0/);
    const byJob = screen.getByRole('table', { name: L.byJob });
    expect(cells(row(byJob, 'Platform Engineer'))).toEqual(['20.0', '28.0', '4', '33.0', '40.0', '2']);

    const sources = screen.getByRole('table', { name: L.sources });
    expect(cells(row(sources, 'LinkedIn')).map((c) => c!.replace(/ ±0 on the previous period/, ''))).toEqual([
      '25',
      '12 (48%)',
      '7 (28%)',
      '4 (16%)',
      '2 (8%)',
    ]);

    const activity = screen.getByRole('table', { name: L.activity });
    const rows = within(activity).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2026-11-23Administrator51',
      '2026-11-23Nisha Verma80',
      '2026-11-16Administrator123',
    ]);
    // Each chart is drawn beside its table and hidden from screen readers, which read the table.
    expect(document.querySelectorAll('svg.chart-svg[aria-hidden]').length).toBe(5);
  });

  it("open each figure's definition from an info button reached with the keyboard", async () => {
    const user = userEvent.setup();
    render(<AnalyticsFigures pipeline={FIGURES} activity={ACTIVITY} />);
    const funnelInfo = screen.getByRole('button', { name: L.definitionOf(L.funnel) });
    await user.tab();
    expect(document.activeElement).toBe(funnelInfo);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: L.definitionOf(L.funnel) });
    expect(within(dialog).getByText(FIGURES.definitions.reached!)).toBeTruthy();
    expect(within(dialog).getByText(FIGURES.definitions.passed!)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: L.definitionOf(L.activity) }));
    expect(within(await screen.findByRole('dialog')).getByText(FIGURES.definitions.moves!)).toBeTruthy();
    // A section whose figures the answer does not define shows no button.
    expect(screen.queryByRole('button', { name: L.definitionOf(L.sources) })).toBeNull();
    // Every definition is also listed at the foot of the screen.
    expect(screen.getByText('What each figure counts')).toBeTruthy();
  });

  it('say so when nobody matches the filters', () => {
    render(
      <AnalyticsFigures
        pipeline={{ ...FIGURES, sources: [], timeToHire: { ...FIGURES.timeToHire, byJob: [] } }}
        activity={{ weeks: [] }}
      />,
    );
    expect(within(screen.getByRole('table', { name: L.sources })).getByText(L.noData)).toBeTruthy();
    expect(within(screen.getByRole('table', { name: L.activity })).getByText(L.noActivity)).toBeTruthy();
  });
});

describe('the analytics filters', () => {
  it('are read from the URL and written back to it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/admin/recruitments/analytics?source=LinkedIn&from=2026-10-01', asAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: L.title })).toBeTruthy();
    const filters = screen.getByRole('form', { name: L.filters });
    const source = within(filters).getByRole('combobox', { name: L.source });
    expect((source as HTMLSelectElement).value).toBe('LinkedIn');
    const compare = within(filters).getByRole('combobox', { name: L.compare });
    expect((compare as HTMLSelectElement).disabled).toBe(true);

    await user.selectOptions(source, 'Referral');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ source: 'Referral' }));
    await user.type(within(filters).getByLabelText(L.to), '2026-10-31');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ to: '2026-10-31' }));
    // Comparing needs both dates: the choice is open once the "to" date has reached the address.
    await waitFor(() =>
      expect((within(filters).getByRole('combobox', { name: L.compare }) as HTMLSelectElement).disabled).toBe(
        false,
      ),
    );
    await user.selectOptions(within(filters).getByRole('combobox', { name: L.compare }), 'previous');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        source: 'Referral',
        from: '2026-10-01',
        to: '2026-10-31',
        compare: 'previous',
      }),
    );
    expect(await screen.findByText(/Compared with/)).toBeTruthy();

    // The job picker lists the jobs of the job list; choosing one narrows the figures to it.
    const job = within(filters).getByRole('combobox', { name: L.job });
    await waitFor(() => expect(within(job).getAllByRole('option').length).toBeGreaterThan(1));
    const first = within(job).getAllByRole('option')[1] as HTMLOptionElement;
    await user.selectOptions(job, first.value);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ jobId: Number(first.value) }));
    await user.selectOptions(source, '');
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('source'));
  });

  it('fall back to "all" for anything malformed, and compare with the period of equal length before', () => {
    expect(
      validateAnalyticsSearch({
        jobId: 'x',
        source: 'Fax',
        createdBy: '-3',
        from: '2026-02-30',
        compare: 'yes',
      }),
    ).toEqual({});
    expect(validateAnalyticsSearch({ from: '2026-03-31', to: '2026-03-01', jobId: '4' })).toEqual({
      jobId: 4,
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousPeriod('2026-11-25', '2026-11-25')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(comparisonSearch({ from: '2026-03-01', compare: 'previous' })).toBeUndefined();
    expect(
      comparisonSearch({ source: 'Direct', from: '2026-03-01', to: '2026-03-10', compare: 'previous' }),
    ).toEqual({
      source: 'Direct',
      from: '2026-02-19',
      to: '2026-02-28',
      compare: 'previous',
    });
  });
});

describe('the live refetch', () => {
  it('runs at once, then gathers a burst of changes into one more run a second later', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const { result } = renderHook(() => useCoalesced(run, 1000));
      act(() => result.current());
      expect(run).toHaveBeenCalledTimes(1);
      act(() => {
        for (let i = 0; i < 20; i++) result.current();
      });
      expect(run).toHaveBeenCalledTimes(1);
      act(() => void vi.advanceTimersByTime(1000));
      expect(run).toHaveBeenCalledTimes(2);
      act(() => void vi.advanceTimersByTime(5000));
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
