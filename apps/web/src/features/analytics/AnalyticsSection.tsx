/**
 * A section of the analytics screen drawn from its data (`SectionSpec`, built in sections.tsx): the title with
 * the definitions its info button shows, its chart and its tables; and the list of every definition.
 */
import { Fragment } from 'react';
import type { PipelineAnalytics } from '@portal/contracts';
import { BarsChart, type BarsChartProps } from './BarsChart.tsx';
import { ANALYTICS_LABELS as L, FIGURE_LABELS as F } from './labels.ts';
import { FigureSection, FigureTable, type TableColumn } from './parts.tsx';

type Definitions = PipelineAnalytics['definitions'];

/** The definitions each section's info button shows, by the figure names of the answer's `definitions`. */
export const SECTION_DEFINITIONS = {
  funnel: ['stages', 'reached', 'passed', 'passRate', 'rejected', 'rejectionReasons'],
  timeInStage: ['timeInStage', 'medianDays', 'p75Days', 'current', 'stale'],
  timeToHire: ['timeToHire', 'timeToSelected', 'timeToJoined', 'selected', 'joined'],
  sources: ['sources', 'source', 'candidates', 'shortlisted', 'interviewed', 'selected', 'joined'],
  activity: ['activity', 'week', 'moves', 'rejections'],
  clientResponse: [
    'clientResponse',
    'linksSent',
    'linksAnswered',
    'linksUnanswered',
    'medianHours',
    'averageHours',
    'client',
  ],
  clientDecisions: [
    'sharedCandidates',
    'interested',
    'onHold',
    'notAFit',
    'decisions',
    'decisionsPerCandidate',
  ],
} as const;

/** One table of a section: what FigureTable shows, under a subtitle when it is not the section's first. */
interface SectionTable<R> {
  caption: string;
  subtitle?: string;
  columns: TableColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  empty?: string;
}

/**
 * One section of the screen as data: its title, the definitions its info button shows, its chart and its
 * tables. Every section has this one shape; `AnalyticsSection` draws any of them.
 */
export interface SectionSpec {
  key: keyof typeof SECTION_DEFINITIONS;
  title: string;
  chart: BarsChartProps;
  tables: SectionTable<never>[];
}

/** A table of rows of its own type, kept in a section's list of tables of other row types. */
export const table = <R,>(spec: SectionTable<R>) => spec as unknown as SectionTable<never>;

export function AnalyticsSection({
  section,
  definitions,
}: {
  section: SectionSpec;
  definitions: Definitions;
}) {
  return (
    <FigureSection
      title={section.title}
      definitionKeys={SECTION_DEFINITIONS[section.key]}
      definitions={definitions}
      chart={<BarsChart {...section.chart} />}
    >
      {section.tables.map((t) => (
        <Fragment key={t.caption}>
          {t.subtitle && <h3 className="analytics-subtitle">{t.subtitle}</h3>}
          <FigureTable
            caption={t.caption}
            columns={t.columns}
            rows={t.rows}
            rowKey={t.rowKey}
            empty={t.empty ?? L.noData}
          />
        </Fragment>
      ))}
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
