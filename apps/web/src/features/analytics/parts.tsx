import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { formatCount } from '../../lib/format.ts';
import { ANALYTICS_LABELS as L, FIGURE_LABELS } from './labels.ts';

/** "—" for a figure with no value (nobody reached the stage, no stay ended, the last stage's pass rate). */
export const NONE = '—';
export const formatCountOrNone = (n: number | null) => (n === null ? NONE : formatCount(n));
export const formatDays = (days: number | null) => (days === null ? NONE : days.toFixed(1));
export const formatRate = (rate: number | null) => (rate === null ? NONE : `${(rate * 100).toFixed(1)}%`);
/** A share of a whole, as the sources table writes it beside the count. */
export const formatShare = (part: number, whole: number) =>
  whole === 0 ? NONE : `${((part / whole) * 100).toFixed(0)}%`;

/**
 * The change from the comparison period, after a figure: "+3", "−1.5 d", "+2.0 pts"; the words a screen
 * reader adds say what it is measured against, the sign says the direction without the colour. Nothing when there is no comparison or either side is empty.
 */
export function Delta({
  now,
  before,
  kind = 'count',
  better = kind === 'days' ? 'lower' : 'higher',
}: {
  now: number | null;
  before: number | null | undefined;
  kind?: 'count' | 'days' | 'rate';
  /** Which way is an improvement: coloured green, the other way red (waiting longer is worse). */
  better?: 'higher' | 'lower';
}) {
  if (before === undefined || before === null || now === null) return null;
  const diff = kind === 'rate' ? (now - before) * 100 : now - before;
  const size = kind === 'count' ? formatCount(Math.abs(diff)) : Math.abs(diff).toFixed(1);
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '±';
  const unit = kind === 'rate' ? ' pts' : kind === 'days' ? ' d' : '';
  const tone = diff === 0 ? 'same' : diff > 0 === (better === 'higher') ? 'better' : 'worse';
  return (
    <span className={`delta delta-${tone}`}>
      {' '}
      {sign}
      {size}
      {unit}
      <span className="sr-only"> on the previous period</span>
    </span>
  );
}

/**
 * An info button beside a section's heading that opens what each of its figures counts, in the server's
 * words (the answer's `definitions`). A button, so it is reached with Tab and opened with Enter or Space.
 */
export function DefinitionButton({
  section,
  keys,
  definitions,
}: {
  section: string;
  keys: readonly string[];
  definitions: Record<string, string>;
}) {
  const entries = keys.filter((k) => definitions[k]);
  if (entries.length === 0) return null;
  return (
    <DialogTrigger>
      <Button className="icon-btn info-btn" aria-label={L.definitionOf(section)}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden focusable="false">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="10" cy="6" r="1.2" fill="currentColor" />
          <path d="M10 9v6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </Button>
      <Popover className="popover definition-popover" placement="bottom start">
        <Dialog className="popover-panel" aria-label={L.definitionOf(section)}>
          <Heading slot="title" className="definition-title">
            {section}
          </Heading>
          <dl className="definition-list">
            {entries.map((k) => (
              <div key={k}>
                <dt>{FIGURE_LABELS[k] ?? k}</dt>
                <dd>{definitions[k]}</dd>
              </div>
            ))}
          </dl>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/** A section of figures: its heading with the definitions' button, the chart, and the table of its numbers. */
export function FigureSection({
  title,
  definitionKeys,
  definitions,
  chart,
  children,
}: {
  title: string;
  definitionKeys: readonly string[];
  definitions: Record<string, string>;
  chart: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card analytics-section" aria-labelledby={id}>
      <div className="analytics-section-head">
        <h2 id={id} className="dash-section-title">
          {title}
        </h2>
        <DefinitionButton section={title} keys={definitionKeys} definitions={definitions} />
      </div>
      <div className="analytics-body">
        {chart}
        <div className="analytics-tables">{children}</div>
      </div>
    </section>
  );
}

export interface TableColumn<Row> {
  key: string;
  header?: string;
  /** The row's heading cell (the stage, the source). */
  isRowHeader?: boolean;
  numeric?: boolean;
  render: (row: Row) => ReactNode;
}

/**
 * The numbers of a chart as a table, captioned for screen readers. On a narrow screen it keeps its columns
 * and scrolls sideways inside its own box, which can be focused to scroll it with the keyboard.
 */
export function FigureTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  return (
    <div className="table-wrap figure-table-wrap" tabIndex={0} role="region" aria-label={L.tableOf(caption)}>
      <table className="figure-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header ?? FIGURE_LABELS[c.key] ?? c.key}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-message">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) =>
                  c.isRowHeader ? (
                    <th key={c.key} scope="row">
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={c.numeric ? 'num' : undefined}>
                      {c.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
