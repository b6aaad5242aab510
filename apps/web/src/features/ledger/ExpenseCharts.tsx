import { Group } from '@visx/group';
import { Pie, Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Text } from '@visx/text';
import {
  EXPENSE_CHART_COLORS,
  formatCompactRupees,
  formatRupees,
  type ExpenseTotal,
} from '@portal/contracts';

const colorOf = (i: number) => EXPENSE_CHART_COLORS[i % EXPENSE_CHART_COLORS.length]!;

/** Donut "Expense Distribution": one slice per type, the total in the centre. */
export function ExpenseDonut({ totals, totalAmount }: { totals: ExpenseTotal[]; totalAmount: number }) {
  const size = 220;
  const radius = size / 2;
  return (
    <figure className="card chart-card" aria-label="Expense Distribution">
      <h2 className="card-title">Expense Distribution</h2>
      <div className="chart-row">
        <svg width={size} height={size} role="img" aria-label={`Total Expenses ${formatRupees(totalAmount)}`}>
          <Group top={radius} left={radius}>
            <Pie
              data={totals}
              pieValue={(d) => d.amount}
              outerRadius={radius - 4}
              innerRadius={radius - 40}
              padAngle={0.01}
            >
              {(pie) =>
                pie.arcs.map((arc, i) => (
                  <path key={arc.data.type} d={pie.path(arc) ?? ''} fill={colorOf(i)}>
                    <title>{`${arc.data.label}: ${formatRupees(arc.data.amount)}`}</title>
                  </path>
                ))
              }
            </Pie>
            <Text textAnchor="middle" verticalAnchor="end" dy={-4} className="chart-centre-label">
              Total Expenses
            </Text>
            <Text textAnchor="middle" verticalAnchor="start" dy={4} className="chart-centre-value">
              {formatCompactRupees(totalAmount)}
            </Text>
          </Group>
        </svg>
        <ul className="chart-legend">
          {totals.map((t, i) => (
            <li key={t.type}>
              <span className="legend-swatch" style={{ background: colorOf(i) }} aria-hidden="true" />
              {t.label}: {formatRupees(t.amount)}
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}

/** Bar chart "Expense Analysis": the total of each type, the axis titled Amount in rupees. */
export function ExpenseBars({ totals }: { totals: ExpenseTotal[] }) {
  const width = 520;
  const height = 260;
  const margin = { top: 12, right: 12, bottom: 56, left: 72 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand({ domain: totals.map((t) => t.label), range: [0, innerWidth], padding: 0.3 });
  const y = scaleLinear({
    domain: [0, Math.max(1, ...totals.map((t) => t.amount))],
    range: [innerHeight, 0],
    nice: true,
  });
  return (
    <figure className="card chart-card" aria-label="Expense Analysis">
      <h2 className="card-title">Expense Analysis</h2>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="chart-svg"
        role="img"
        aria-label="Expense Analysis by type"
      >
        <Group top={margin.top} left={margin.left}>
          {totals.map((t, i) => {
            const barHeight = innerHeight - y(t.amount);
            return (
              <Bar
                key={t.type}
                x={x(t.label)}
                y={innerHeight - barHeight}
                width={x.bandwidth()}
                height={barHeight}
                fill={colorOf(i)}
                rx={3}
              >
                <title>{`${t.label}: ${formatRupees(t.amount)}`}</title>
              </Bar>
            );
          })}
          <AxisLeft
            scale={y}
            numTicks={5}
            tickFormat={(v) => formatCompactRupees(Number(v))}
            label="Amount in rupees"
            labelClassName="chart-axis-label"
            tickClassName="chart-tick"
            labelOffset={52}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickClassName="chart-tick"
            tickLabelProps={{ fontSize: 10, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    </figure>
  );
}
