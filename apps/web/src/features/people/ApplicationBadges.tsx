import type { PersonApplication } from '@portal/contracts';
import { StatusBadge, statusLabel } from '@portal/ui';
import { PEOPLE_MESSAGES as M } from './messages.ts';

/** A person's applications as a status badge per job ("Backend: Screening"). */
export function ApplicationBadges({
  name,
  applications,
}: {
  name: string;
  applications: PersonApplication[];
}) {
  if (applications.length === 0) return <span className="muted">{M.noApplications}</span>;
  return (
    <ul className="badge-list" aria-label={`Applications of ${name}`}>
      {applications.map((a) => (
        <li key={a.uuid}>
          <StatusBadge status={a.status} label={`${a.jobTitle}: ${statusLabel(a.status)}`} />
        </li>
      ))}
    </ul>
  );
}
