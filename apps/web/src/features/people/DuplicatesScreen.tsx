import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { SuggestedDuplicate } from '@portal/contracts';
import { Button, ErrorBanner } from '@portal/ui';
import { duplicatesQuery } from './api.ts';
import { ApplicationBadges } from './ApplicationBadges.tsx';
import type { PeopleArea } from './areas.ts';
import { MergeDialog } from './MergeDialog.tsx';
import { PEOPLE_MESSAGES as M } from './messages.ts';

function Side({ p, area }: { p: SuggestedDuplicate['a']; area: PeopleArea }) {
  return (
    <div className="duplicate-side">
      <Link to={area.personPath(p.id)} className="duplicate-name">
        {p.name}
      </Link>
      <div className="muted person-sub">{p.email}</div>
      <div className="muted person-sub">{p.phone}</div>
      <ApplicationBadges name={`${p.name} (${p.email})`} applications={p.applications} />
    </div>
  );
}

/**
 * The admin's list of people who may be one (the same name, a close phone or e-mail), each pair side by
 * side with their applications, and "Review and merge", which opens the merge's preview.
 */
export function DuplicatesScreen({ area }: { area: PeopleArea }) {
  const pairs = useQuery(duplicatesQuery());
  const [reviewing, setReviewing] = useState<SuggestedDuplicate>();
  return (
    <section className="page page-wide">
      <Link to={area.poolPath} className="back-link">
        ← Back to {M.title}
      </Link>
      <div className="page-head">
        <h1 className="page-title">{M.duplicatesTitle}</h1>
      </div>
      <p className="muted">{M.duplicatesIntro}</p>
      {pairs.isError ? <ErrorBanner message={pairs.error.message || M.duplicatesFailed} /> : null}
      {pairs.isPending ? <p className="muted">Loading possible duplicates...</p> : null}
      {pairs.data?.length === 0 ? (
        <div className="card empty-card">
          <p>{M.noDuplicates}</p>
        </div>
      ) : null}
      <ul className="duplicate-list" aria-label={M.duplicatesTitle}>
        {pairs.data?.map((pair) => (
          <li key={`${pair.a.id}-${pair.b.id}`} className="card duplicate-pair">
            <Side p={pair.a} area={area} />
            <Side p={pair.b} area={area} />
            <Button
              size="sm"
              onPress={() => setReviewing(pair)}
              aria-label={`Review and merge ${pair.a.name} (${pair.a.email}) and ${pair.b.email}`}
            >
              Review and merge
            </Button>
          </li>
        ))}
      </ul>
      {reviewing ? (
        <MergeDialog
          area={area}
          person={reviewing.a}
          other={reviewing.b}
          onClose={() => setReviewing(undefined)}
        />
      ) : null}
    </section>
  );
}
