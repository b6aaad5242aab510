import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { PUBLIC_MESSAGES } from '@portal/contracts';
import { ErrorBanner } from '@portal/ui';
import { useSearchBox } from '../../lib/useDebounced.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { openingsQuery } from './api.ts';
import { JobOpeningCard } from './JobOpeningCard.tsx';
import type { CareersSearch } from './routeParams.ts';

/** /careers and /careers/jobs: "Current Job Openings", a search box and the cards. */
export function CareersListScreen({
  search,
  onSearch,
}: {
  search: string;
  onSearch: (search: string) => void;
}) {
  useDocumentTitle(PUBLIC_MESSAGES.openings);
  const [text, setText] = useSearchBox(search, onSearch);
  const openings = useQuery({
    ...openingsQuery(search),
    placeholderData: (previous) => previous,
  });
  const jobs = openings.data ?? [];

  return (
    <div className="page page-public">
      <header className="public-page-head careers-head">
        <h1 className="page-title">{PUBLIC_MESSAGES.openings}</h1>
        <p className="muted">Apply in a minute, no account needed.</p>
        <div className="careers-search" role="search">
          <label htmlFor="careers-search" className="sr-only">
            Search jobs
          </label>
          <input
            id="careers-search"
            type="search"
            className="input"
            placeholder="Search by title, skill or location"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={200}
          />
        </div>
      </header>
      <ErrorBanner message={openings.error?.message} />
      {openings.isPending ? (
        <p className="muted" role="status">
          Loading openings...
        </p>
      ) : jobs.length === 0 && !openings.error ? (
        <div className="card empty-card" role="status">
          <p>{PUBLIC_MESSAGES.noJobs}</p>
        </div>
      ) : (
        <>
          <p className="muted" role="status">
            {jobs.length === 1 ? '1 opening' : `${jobs.length} openings`}
          </p>
          <ul className="opening-grid">
            {jobs.map((job) => (
              <JobOpeningCard key={job.id} job={job} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The list as a route shows it (/careers and /careers/jobs): the search lives in the URL. */
export function CareersListPage({ path }: { path: '/careers' | '/careers/jobs' }) {
  const { search } = useSearch({ strict: false }) as CareersSearch;
  const navigate = useNavigate();
  return (
    <CareersListScreen
      search={search ?? ''}
      onSearch={(text) => void navigate({ to: path, search: { search: text || undefined }, replace: true })}
    />
  );
}
