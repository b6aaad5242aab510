import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { DASHBOARD_MESSAGES as M, DASHBOARD_REFRESH_MS, type RecruitmentDashboard } from '@portal/contracts';
import { BarChart, DonutChart, toast } from '@portal/ui';
import { useLiveFigures } from './useLiveFigures.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { capitalize } from '../candidates/format.ts';
import { dashboardKeys, recruitmentDashboardQuery } from './api.ts';
import { FALLBACK_COLOR, SOURCE_COLORS, STATUS_COLORS } from './palette.ts';

/**
 * The recruitment dashboard's figures: loaded on entry, fetched again every 5 minutes, and
 * replaced in between by the coalesced `dashboard:stats` the server sends to the dashboard room.
 */
export function useRecruitmentDashboard() {
  const query = useQuery({
    ...recruitmentDashboardQuery(),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  useLiveFigures({ room: 'dashboard', message: 'dashboard:stats' }, dashboardKeys.recruitment);
  useEffect(() => {
    if (query.isError) toast.error(query.error.message || M.recruitmentFailed);
  }, [query.isError, query.error]);
  return query;
}

export function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card stat-card">
      <div className="stat-label">{label}</div>
      <div className="stat-value">{typeof value === 'number' ? formatCount(value) : value}</div>
    </div>
  );
}

/** "5 minutes ago", kept as the page's time moves on with each refresh. */
const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

function ActivityIcon({ type }: { type: string }) {
  const symbol = type === 'new_candidate' ? '+' : type === 'status_change' ? '↻' : '•';
  return (
    <span className={`activity-icon activity-${type}`} aria-hidden>
      {symbol}
    </span>
  );
}

/** Re-renders every minute, so that relative times stay true on a screen left open. */
function useMinuteTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(t);
  }, []);
}

/** Cards, the status bar chart, the sources doughnut and the recent activities. */
export function RecruitmentFigures({ data }: { data: RecruitmentDashboard }) {
  useMinuteTick();
  return (
    <>
      <div className="stat-grid">
        <StatCard label={M.activeJobs} value={data.activeJobs} />
        <StatCard label={M.totalCandidates} value={data.totalCandidates} />
        <StatCard label={M.selectedCandidates} value={data.selectedCandidates} />
        <StatCard label={M.rejectedCandidates} value={data.rejectedCandidates} />
        <StatCard label={M.peopleInPool} value={data.peopleInPool} />
      </div>
      <div className="chart-grid">
        <BarChart
          title={M.statusChart}
          valueLabel="Candidates"
          data={data.candidateStatusData.map((d) => ({
            label: capitalize(d.status),
            value: d.count,
            color: STATUS_COLORS[d.status as keyof typeof STATUS_COLORS] ?? FALLBACK_COLOR,
          }))}
        />
        <DonutChart
          title={M.sourceChart}
          valueLabel="Candidates"
          centerLabel="Candidates"
          data={data.sourceDistribution.map((d) => ({
            label: d.source,
            value: d.count,
            color: SOURCE_COLORS[d.source as keyof typeof SOURCE_COLORS] ?? FALLBACK_COLOR,
          }))}
        />
      </div>
      <section className="card dash-section" aria-labelledby="recent-activities">
        <h2 id="recent-activities" className="dash-section-title">
          {M.recentActivities}
        </h2>
        {data.recentActivities.length === 0 ? (
          <p className="muted">{M.noActivity}</p>
        ) : (
          <ul className="activity-list">
            {data.recentActivities.map((a) => (
              <li key={a.id} className="activity">
                <ActivityIcon type={a.type} />
                <span className="activity-text">{a.description}</span>
                <time
                  className="muted activity-time"
                  dateTime={a.timestamp}
                  title={formatDateTime(a.timestamp) ?? undefined}
                >
                  {ago(a.timestamp)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The recruitment figures, or what stands in for them while they load or when they failed. */
function RecruitmentSection() {
  const dashboard = useRecruitmentDashboard();
  if (dashboard.data) return <RecruitmentFigures data={dashboard.data} />;
  return <p className="muted">{dashboard.isError ? M.recruitmentFailed : 'Loading dashboard...'}</p>;
}

/**
 * The admin dashboard (`/admin/dashboard`): the recruitment figures, live, and below them the property
 * ledger's figures, when the screen is given them.
 */
export function RecruitmentDashboardScreen({ ledger }: { ledger?: ReactNode }) {
  return (
    <section className="page dashboard">
      <h1 className="page-title">Recruitment Dashboard</h1>
      <RecruitmentSection />
      {ledger ? (
        <section className="dash-section" aria-labelledby="ledger-figures">
          <h2 id="ledger-figures" className="section-title">
            Property Ledger
          </h2>
          {ledger}
        </section>
      ) : null}
    </section>
  );
}
