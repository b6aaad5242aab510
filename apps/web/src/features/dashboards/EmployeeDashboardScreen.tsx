import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES as M, DASHBOARD_REFRESH_MS } from '@portal/contracts';
import { Avatar, StatusBadge, toast } from '@portal/ui';
import { formatCount, formatDate } from '../../lib/format.ts';
import { EMPLOYEE_CANDIDATES } from '../candidates/areas.ts';
import { EMPLOYEE_JOBS } from '../jobs/areas.ts';
import { dashboardKeys, employeeDashboardQuery } from './api.ts';
import { StatCard } from './RecruitmentDashboardScreen.tsx';
import { useFiguresFollowingDashboard } from './useLiveFigures.ts';

/**
 * The employee's dashboard (`/pegawai/dashboard`), one view of their own work: profile, figures, their
 * candidates' stats and success rate, open positions and recent activity. The firm-wide recruitment
 * figures (their own "Active Jobs" and "Recent Activities") stay on the admin's dashboard: shown here
 * under these they repeated the same counts under other names.
 * Loaded on entry, every 5 minutes, and again whenever the live dashboard figures move.
 */
export function EmployeeDashboardScreen() {
  const mine = useQuery({
    ...employeeDashboardQuery(),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  useFiguresFollowingDashboard(dashboardKeys.employee);
  useEffect(() => {
    if (mine.isError) toast.error(mine.error.message || M.employeeFailed);
  }, [mine.isError, mine.error]);

  const d = mine.data;
  return (
    <section className="page dashboard">
      <h1 className="page-title">Recruitment Dashboard</h1>
      {d ? (
        <>
          <div className="card profile-block">
            <Avatar name={d.user.name} photo={d.user.photo} size="lg" />
            <div>
              <div className="profile-block-name">{d.user.name}</div>
              <div className="muted">{d.user.email}</div>
              <div className="muted">
                {[d.user.designation, d.user.department].filter(Boolean).join(' · ')}
              </div>
            </div>
          </div>
          <div className="stat-grid">
            <StatCard label="Total Jobs" value={d.stats.totalJobs} />
            <StatCard label="Open Positions" value={d.stats.totalOpenPositions} />
            <StatCard label="My Candidates" value={d.candidateStats.total} />
            <StatCard label={M.successRate} value={`${d.successRate.toFixed(1)}%`} />
          </div>
          <div className="dash-columns">
            <section className="card dash-section" aria-labelledby="candidate-stats">
              <h2 id="candidate-stats" className="dash-section-title">
                {M.candidateStats}
              </h2>
              <dl className="mini-stats">
                {(
                  [
                    ['Total', d.candidateStats.total],
                    ['Pending', d.candidateStats.pending],
                    ['Selected', d.candidateStats.selected],
                    ['Rejected', d.candidateStats.rejected],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt className="muted">{label}</dt>
                    <dd>{formatCount(value)}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section className="card dash-section" aria-labelledby="open-positions">
              <h2 id="open-positions" className="dash-section-title">
                {M.openPositions}
              </h2>
              {d.openPositions.length === 0 ? (
                <p className="muted">No open positions</p>
              ) : (
                <ul className="plain-list">
                  {d.openPositions.map((p) => (
                    <li key={p.id}>
                      <Link to={EMPLOYEE_JOBS.detailsPath} params={{ id: p.id }}>
                        {p.title}
                      </Link>
                      <span className="muted">
                        {' '}
                        · {p.type} · {p.openings} {p.openings === 1 ? 'opening' : 'openings'}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <section className="card dash-section" aria-labelledby="my-activity">
            <h2 id="my-activity" className="dash-section-title">
              Recent Activity
            </h2>
            {d.recentActivities.length === 0 ? (
              <p className="muted">{M.noActivity}</p>
            ) : (
              <ul className="plain-list">
                {d.recentActivities.map((a) => (
                  <li key={a.id} className="activity">
                    {/* Rejected entries are not clickable. */}
                    {a.application_status === 'rejected' ? (
                      <span className="activity-text">{a.candidateName}</span>
                    ) : (
                      <Link
                        className="activity-text"
                        to={EMPLOYEE_CANDIDATES.detailsPath({ id: a.id, uuid: a.uuid })}
                      >
                        {a.candidateName}
                      </Link>
                    )}
                    <span className="muted">{a.jobTitle}</span>
                    <span className="muted">{formatDate(a.date)}</span>
                    <StatusBadge status={a.application_status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : mine.isError ? (
        <p className="muted">{M.employeeFailed}</p>
      ) : (
        <p className="muted">Loading dashboard...</p>
      )}
    </section>
  );
}
