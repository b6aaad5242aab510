import { useEffect, useId, useRef, useState } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Pie } from '@visx/shape';
import { formatDecimal } from '@portal/contracts';

/** One value of a chart: its label, its count and its fixed colour. */
export interface ChartDatum {
  label: string;
  value: number;
  color: string;
}

interface ChartProps {
  title: string;
  data: ChartDatum[];
  /** The values column's heading in the table a screen reader reads. */
  valueLabel?: string;
}

/** The figures as a table for screen readers (the drawing itself is hidden from them). */
function ChartTable({ title, data, valueLabel }: Required<ChartProps>) {
  return (
    <table className="sr-only">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">{valueLabel}</th>
        </tr>
      </thead>
      <tbody>
        {data.map((d) => (
          <tr key={d.label}>
            <th scope="row">{d.label}</th>
            <td>{d.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const BAR = { height: 260, top: 24, bottom: 40, side: 8 };

/** The width an element is given (follows resizes); `fallback` until it is measured. */
export function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A bar chart (visx) with its title, each bar's value written above it, and a table for screen readers.
 * It is drawn at the width it is given, so that its text keeps its size; labels slant where bars are narrow.
 */
export function BarChart({ title, data, valueLabel = 'Count' }: ChartProps) {
  const id = useId();
  const [ref, width] = useWidth<HTMLDivElement>(560);
  const longest = Math.max(1, ...data.map((d) => d.label.length));
  const band = (width - 2 * BAR.side) / Math.max(1, data.length);
  const slant = band < longest * 7.5;
  const bottom = slant ? BAR.bottom + longest * 4 : BAR.bottom;
  const height = BAR.height + (bottom - BAR.bottom);
  // Slanted labels reach left of their bar: the first one gets room.
  const left = slant ? Math.min(70, longest * 5) : BAR.side;
  const innerW = Math.max(10, width - left - BAR.side);
  const innerH = height - BAR.top - bottom;
  const x = scaleBand({ domain: data.map((d) => d.label), range: [0, innerW], padding: 0.3 });
  const max = Math.max(1, ...data.map((d) => d.value));
  const y = scaleLinear({ domain: [0, max], range: [innerH, 0], nice: true });
  return (
    <figure className="chart card" aria-labelledby={id}>
      <figcaption id={id} className="chart-title">
        {title}
      </figcaption>
      <div ref={ref} className="chart-box">
        <svg width={width} height={height} className="chart-svg" aria-hidden focusable="false">
          <Group left={left} top={BAR.top}>
            <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="chart-axis" />
            {data.map((d) => {
              const bx = x(d.label) ?? 0;
              const by = y(d.value);
              const cx = bx + x.bandwidth() / 2;
              return (
                <g key={d.label}>
                  <Bar x={bx} y={by} width={x.bandwidth()} height={innerH - by} fill={d.color} rx={4} />
                  <text x={cx} y={by - 6} textAnchor="middle" className="chart-value">
                    {formatDecimal(d.value)}
                  </text>
                  <text
                    x={cx}
                    y={innerH + 18}
                    textAnchor={slant ? 'end' : 'middle'}
                    transform={slant ? `rotate(-40 ${cx} ${innerH + 18})` : undefined}
                    className="chart-label"
                  >
                    {d.label}
                  </text>
                </g>
              );
            })}
          </Group>
        </svg>
      </div>
      <ChartTable title={title} data={data} valueLabel={valueLabel} />
    </figure>
  );
}

/** A doughnut chart (visx) with the total in its centre, a legend with every value, and a table. */
export function DonutChart({
  title,
  data,
  valueLabel = 'Count',
  centerLabel = 'Total',
}: ChartProps & { centerLabel?: string }) {
  const id = useId();
  const size = 220;
  const radius = size / 2;
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const shown = data.filter((d) => d.value > 0);
  return (
    <figure className="chart card" aria-labelledby={id}>
      <figcaption id={id} className="chart-title">
        {title}
      </figcaption>
      <div className="chart-donut">
        <svg viewBox={`0 0 ${size} ${size}`} className="chart-donut-svg" aria-hidden focusable="false">
          <Group top={radius} left={radius}>
            {shown.length === 0 ? (
              <circle r={radius - 18} className="chart-empty-ring" fill="none" strokeWidth={36} />
            ) : (
              <Pie
                data={shown}
                pieValue={(d) => d.value}
                outerRadius={radius}
                innerRadius={radius - 36}
                padAngle={shown.length > 1 ? 0.01 : 0}
                pieSort={null}
              >
                {(pie) =>
                  pie.arcs.map((arc) => (
                    <path key={arc.data.label} d={pie.path(arc) ?? ''} fill={arc.data.color} />
                  ))
                }
              </Pie>
            )}
            <text textAnchor="middle" y={-4} className="chart-center-value">
              {formatDecimal(total)}
            </text>
            <text textAnchor="middle" y={18} className="chart-label">
              {centerLabel}
            </text>
          </Group>
        </svg>
        <ul className="chart-legend" aria-hidden>
          {data.map((d) => (
            <li key={d.label}>
              <span className="chart-swatch" style={{ background: d.color }} />
              <span className="chart-legend-label">{d.label}</span>
              <span className="chart-legend-value">{formatDecimal(d.value)}</span>
            </li>
          ))}
        </ul>
      </div>
      <ChartTable title={title} data={data} valueLabel={valueLabel} />
    </figure>
  );
}
