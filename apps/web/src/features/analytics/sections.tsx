import type { PipelineAnalytics, RecruiterActivity, StageFigures } from '@portal/contracts';
import { capitalize } from '../candidates/format.ts';
import { FALLBACK_COLOR, SOURCE_COLORS, STATUS_COLORS } from '../dashboards/palette.ts';
import { BarsChart, type Series } from './BarsChart.tsx';
import { formatShortDay } from '../../lib/format.ts';
import { ANALYTICS_LABELS as L, FIGURE_LABELS as F } from './labels.ts';
import {
  Delta,
  FigureSection,
  FigureTable,
  formatCountOrNone,
  formatDays,
  formatRate,
  formatShare,
  type TableColumn,
} from './parts.tsx';

type Definitions = PipelineAnalytics['definitions'];
type SourceRow = PipelineAnalytics['sources'][number];
type JobRow = PipelineAnalytics['timeToHire']['byJob'][number];
type WeekRow = RecruiterActivity['weeks'][number];

/** The definitions each section's info button shows, by the figure names of the answer's `definitions`. */
export const SECTION_DEFINITIONS = {
  funnel: ['stages', 'reached', 'passed', 'passRate', 'rejected', 'rejectionReasons'],
  timeInStage: ['timeInStage', 'medianDays', 'p75Days', 'current', 'stale'],
  timeToHire: ['timeToHire', 'timeToSelected', 'timeToJoined', 'selected', 'joined'],
  sources: ['sources', 'source', 'candidates', 'shortlisted', 'interviewed', 'selected', 'joined'],
  activity: ['activity', 'week', 'moves', 'rejections'],
} as const;

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

export function FunnelSection({
  stages,
  previous,
  definitions,
}: {
  stages: StageFigures[];
  previous?: StageFigures[] | undefined;
  definitions: Definitions;
}) {
  const before = (s: StageFigures) => previous?.find((p) => p.status === s.status);
  const series: Series[] = [
    { key: 'reached', label: F.reached!, color: STATUS_COLORS.applied },
    { key: 'passed', label: F.passed!, color: STATUS_COLORS.selected },
    { key: 'rejected', label: F.rejected!, color: STATUS_COLORS.rejected },
  ];
  const columns: TableColumn<StageFigures>[] = [
    { key: 'stage', isRowHeader: true, render: (s) => capitalize(s.status) },
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
  ];
  return (
    <FigureSection
      title={L.funnel}
      definitionKeys={SECTION_DEFINITIONS.funnel}
      definitions={definitions}
      chart={
        <BarsChart
          categories={stages.map((s) => capitalize(s.status))}
          series={series}
          value={(i, key) => stages[i]![key as 'reached' | 'passed' | 'rejected']}
        />
      }
    >
      <FigureTable
        caption={L.funnel}
        columns={columns}
        rows={stages}
        rowKey={(s) => s.status}
        empty={L.noData}
      />
    </FigureSection>
  );
}

export function TimeInStageSection({
  stages,
  previous,
  definitions,
}: {
  stages: StageFigures[];
  previous?: StageFigures[] | undefined;
  definitions: Definitions;
}) {
  const before = (s: StageFigures) => previous?.find((p) => p.status === s.status);
  const columns: TableColumn<StageFigures>[] = [
    { key: 'stage', isRowHeader: true, render: (s) => capitalize(s.status) },
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
  ];
  return (
    <FigureSection
      title={L.timeInStage}
      definitionKeys={SECTION_DEFINITIONS.timeInStage}
      definitions={definitions}
      chart={
        <BarsChart
          categories={stages.map((s) => capitalize(s.status))}
          series={[
            { key: 'medianDays', label: F.medianDays!, color: STATUS_COLORS.screening },
            { key: 'p75Days', label: F.p75Days!, color: STATUS_COLORS.interviewed },
          ]}
          value={(i, key) => stages[i]![key as 'medianDays' | 'p75Days']}
          format={days}
        />
      }
    >
      <FigureTable
        caption={L.timeInStage}
        columns={columns}
        rows={stages}
        rowKey={(s) => s.status}
        empty={L.noData}
      />
    </FigureSection>
  );
}

export function TimeToHireSection({
  timeToHire,
  previous,
  definitions,
}: {
  timeToHire: PipelineAnalytics['timeToHire'];
  previous?: PipelineAnalytics['timeToHire'] | undefined;
  definitions: Definitions;
}) {
  const overall = [
    { key: 'selected' as const, label: 'Applied to selected' },
    { key: 'joined' as const, label: 'Applied to joined' },
  ];
  type Overall = (typeof overall)[number];
  const columns: TableColumn<Overall>[] = [
    { key: 'measure', header: 'Measure', isRowHeader: true, render: (o) => o.label },
    {
      key: 'medianDays',
      numeric: true,
      render: (o) => (
        <>
          {formatDays(timeToHire[o.key].medianDays)}
          <Delta now={timeToHire[o.key].medianDays} before={previous?.[o.key].medianDays} kind="days" />
        </>
      ),
    },
    {
      key: 'p75Days',
      numeric: true,
      render: (o) => (
        <>
          {formatDays(timeToHire[o.key].p75Days)}
          <Delta now={timeToHire[o.key].p75Days} before={previous?.[o.key].p75Days} kind="days" />
        </>
      ),
    },
    {
      key: 'count',
      header: 'Candidates',
      numeric: true,
      render: (o) => (
        <>
          {formatCountOrNone(timeToHire[o.key].count)}
          <Delta now={timeToHire[o.key].count} before={previous?.[o.key].count} />
        </>
      ),
    },
  ];
  const jobColumns: TableColumn<JobRow>[] = [
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
  ];
  return (
    <FigureSection
      title={L.timeToHire}
      definitionKeys={SECTION_DEFINITIONS.timeToHire}
      definitions={definitions}
      chart={
        <BarsChart
          categories={overall.map((o) => o.label)}
          series={[
            { key: 'medianDays', label: F.medianDays!, color: STATUS_COLORS.selected },
            { key: 'p75Days', label: F.p75Days!, color: STATUS_COLORS.joined },
          ]}
          value={(i, key) => timeToHire[overall[i]!.key][key as 'medianDays' | 'p75Days']}
          format={days}
        />
      }
    >
      <FigureTable
        caption={L.timeToHire}
        columns={columns}
        rows={overall}
        rowKey={(o) => o.key}
        empty={L.noData}
      />
      <h3 className="analytics-subtitle">{L.byJob}</h3>
      <FigureTable
        caption={L.byJob}
        columns={jobColumns}
        rows={timeToHire.byJob}
        rowKey={(j) => String(j.jobId)}
        empty={L.noData}
      />
    </FigureSection>
  );
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

export function SourcesSection({
  sources,
  previous,
  definitions,
}: {
  sources: SourceRow[];
  previous?: SourceRow[] | undefined;
  definitions: Definitions;
}) {
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
  const columns: TableColumn<SourceRow>[] = [
    {
      key: 'source',
      isRowHeader: true,
      render: (s) => (
        <>
          <span
            className="chart-swatch inline-swatch"
            style={{ background: SOURCE_COLORS[s.source as keyof typeof SOURCE_COLORS] ?? FALLBACK_COLOR }}
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
  ];
  return (
    <FigureSection
      title={L.sources}
      definitionKeys={SECTION_DEFINITIONS.sources}
      definitions={definitions}
      chart={
        <BarsChart
          stacked
          categories={sources.map((s) => s.source)}
          series={SOURCE_PARTS}
          value={(i, key) => Math.max(0, SOURCE_PARTS.find((p) => p.key === key)!.of(sources[i]!))}
        />
      }
    >
      <FigureTable
        caption={L.sources}
        columns={columns}
        rows={sources}
        rowKey={(s) => s.source}
        empty={L.noData}
      />
    </FigureSection>
  );
}

/** A person's colour in the activity chart: the palette's colours in turn, by their place in the list. */
const PERSON_COLORS = Object.values(SOURCE_COLORS);

export function ActivitySection({ weeks, definitions }: { weeks: WeekRow[]; definitions: Definitions }) {
  const weekList = [...new Set(weeks.map((w) => w.week))].sort();
  const people = [...new Map(weeks.map((w) => [w.userId, w.name])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  );
  const series: Series[] = people.map(([userId, name], i) => ({
    key: String(userId),
    label: name,
    color: PERSON_COLORS[i % PERSON_COLORS.length]!,
  }));
  const rows = [...weeks].sort((a, b) => b.week.localeCompare(a.week) || a.name.localeCompare(b.name));
  const columns: TableColumn<WeekRow>[] = [
    { key: 'week', render: (w) => w.week },
    { key: 'name', isRowHeader: true, render: (w) => w.name },
    { key: 'moves', numeric: true, render: (w) => formatCountOrNone(w.moves) },
    { key: 'rejections', numeric: true, render: (w) => formatCountOrNone(w.rejections) },
  ];
  return (
    <FigureSection
      title={L.activity}
      definitionKeys={SECTION_DEFINITIONS.activity}
      definitions={definitions}
      chart={
        <BarsChart
          stacked
          categories={weekList.map(formatShortDay)}
          series={series}
          value={(i, key) =>
            weeks.find((w) => w.week === weekList[i] && String(w.userId) === key)?.moves ?? null
          }
        />
      }
    >
      <FigureTable
        caption={L.activity}
        columns={columns}
        rows={rows}
        rowKey={(w) => `${w.week}:${w.userId}`}
        empty={L.noActivity}
      />
    </FigureSection>
  );
}

/** Every definition the answer carries, in one list at the foot of the screen. */
export function DefinitionsList({ definitions }: { definitions: Definitions }) {
  const entries = Object.entries(definitions);
  if (entries.length === 0) return null;
  return (
    <details className="card analytics-definitions">
      <summary>What each figure counts</summary>
      <dl className="definition-list">
        {entries.map(([key, text]) => (
          <div key={key}>
            <dt>{F[key] ?? key}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
