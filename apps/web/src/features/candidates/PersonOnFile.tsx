import { Link } from '@tanstack/react-router';
import { CANDIDATE_MESSAGES as M, type PersonApplication } from '@portal/contracts';
import { Button, StatusBadge } from '@portal/ui';
import type { CandidateArea } from './areas.ts';
import type { PersonOnFileState } from './usePersonOnFile.ts';

/** A person's applications, each its job linked to its details page and its status as a badge. */
export function ApplicationList({
  applications,
  pathOf,
  label,
}: {
  applications: readonly PersonApplication[];
  pathOf: (a: PersonApplication) => string;
  label: string;
}) {
  return (
    <ul className="application-list" aria-label={label}>
      {applications.map((a) => (
        <li key={a.uuid}>
          <Link to={pathOf(a)}>{a.jobTitle}</Link> <StatusBadge status={a.status} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Under the add form's duplicate message: the person on file, their applications, and either
 * "Add <name> to <job>" or, when they are in the chosen job already, a link to that application.
 */
export function PersonOnFile({
  onFile,
  area,
  jobTitle,
}: {
  onFile: PersonOnFileState;
  area: CandidateArea;
  /** The job chosen in the form (undefined while none is). */
  jobTitle: string | undefined;
}) {
  const { found, there } = onFile;
  if (!found) return null;
  return (
    <section className="on-file" aria-label={`${found.personName} on file`}>
      {found.applications.length > 0 ? (
        <div className="on-file-jobs">
          <span className="on-file-label">On file:</span>
          <ApplicationList
            applications={found.applications}
            pathOf={area.applicationPath}
            label={`Applications of ${found.personName}`}
          />
        </div>
      ) : null}
      {jobTitle === undefined ? null : there ? (
        <p className="on-file-action">
          <span>{onFile.inJobMessage ?? M.alreadyInJob(found.personName, jobTitle)}</span>{' '}
          <Link to={area.applicationPath(there)} className="btn btn-secondary btn-sm">
            Open {found.personName}’s application
          </Link>
        </p>
      ) : (
        <div className="on-file-action">
          <Button size="sm" isDisabled={onFile.adding} onPress={onFile.addToJob}>
            {onFile.adding ? 'Adding...' : `Add ${found.personName} to ${jobTitle}`}
          </Button>
        </div>
      )}
    </section>
  );
}
