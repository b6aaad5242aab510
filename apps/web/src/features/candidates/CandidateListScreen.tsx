import { useCallback, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CANDIDATE_MESSAGES as M, PAGE_SIZES, type Candidate } from '@portal/contracts';
import { Button, ConfirmDialog, Pager, SearchField, toast } from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { useSearchBox } from '../../lib/useDebounced.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import {
  candidateKeys,
  deleteCandidate,
  downloadCandidatesExcel,
  fetchCandidates,
  fetchJobOptions,
} from './api.ts';
import type { CandidateArea } from './areas.ts';
import { CandidateFilterPanel } from './CandidateFilterPanel.tsx';
import { CandidateTable } from './CandidateTable.tsx';
import { activeFilterCount, type CandidateListParams } from './routeParams.ts';
import { useStatusChange } from './useStatusChange.tsx';
import { useLiveRooms } from '../../lib/live.ts';

export interface CandidateListScreenProps {
  area: CandidateArea;
  params: CandidateListParams;
  /** Keeps search, filters and page in the URL. */
  onParamsChange: (params: CandidateListParams) => void;
}

export const jobOptionsKey = ['jobs', 'options'] as const;

/** The candidates list (spec 3 §2.1): search, filters, table with the status menu, 5 a page, export. */
export function CandidateListScreen({ area, params, onParamsChange }: CandidateListScreenProps) {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [searchText, setSearchText] = useSearchBox(params.search, (search) =>
    onParamsChange({ ...params, search, page: 1 }),
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [deleting, setDeleting] = useState<Candidate | null>(null);
  const [exporting, setExporting] = useState(false);
  const status = useStatusChange();

  const stepBack = useCallback(
    (to: number) => onParamsChange({ ...params, page: to }),
    [params, onParamsChange],
  );
  const list = usePagedList({
    queryKey: candidateKeys.list(area.listEndpoint, params),
    fetchPage: (signal) => fetchCandidates(area.listEndpoint, params, signal),
    page: params.page,
    onStepBack: stepBack,
    failedMessage: M.loadFailed,
  });
  // New candidates and status changes of every job arrive in the dashboard room; edits and deletions in the
  // rooms of the jobs on this page (features/shell/LiveConnection.tsx refreshes the list in place).
  const jobIds = [...new Set((list.data?.items ?? []).map((c) => c.job_id))];
  useLiveRooms([{ kind: 'dashboard' }, ...jobIds.map((jobId) => ({ kind: 'job' as const, jobId }))]);
  const jobs = useQuery({ queryKey: jobOptionsKey, queryFn: fetchJobOptions, enabled: filtersOpen });

  const remove = useMutation({
    mutationFn: (c: Candidate) => deleteCandidate(c.id),
    onSuccess: async () => {
      toast.success(M.deleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    },
    onError: (error) => {
      setDeleting(null);
      toast.error(error.message || M.deleteFailed);
    },
  });

  async function exportExcel() {
    setExporting(true);
    try {
      await downloadCandidatesExcel(params);
      toast.success(M.excelDownloaded);
    } catch {
      toast.error(M.excelFailed);
    } finally {
      setExporting(false);
    }
  }

  const filterCount = activeFilterCount(params);
  const total = list.data?.total ?? 0;
  return (
    <section className="page page-wide">
      <div className="page-head">
        <h1 className="page-title">{area.listTitle}</h1>
        <div className="page-actions">
          <Button
            variant="secondary"
            onPress={() => void exportExcel()}
            isDisabled={exporting || list.isPending || total === 0}
          >
            {exporting ? 'Exporting...' : 'Export Excel'}
          </Button>
          <Link to={area.addPath} className="btn btn-primary btn-md">
            Add Candidate
          </Link>
        </div>
      </div>
      <div className="toolbar">
        <SearchField
          label="Search candidates"
          placeholder="Search by name, email, phone or job..."
          value={searchText}
          onChange={setSearchText}
        />
        <Button variant="secondary" onPress={() => setFiltersOpen(true)}>
          {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
        </Button>
      </div>
      <div aria-busy={list.isFetching}>
        <CandidateTable
          caption={area.listTitle}
          rows={list.data?.items ?? []}
          isLoading={list.isPending}
          emptyTitle={M.noCandidates}
          emptyHint={M.adjustFilters}
          detailsPath={area.detailsPath}
          editPath={area.editPath}
          showEdit={(c) => area.showEdit(c, me)}
          showDelete={area.showDelete}
          onDelete={setDeleting}
          onStatusChange={status.requestChange}
          statusPending={status.isPending}
        />
      </div>
      <Pager
        page={params.page}
        pageSize={list.data?.pageSize ?? PAGE_SIZES.candidates}
        total={total}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        itemLabel="Candidates"
        onPageChange={(page) => onParamsChange({ ...params, page })}
      />

      <CandidateFilterPanel
        isOpen={filtersOpen}
        applied={params}
        sources={area.filterSources}
        jobs={(jobs.data?.items ?? []).map((j) => ({ value: String(j.id), label: j.title }))}
        onCancel={() => setFiltersOpen(false)}
        onApply={(filters) => {
          setFiltersOpen(false);
          onParamsChange({ ...params, ...filters, page: 1 });
        }}
      />
      {status.dialog}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete Candidate"
        message={`Delete ${deleting?.name ?? ''}? This action cannot be undone.`}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
