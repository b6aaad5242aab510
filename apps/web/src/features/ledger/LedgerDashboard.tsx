import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Group } from '@visx/group';
import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import { AxisBottom, AxisLeft } from '@visx/axis';
import {
  DASHBOARD_REFRESH_MS,
  LEDGER_MESSAGES as M,
  formatCompactRupees,
  formatRupees,
  type AdminDashboard,
} from '@portal/contracts';
import { toast } from '@portal/ui';
import { ledgerDashboardQuery, ledgerKeys } from './api.ts';
import { ExpenseDonut } from './ExpenseCharts.tsx';
import { useLiveFigures } from '../dashboards/useLiveFigures.ts';

const INCOME_COLOR = '#10B981';
const EXPENSE_COLOR = '#FF6766';
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1]} ${m.slice(2, 4)}`;

/** Income against expenses for the last 6 months, side by side. */
function MonthlyChart({ months }: { months: AdminDashboard['months'] }) {
  const width = 520;
  const height = 240;
  const margin = { top: 12, right: 12, bottom: 36, left: 72 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.25 });
  const inner = scaleBand({ domain: ['income', 'expenses'], range: [0, x.bandwidth()], padding: 0.1 });
  const max = Math.max(1, ...months.flatMap((m) => [m.income, m.expenses]));
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <figure className="card chart-card" aria-label="Income and Expenses">
      <h2 className="card-title">Income and Expenses</h2>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="chart-svg"
        role="img"
        aria-label="Income and expenses per month"
      >
        <Group top={margin.top} left={margin.left}>
          {months.map((m) =>
            (['income', 'expenses'] as const).map((k) => (
              <Bar
                key={`${m.month}-${k}`}
                x={(x(m.month) ?? 0) + (inner(k) ?? 0)}
                y={y(m[k])}
                width={inner.bandwidth()}
                height={innerHeight - y(m[k])}
                fill={k === 'income' ? INCOME_COLOR : EXPENSE_COLOR}
                rx={2}
              >
                <title>{`${monthLabel(m.month)} ${k}: ${formatRupees(m[k])}`}</title>
              </Bar>
            )),
          )}
          <AxisLeft
            scale={y}
            numTicks={5}
            tickFormat={(v) => formatCompactRupees(Number(v))}
            tickClassName="chart-tick"
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickFormat={(m) => monthLabel(String(m))}
            tickClassName="chart-tick"
          />
        </Group>
      </svg>
      <ul className="chart-legend chart-legend-row">
        <li>
          <span className="legend-swatch" style={{ background: INCOME_COLOR }} aria-hidden="true" /> Income
        </li>
        <li>
          <span className="legend-swatch" style={{ background: EXPENSE_COLOR }} aria-hidden="true" /> Expenses
        </li>
      </ul>
    </figure>
  );
}

/**
 * The admin dashboard's ledger figures (defined in the README): seven cards in compact rupees
 * and two charts. Loads on entry and refreshes every 5 minutes (DASHBOARD_REFRESH_MS).
 */
export function LedgerDashboard() {
  const stats = useQuery({
    ...ledgerDashboardQuery(),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  useLiveFigures({ room: 'ledger', message: 'ledger:stats' }, ledgerKeys.dashboard);
  useEffect(() => {
    if (stats.isError) toast.error(stats.error.message || M.dashboardFailed);
  }, [stats.isError, stats.error]);
  const d = stats.data;
  if (!d) return <p className="muted">{stats.isError ? M.dashboardFailed : 'Loading dashboard...'}</p>;
  const cards: { label: string; value: string; title?: string }[] = [
    { label: 'Active Purchases', value: String(d.activeLoans) },
    { label: 'Total Customers', value: String(d.totalCustomers) },
    { label: 'Total Admins', value: String(d.totalAdmins) },
    {
      label: 'Available Funds',
      value: formatCompactRupees(d.totalAvailableFunds),
      title: formatRupees(d.totalAvailableFunds),
    },
    {
      label: 'Total Expenses',
      value: formatCompactRupees(d.totalExpenses),
      title: formatRupees(d.totalExpenses),
    },
    {
      label: 'Expenses This Month',
      value: formatCompactRupees(d.monthlyExpenses),
      title: formatRupees(d.monthlyExpenses),
    },
    {
      label: 'Income This Month',
      value: formatCompactRupees(d.monthlyIncome),
      title: formatRupees(d.monthlyIncome),
    },
  ];
  const totalExpenses = d.expensesByType.reduce((s, t) => s + Math.round(t.amount * 100), 0) / 100;
  return (
    <div className="ledger-dashboard" aria-busy={stats.isFetching}>
      <ul className="stat-grid">
        {cards.map((c) => (
          <li key={c.label} className="card stat-card">
            <span className="stat-label">{c.label}</span>
            <strong className="stat-value" title={c.title}>
              {c.value}
            </strong>
          </li>
        ))}
      </ul>
      <div className="chart-grid">
        <MonthlyChart months={d.months} />
        {d.expensesByType.length > 0 ? (
          <ExpenseDonut totals={d.expensesByType} totalAmount={totalExpenses} />
        ) : null}
      </div>
    </div>
  );
}
