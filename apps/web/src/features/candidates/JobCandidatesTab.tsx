import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CANDIDATE_FILTER_SOURCES,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as M,
  PAGE_SIZES,
  type Candidate,
  type Job,
} from '@portal/contracts';
import { Button, Pager, SearchField } from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { useListScreen } from '../../lib/useListScreen.ts';
import { candidateKeys, fetchJobCandidates, type JobCandidateQuery } from './api.ts';
import { ShareShortlistDialog } from './ShareShortlist.tsx';
import { ShareRecord } from '../shares/ShareRecord.tsx';
import { ADMIN_CANDIDATES, EMPLOYEE_CANDIDATES, jobCandidatePath } from './areas.ts';
import { CandidateFilterPanel } from './CandidateFilterPanel.tsx';
import { CandidateTable } from './CandidateTable.tsx';
import { activeFilterCount, filterQuery } from './listFilters.ts';
import type { CandidateListParams } from './routeParams.ts';
import { useStatusChange } from './useStatusChange.tsx';
import { useLiveRoom } from '../../lib/live.ts';

/**
 * A job's Candidates tab: search (name, email, phone, source, created by), filters
 * (experience, expected salary, source), 5 a page, and Share Shortlisted when the filtered list holds a
 * shortlisted candidate.
 */
export function JobCandidatesTab({
  job,
  variant,
  params,
  onParamsChange,
  showRecord = 0,
}: {
  job: Job;
  variant: 'admin' | 'employee';
  /** The tab's search, filters and page (in the job-details URL). */
  params: CandidateListParams;
  onParamsChange: (params: CandidateListParams) => void;
  /** Raised to open "Sent to the client" and bring it into view (the job's not-opened flag). */
  showRecord?: number;
}) {
  const me = useSessionUser();
  const area = variant === 'admin' ? ADMIN_CANDIDATES : EMPLOYEE_CANDIDATES;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const status = useStatusChange();
  const record = useRef<HTMLDetailsElement>(null);
  const [recordOpen, setRecordOpen] = useState(showRecord > 0);
  useEffect(() => {
    if (showRecord === 0) return;
    setRecordOpen(true);
    record.current?.scrollIntoView?.({ block: 'start' });
  }, [showRecord]);

  const query: JobCandidateQuery = filterQuery({ ...params, page: 1 });
  const screen = useListScreen({
    params,
    onParamsChange,
    query: {
      queryKey: candidateKeys.job(job.id, { ...query, page: params.page }),
      queryFn: ({ signal }) =>
        fetchJobCandidates(
          job.id,
          { ...query, page: params.page, pageSize: PAGE_SIZES.jobCandidates },
          signal,
        ),
    },
    failedMessage: M.loadFailed,
  });
  const list = screen.list;
  // Changes to this job's candidates arrive in its room (features/shell/LiveConnection.tsx refreshes the list).
  useLiveRoom({ kind: 'job', jobId: job.id });
  // The shortlisted candidates of the filtered list: what Share Shortlisted would send.
  const shortlisted = useQuery({
    queryKey: candidateKeys.job(job.id, { ...query, shortlisted: true }),
    queryFn: ({ signal }) =>
      fetchJobCandidates(
        job.id,
        { ...query, statuses: ['shortlisted'], pageSize: CANDIDATE_LIMITS.shareMax },
        signal,
      ),
  });
  const toShare: Candidate[] = shortlisted.data?.items ?? [];

  const filterCount = activeFilterCount(params);
  return (
    <div className="tab-body">
      <div className="toolbar">
        <SearchField
          label="Search candidates"
          placeholder="Search by name, email, phone, source or created by..."
          {...screen.searchBox}
        />
        <Button variant="secondary" onPress={() => setFiltersOpen(true)}>
          {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
        </Button>
        {toShare.length > 0 ? <Button onPress={() => setSharing(true)}>Share Shortlisted</Button> : null}
      </div>
      <div aria-busy={list.isFetching}>
        <CandidateTable
          caption={`Candidates for ${job.title}`}
          rows={list.data?.items ?? []}
          isLoading={list.isPending}
          emptyTitle={M.noCandidates}
          emptyHint={M.adjustFilters}
          showJob={false}
          detailsPath={(c) => (variant === 'admin' ? jobCandidatePath(job.id, c) : area.detailsPath(c))}
          editPath={area.editPath}
          showEdit={(c) => area.showEdit(c, me)}
          showDelete={() => false}
          onStatusChange={status.requestChange}
          statusPending={status.isPending}
        />
      </div>
      <Pager
        {...screen.pagerProps(PAGE_SIZES.jobCandidates)}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        itemLabel="Candidates"
      />

      <CandidateFilterPanel
        isOpen={filtersOpen}
        applied={params}
        sources={CANDIDATE_FILTER_SOURCES.jobTab}
        onCancel={() => setFiltersOpen(false)}
        onApply={(next) => {
          setFiltersOpen(false);
          screen.change(next);
        }}
      />
      {status.dialog}
      {sharing ? (
        <ShareShortlistDialog job={job} candidates={toShare} onClose={() => setSharing(false)} />
      ) : null}
      <details
        ref={record}
        className="share-record"
        open={recordOpen}
        onToggle={(e) => setRecordOpen(e.currentTarget.open)}
      >
        <summary>Sent to the client</summary>
        <ShareRecord jobId={job.id} canEdit={job.canEdit} />
      </details>
    </div>
  );
}
