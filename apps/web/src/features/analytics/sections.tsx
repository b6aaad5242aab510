import type { PipelineAnalytics, RecruiterActivity, StageFigures } from '@portal/contracts';
import { capitalize } from '../candidates/format.ts';
import { FALLBACK_COLOR, SOURCE_COLORS, STATUS_COLORS } from '../dashboards/palette.ts';
import type { Series } from './BarsChart.tsx';
import { table, type SectionSpec } from './AnalyticsSection.tsx';
import { formatShortDay } from '../../lib/format.ts';
import { ANALYTICS_LABELS as L, FIGURE_LABELS as F } from './labels.ts';
import { Delta, formatCountOrNone, formatDays, formatRate, formatShare, type TableColumn } from './parts.tsx';

type SourceRow = PipelineAnalytics['sources'][number];
type JobRow = PipelineAnalytics['timeToHire']['byJob'][number];
type WeekRow = RecruiterActivity['weeks'][number];

const days = (d: number) => d.toFixed(1);

type StageNumber = 'reached' | 'passed' | 'passRate' | 'rejected' | 'medianDays' | 'p75Days';

/** A stage table's column of one figure, with its change from the earlier period when comparing. */
function stageColumn(
  key: StageNumber,
  format: (value: number | null) => string,
  before: (s: StageFigures) => StageFigures | undefined,
  delta: { kind?: 'count' | 'rate' | 'days'; better?: 'higher' | 'lower' } = {},
): TableColumn<StageFigures> {
  return {
    key,
    numeric: true,
    render: (s) => (
      <>
        {format(s[key])}
        <Delta now={s[key]} before={before(s)?.[key]} {...delta} />
      </>
    ),
  };
}

const stageName = (s: StageFigures) => capitalize(s.status);

export function funnelSection(stages: StageFigures[], previous?: StageFigures[]): SectionSpec {
  const before = (s: StageFigures) => previous?.find((p) => p.status === s.status);
  return {
    key: 'funnel',
    title: L.funnel,
    chart: {
      categories: stages.map(stageName),
      series: [
        { key: 'reached', label: F.reached!, color: STATUS_COLORS.applied },
        { key: 'passed', label: F.passed!, color: STATUS_COLORS.selected },
        { key: 'rejected', label: F.rejected!, color: STATUS_COLORS.rejected },
      ],
      value: (i, key) => stages[i]![key as 'reached' | 'passed' | 'rejected'],
    },
    tables: [
      table<StageFigures>({
        caption: L.funnel,
        rows: stages,
        rowKey: (s) => s.status,
        columns: [
          { key: 'stage', isRowHeader: true, render: stageName },
          stageColumn('reached', formatCountOrNone, before),
          stageColumn('passed', formatCountOrNone, before),
          stageColumn('passRate', formatRate, before, { kind: 'rate' }),
          stageColumn('rejected', formatCountOrNone, before, { better: 'lower' }),
          {
            key: 'rejectionReasons',
            render: (s) =>
              s.rejectionReasons.length === 0 ? (
                '—'
              ) : (
                <ul className="reason-list">
                  {s.rejectionReasons.map((r) => (
                    <li key={r.reason}>
                      {r.reason}: {formatCountOrNone(r.count)}
                    </li>
                  ))}
                </ul>
              ),
          },
        ],
      }),
    ],
  };
}

export function timeInStageSection(stages: StageFigures[], previous?: StageFigures[]): SectionSpec {
  const before = (s: StageFigures) => previous?.find((p) => p.status === s.status);
  return {
    key: 'timeInStage',
    title: L.timeInStage,
    chart: {
      categories: stages.map(stageName),
      series: [
        { key: 'medianDays', label: F.medianDays!, color: STATUS_COLORS.screening },
        { key: 'p75Days', label: F.p75Days!, color: STATUS_COLORS.interviewed },
      ],
      value: (i, key) => stages[i]![key as 'medianDays' | 'p75Days'],
      format: days,
    },
    tables: [
      table<StageFigures>({
        caption: L.timeInStage,
        rows: stages,
        rowKey: (s) => s.status,
        columns: [
          { key: 'stage', isRowHeader: true, render: stageName },
          stageColumn('medianDays', formatDays, before, { kind: 'days' }),
          stageColumn('p75Days', formatDays, before, { kind: 'days' }),
          { key: 'current', numeric: true, render: (s) => formatCountOrNone(s.current) },
          {
            key: 'stale',
            numeric: true,
            render: (s) => (
              <span className={s.stale > 0 ? 'stale-count' : undefined}>{formatCountOrNone(s.stale)}</span>
            ),
          },
        ],
      }),
    ],
  };
}

export function timeToHireSection(
  timeToHire: PipelineAnalytics['timeToHire'],
  previous?: PipelineAnalytics['timeToHire'],
): SectionSpec {
  const overall = [
    { key: 'selected' as const, label: 'Applied to selected' },
    { key: 'joined' as const, label: 'Applied to joined' },
  ];
  type Overall = (typeof overall)[number];
  /** A column of one duration figure of the two overall rows, with its change when comparing. */
  const overallColumn = (key: 'medianDays' | 'p75Days' | 'count', header?: string): TableColumn<Overall> => ({
    key,
    ...(header ? { header } : {}),
    numeric: true,
    render: (o) => (
      <>
        {key === 'count' ? formatCountOrNone(timeToHire[o.key].count) : formatDays(timeToHire[o.key][key])}
        <Delta
          now={timeToHire[o.key][key]}
          before={previous?.[o.key][key]}
          {...(key === 'count' ? {} : { kind: 'days' as const })}
        />
      </>
    ),
  });
  return {
    key: 'timeToHire',
    title: L.timeToHire,
    chart: {
      categories: overall.map((o) => o.label),
      series: [
        { key: 'medianDays', label: F.medianDays!, color: STATUS_COLORS.selected },
        { key: 'p75Days', label: F.p75Days!, color: STATUS_COLORS.joined },
      ],
      value: (i, key) => timeToHire[overall[i]!.key][key as 'medianDays' | 'p75Days'],
      format: days,
    },
    tables: [
      table<Overall>({
        caption: L.timeToHire,
        rows: overall,
        rowKey: (o) => o.key,
        columns: [
          { key: 'measure', header: 'Measure', isRowHeader: true, render: (o) => o.label },
          overallColumn('medianDays'),
          overallColumn('p75Days'),
          overallColumn('count', 'Candidates'),
        ],
      }),
      table<JobRow>({
        caption: L.byJob,
        subtitle: L.byJob,
        rows: timeToHire.byJob,
        rowKey: (j) => String(j.jobId),
        columns: [
          { key: 'job', isRowHeader: true, render: (j) => j.title },
          ...(['selected', 'joined'] as const).flatMap((to): TableColumn<JobRow>[] => [
            {
              key: `${to}Median`,
              header: `Median days to ${to}`,
              numeric: true,
              render: (j) => formatDays(j[to].medianDays),
            },
            {
              key: `${to}P75`,
              header: `75th percentile to ${to}`,
              numeric: true,
              render: (j) => formatDays(j[to].p75Days),
            },
            {
              key: `${to}Count`,
              header: capitalize(to),
              numeric: true,
              render: (j) => formatCountOrNone(j[to].count),
            },
          ]),
        ],
      }),
    ],
  };
}

/**
 * The sources' stacked bars: each bar is all of the source's candidates, cut into how far they got, so the
 * parts add up to the whole (the table's counts are cumulative: a joined candidate was also selected).
 */
const SOURCE_PARTS: (Series & { of: (s: SourceRow) => number })[] = [
  { key: 'joined', label: 'Joined', color: STATUS_COLORS.joined, of: (s) => s.joined },
  {
    key: 'selected',
    label: 'Selected, not joined',
    color: STATUS_COLORS.selected,
    of: (s) => s.selected - s.joined,
  },
  {
    key: 'interviewed',
    label: 'Interviewed, not selected',
    color: STATUS_COLORS.interviewed,
    of: (s) => s.interviewed - s.selected,
  },
  {
    key: 'shortlisted',
    label: 'Shortlisted, not interviewed',
    color: STATUS_COLORS.shortlisted,
    of: (s) => s.shortlisted - s.interviewed,
  },
  { key: 'rest', label: 'Not shortlisted', color: FALLBACK_COLOR, of: (s) => s.candidates - s.shortlisted },
];

export function sourcesSection(sources: SourceRow[], previous?: SourceRow[]): SectionSpec {
  const before = (s: SourceRow) => previous?.find((p) => p.source === s.source);
  const share = (key: 'shortlisted' | 'interviewed' | 'selected' | 'joined'): TableColumn<SourceRow> => ({
    key,
    numeric: true,
    render: (s) => (
      <>
        {formatCountOrNone(s[key])} <span className="muted">({formatShare(s[key], s.candidates)})</span>
        <Delta now={s[key]} before={before(s)?.[key]} />
      </>
    ),
  });
  return {
    key: 'sources',
    title: L.sources,
    chart: {
      stacked: true,
      categories: sources.map((s) => s.source),
      series: SOURCE_PARTS,
      value: (i, key) => Math.max(0, SOURCE_PARTS.find((p) => p.key === key)!.of(sources[i]!)),
    },
    tables: [
      table<SourceRow>({
        caption: L.sources,
        rows: sources,
        rowKey: (s) => s.source,
        columns: [
          {
            key: 'source',
            isRowHeader: true,
            render: (s) => (
              <>
                <span
                  className="chart-swatch inline-swatch"
                  style={{
                    background: SOURCE_COLORS[s.source as keyof typeof SOURCE_COLORS] ?? FALLBACK_COLOR,
                  }}
                  aria-hidden
                />
                {s.source}
              </>
            ),
          },
          {
            key: 'candidates',
            numeric: true,
            render: (s) => (
              <>
                {formatCountOrNone(s.candidates)}
                <Delta now={s.candidates} before={before(s)?.candidates} />
              </>
            ),
          },
          share('shortlisted'),
          share('interviewed'),
          share('selected'),
          share('joined'),
        ],
      }),
    ],
  };
}

/** A person's colour in the activity chart: the palette's colours in turn, by their place in the list. */
const PERSON_COLORS = Object.values(SOURCE_COLORS);

export function activitySection(weeks: WeekRow[]): SectionSpec {
  const weekList = [...new Set(weeks.map((w) => w.week))].sort();
  const people = [...new Map(weeks.map((w) => [w.userId, w.name])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  return {
    key: 'activity',
    title: L.activity,
    chart: {
      stacked: true,
      categories: weekList.map(formatShortDay),
      series: people.map(([userId, name], i) => ({
        key: String(userId),
        label: name,
        color: PERSON_COLORS[i % PERSON_COLORS.length]!,
      })),
      value: (i, key) => weeks.find((w) => w.week === weekList[i] && String(w.userId) === key)?.moves ?? null,
    },
    tables: [
      table<WeekRow>({
        caption: L.activity,
        rows: [...weeks].sort((a, b) => b.week.localeCompare(a.week) || a.name.localeCompare(b.name)),
        rowKey: (w) => `${w.week}:${w.userId}`,
        empty: L.noActivity,
        columns: [
          { key: 'week', render: (w) => w.week },
          { key: 'name', isRowHeader: true, render: (w) => w.name },
          { key: 'moves', numeric: true, render: (w) => formatCountOrNone(w.moves) },
          { key: 'rejections', numeric: true, render: (w) => formatCountOrNone(w.rejections) },
        ],
      }),
    ],
  };
}
