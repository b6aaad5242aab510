import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useWidth } from '@portal/ui';
import { formatDecimal } from '../../lib/format.ts';

/** One series of bars: its name in the legend and its fixed colour. */
export interface Series {
  key: string;
  label: string;
  color: string;
}

export interface BarsChartProps {
  /** One group (or one stacked bar) per category, left to right. */
  categories: string[];
  series: Series[];
  /** `value(category index, series key)`; null draws nothing (a figure with no value yet). */
  value: (index: number, key: string) => number | null;
  /** Stacks the series in one bar per category (parts of one whole) instead of side by side. */
  stacked?: boolean;
  /** How a value is written above its bar (grouped bars) or in the legend. */
  format?: (value: number) => string;
}

const BOX = { height: 240, top: 22, bottom: 34, side: 8 };
const count = formatDecimal;

/**
 * Bars per category (visx), side by side or stacked, at the width they are given: each grouped bar's value
 * is written above it, labels slant where groups are narrow, and a legend names the series. The drawing is
 * hidden from screen readers: the section's table beside it holds every number.
 */
export function BarsChart({ categories, series, value, stacked = false, format = count }: BarsChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(560);
  const longest = Math.max(1, ...categories.map((c) => c.length));
  const band = (width - 2 * BOX.side) / Math.max(1, categories.length);
  const slant = band < longest * 7.5;
  const bottom = slant ? BOX.bottom + longest * 4.2 : BOX.bottom;
  const height = BOX.height + (bottom - BOX.bottom);
  const left = slant ? Math.min(70, longest * 5) : BOX.side;
  const innerW = Math.max(10, width - left - BOX.side);
  const innerH = height - BOX.top - bottom;
  const totals = categories.map((_, i) =>
    stacked
      ? series.reduce((sum, s) => sum + (value(i, s.key) ?? 0), 0)
      : Math.max(0, ...series.map((s) => value(i, s.key) ?? 0)),
  );
  const x = scaleBand({ domain: categories.map((_, i) => i), range: [0, innerW], padding: 0.25 });
  const inner = scaleBand({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.08 });
  const y = scaleLinear({ domain: [0, Math.max(1, ...totals)], range: [innerH, 0], nice: true });
  // Values are written above grouped bars only where they fit side by side.
  const writeValues = !stacked && inner.bandwidth() >= 22;
  return (
    <div className="analytics-chart">
      <div ref={ref} className="chart-box">
        <svg width={width} height={height} className="chart-svg" aria-hidden focusable="false">
          <Group left={left} top={BOX.top}>
            <line x1={0} x2={innerW} y1={innerH} y2={innerH} className="chart-axis" />
            {categories.map((category, i) => {
              const gx = x(i) ?? 0;
              const cx = gx + x.bandwidth() / 2;
              let base = innerH;
              return (
                <g key={category}>
                  {series.map((s) => {
                    const v = value(i, s.key);
                    if (v === null || v <= 0) return null;
                    if (stacked) {
                      const top = y(y.invert(base) + v);
                      const bar = (
                        <Bar
                          key={s.key}
                          x={gx}
                          y={top}
                          width={x.bandwidth()}
                          height={Math.max(0, base - top)}
                          fill={s.color}
                        />
                      );
                      base = top;
                      return bar;
                    }
                    const bx = gx + (inner(s.key) ?? 0);
                    const by = y(v);
                    return (
                      <g key={s.key}>
                        <Bar
                          x={bx}
                          y={by}
                          width={inner.bandwidth()}
                          height={innerH - by}
                          fill={s.color}
                          rx={3}
                        />
                        {writeValues ? (
                          <text
                            x={bx + inner.bandwidth() / 2}
                            y={by - 5}
                            textAnchor="middle"
                            className="chart-value"
                          >
                            {format(v)}
                          </text>
                        ) : null}
                      </g>
                    );
                  })}
                  {stacked && totals[i]! > 0 ? (
                    <text x={cx} y={y(totals[i]!) - 5} textAnchor="middle" className="chart-value">
                      {format(totals[i]!)}
                    </text>
                  ) : null}
                  <text
                    x={cx}
                    y={innerH + 18}
                    textAnchor={slant ? 'end' : 'middle'}
                    transform={slant ? `rotate(-40 ${cx} ${innerH + 18})` : undefined}
                    className="chart-label"
                  >
                    {category}
                  </text>
                </g>
              );
            })}
          </Group>
        </svg>
      </div>
      <ul className="chart-legend analytics-legend" aria-hidden>
        {series.map((s) => (
          <li key={s.key}>
            <span className="chart-swatch" style={{ background: s.color }} />
            <span className="chart-legend-label">{s.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
