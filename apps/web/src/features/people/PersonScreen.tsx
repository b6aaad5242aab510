import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Person } from '@portal/contracts';
import { Avatar, Button, DetailList, StatusBadge, toast } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { useIsFresh } from '../../lib/live.ts';
import { formatCtc, formatDay, formatNotice, formatYears, isResumeUrl } from '../candidates/format.ts';
import { personQuery } from './api.ts';
import type { PeopleArea } from './areas.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';
import { MergeDialog } from './MergeDialog.tsx';
import { PersonEditDialog } from './PersonEditDialog.tsx';
import { PersonMerges } from './PersonMerges.tsx';
import { usePersonLive } from './usePersonLive.ts';

function Applications({ person, area }: { person: Person; area: PeopleArea }) {
  if (person.applications.length === 0) return <p className="muted">{M.noApplications}</p>;
  return (
    <ul className="application-list">
      {person.applications.map((c) => (
        <li key={c.uuid} className="application-item">
          <div>
            <strong>{c.job.title}</strong>
            <div className="muted person-sub">
              {c.source} · applied {formatDay(c.createdAt)}
            </div>
          </div>
          <StatusBadge status={c.status} />
          <Link
            to={area.applicationPath(c)}
            className="btn btn-secondary btn-sm"
            aria-label={`View application for ${c.job.title}`}
          >
            View application
          </Link>
        </li>
      ))}
    </ul>
  );
}

const profileItems = (p: Person) => [
  { label: 'Email', value: <a href={`mailto:${p.email}`}>{p.email}</a> },
  { label: 'Phone', value: <a href={`tel:${p.phone}`}>{p.phone}</a> },
  { label: 'Experience', value: formatYears(p.experience) },
  { label: 'Current Company', value: p.current_company },
  { label: 'Current CTC', value: formatCtc(p.current_ctc) },
  { label: 'Expected CTC', value: formatCtc(p.expected_ctc) },
  { label: 'Notice Period', value: formatNotice(p.notice_period) },
  { label: 'Current Location', value: p.current_location },
  { label: 'Preferred Location', value: p.preferred_location },
  {
    label: 'Latest Resume',
    value: isResumeUrl(p.resume_url) ? (
      <a href={p.resume_url} target="_blank" rel="noreferrer">
        View Resume
      </a>
    ) : null,
  },
];

/** A person of the talent pool: the profile once, and every application with its job and status. */
export function PersonScreen({ area, personId }: { area: PeopleArea; personId: number }) {
  const person = useQuery({ ...personQuery(personId), retry: false });
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  usePersonLive(person.data);
  const isFresh = useIsFresh();
  // Merging and undoing are for admins, whose area is the only one that lists duplicates.
  const isAdmin = area.duplicatesPath !== null;
  const notFound = person.error instanceof ApiError && person.error.status === 404;
  useEffect(() => {
    if (person.isError && !notFound) toast.error(person.error.message || M.personFailed);
  }, [person.isError, person.error, notFound]);

  const back = (
    <Link to={area.poolPath} className="back-link">
      ← Back to {M.title}
    </Link>
  );
  if (person.isPending) return <p className="muted page">Loading person...</p>;
  if (person.isError) {
    return (
      <section className="page">
        <div className="card empty-card">
          <h1 className="page-title">{notFound ? 'Person not found' : M.personFailed}</h1>
          {back}
        </div>
      </section>
    );
  }
  const p = person.data;
  const count = p.applications.length;
  return (
    <section className="page page-wide person-page">
      {back}
      <header className="details-head">
        <div className="person">
          <Avatar name={p.name} photo={p.image_url} size="lg" />
          <div>
            <h1 className="page-title">{p.name}</h1>
            <p className="muted details-meta">
              {count} {count === 1 ? 'application' : 'applications'} · updated {formatDay(p.updatedAt)}
            </p>
          </div>
        </div>
        {p.canEdit || isAdmin ? (
          <div className="details-head-actions">
            {p.canEdit ? (
              <Button variant="secondary" size="sm" onPress={() => setEditing(true)}>
                Edit Person
              </Button>
            ) : null}
            {isAdmin ? (
              <Button variant="secondary" size="sm" onPress={() => setMerging(true)}>
                Merge with…
              </Button>
            ) : null}
          </div>
        ) : null}
      </header>
      <section className="card">
        <h2 className="section-title">Applications</h2>
        <Applications person={p} area={area} />
      </section>
      <div className="details-grid">
        <section className={`card${isFresh(`person:${p.id}`) ? ' live-fresh' : ''}`}>
          <h2 className="section-title">Profile</h2>
          <DetailList items={profileItems(p)} />
        </section>
        <section className="card">
          <h2 className="section-title">Notes</h2>
          {p.notes ? <p className="prewrap">{p.notes}</p> : <p className="muted">No notes</p>}
        </section>
      </div>
      {p.merges.length > 0 || isAdmin ? (
        <section className="card">
          <h2 className="section-title">Merges</h2>
          <PersonMerges person={p} canUndo={isAdmin} />
        </section>
      ) : null}
      {editing ? <PersonEditDialog person={p} onClose={() => setEditing(false)} /> : null}
      {merging ? <MergeDialog area={area} person={p} onClose={() => setMerging(false)} /> : null}
    </section>
  );
}
