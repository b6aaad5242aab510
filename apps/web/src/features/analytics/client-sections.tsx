/**
 * The client response sections of the analytics screen: how fast clients answer review links,
 * per job and per client, and the decisions the shared candidates got. Same shape as the pipeline's
 * sections (sections.tsx): a chart, and tables that hold every number.
 */
import type {
  ClientDecisionFigures,
  ClientResponseAnalytics,
  ClientResponseFigures,
} from '@portal/contracts';
import { STATUS_COLORS } from '../dashboards/palette.ts';
import { table, type SectionSpec } from './AnalyticsSection.tsx';
import { ANALYTICS_LABELS as L, FIGURE_LABELS as F } from './labels.ts';
import { NONE, formatCountOrNone, formatDays, type TableColumn } from './parts.tsx';

type JobRow = ClientResponseAnalytics['byJob'][number];
type ClientRow = ClientResponseAnalytics['byClient'][number];

const hours = (h: number) => h.toFixed(1);
/** Hours are written as days are: one decimal, "—" for none. */
const formatHours = formatDays;
const formatRatio = (n: number | null) => (n === null ? NONE : n.toFixed(2));

/** The response columns of any row that carries `response`. */
function responseColumns<R extends { response: ClientResponseFigures }>(): TableColumn<R>[] {
  const count = (key: 'linksSent' | 'linksAnswered' | 'linksUnanswered'): TableColumn<R> => ({
    key,
    numeric: true,
    render: (r) => formatCountOrNone(r.response[key]),
  });
  return [
    count('linksSent'),
    count('linksAnswered'),
    count('linksUnanswered'),
    { key: 'medianHours', numeric: true, render: (r) => formatHours(r.response.medianHours) },
    { key: 'averageHours', numeric: true, render: (r) => formatHours(r.response.averageHours) },
  ];
}

export function clientResponseSection(figures: ClientResponseAnalytics): SectionSpec {
  const jobs = figures.byJob;
  return {
    key: 'clientResponse',
    title: L.clientResponse,
    chart: {
      categories: jobs.map((j) => j.title),
      series: [
        { key: 'medianHours', label: L.medianToFirstDecision, color: STATUS_COLORS.shortlisted },
        { key: 'averageHours', label: L.averageToFirstDecision, color: STATUS_COLORS.interviewed },
      ],
      value: (i, key) => jobs[i]!.response[key as 'medianHours' | 'averageHours'],
      format: hours,
    },
    tables: [
      table<JobRow>({
        caption: L.clientResponseByJob,
        rows: jobs,
        rowKey: (j) => String(j.jobId),
        empty: L.noLinks,
        columns: [{ key: 'job', isRowHeader: true, render: (j) => j.title }, ...responseColumns<JobRow>()],
      }),
      table<ClientRow>({
        caption: L.clientResponseByClient,
        subtitle: L.clientResponseByClient,
        rows: figures.byClient,
        rowKey: (c) => c.email,
        empty: L.noLinks,
        columns: [
          {
            key: 'client',
            isRowHeader: true,
            render: (c) => (
              <>
                {c.name || c.email}
                {c.name ? <span className="muted client-email"> {c.email}</span> : null}
              </>
            ),
          },
          ...responseColumns<ClientRow>(),
        ],
      }),
    ],
  };
}

/** A row of the decisions table: all jobs first, then each job. */
interface DecisionRow {
  key: string;
  name: string;
  decisions: ClientDecisionFigures;
}

const DECISION_PARTS = [
  { key: 'interested', label: F.interested!, color: STATUS_COLORS.selected },
  { key: 'onHold', label: F.onHold!, color: STATUS_COLORS.interviewed },
  { key: 'notAFit', label: F.notAFit!, color: STATUS_COLORS.rejected },
] as const;

export function clientDecisionsSection(figures: ClientResponseAnalytics): SectionSpec {
  const rows: DecisionRow[] = figures.byJob.map((j) => ({
    key: String(j.jobId),
    name: j.title,
    decisions: j.decisions,
  }));
  const count = (
    key: Exclude<keyof ClientDecisionFigures, 'decisionsPerCandidate'>,
  ): TableColumn<DecisionRow> => ({
    key,
    numeric: true,
    render: (r) => formatCountOrNone(r.decisions[key]),
  });
  return {
    key: 'clientDecisions',
    title: L.clientDecisions,
    chart: {
      stacked: true,
      categories: rows.map((r) => r.name),
      series: [...DECISION_PARTS],
      value: (i, key) => rows[i]!.decisions[key as (typeof DECISION_PARTS)[number]['key']],
    },
    tables: [
      table<DecisionRow>({
        caption: L.clientDecisions,
        // The whole first, when there is anything to add up.
        rows: rows.length ? [{ key: 'all', name: L.allJobsRow, decisions: figures.decisions }, ...rows] : [],
        rowKey: (r) => r.key,
        empty: L.noLinks,
        columns: [
          { key: 'job', isRowHeader: true, render: (r) => r.name },
          count('sharedCandidates'),
          count('interested'),
          count('onHold'),
          count('notAFit'),
          count('decisions'),
          {
            key: 'decisionsPerCandidate',
            numeric: true,
            render: (r) => formatRatio(r.decisions.decisionsPerCandidate),
          },
        ],
      }),
    ],
  };
}
