import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CANDIDATE_MESSAGES as M, PAGE_SIZES, type Candidate } from '@portal/contracts';
import { ConfirmDialog, FiltersButton, ListToolbar, Pager } from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { ListHeader } from '../../lib/ListHeader.tsx';
import { useDownload } from '../../lib/useDownload.ts';
import { useListScreen } from '../../lib/useListScreen.ts';
import {
  candidateKeys,
  candidateListQuery,
  deleteCandidate,
  downloadCandidatesExcel,
  jobOptionsQuery,
} from './api.ts';
import type { CandidateArea } from './areas.ts';
import { CandidateFilterPanel } from './CandidateFilterPanel.tsx';
import { CandidateTable } from './CandidateTable.tsx';
import { activeFilterCount } from './listFilters.ts';
import type { CandidateListParams } from './routeParams.ts';
import { useStatusChange } from './useStatusChange.tsx';
import { useLiveRooms } from '../../lib/live.ts';

export interface CandidateListScreenProps {
  area: CandidateArea;
  params: CandidateListParams;
  /** Keeps search, filters and page in the URL. */
  onParamsChange: (params: CandidateListParams) => void;
}

/** The candidates list: search, filters, table with the status menu, 5 a page, export. */
export function CandidateListScreen({ area, params, onParamsChange }: CandidateListScreenProps) {
  const me = useSessionUser();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const status = useStatusChange();

  const screen = useListScreen({
    params,
    onParamsChange,
    query: candidateListQuery(area.listEndpoint, params),
    failedMessage: M.loadFailed,
    deletion: {
      run: (c: Candidate) => deleteCandidate(c.id),
      deletedMessage: M.deleted,
      failedMessage: M.deleteFailed,
      invalidates: candidateKeys.all,
    },
  });
  const { list } = screen;
  // New candidates and status changes of every job arrive in the dashboard room; edits and deletions in the
  // rooms of the jobs on this page (features/shell/LiveConnection.tsx refreshes the list in place).
  const jobIds = [...new Set((list.data?.items ?? []).map((c) => c.job_id))];
  useLiveRooms([{ kind: 'dashboard' }, ...jobIds.map((jobId) => ({ kind: 'job' as const, jobId }))]);
  const jobs = useQuery({ ...jobOptionsQuery(), enabled: filtersOpen });

  const excel = useDownload(() => downloadCandidatesExcel(params), {
    done: M.excelDownloaded,
    failed: M.excelFailed,
  });

  const filterCount = activeFilterCount(params);
  const total = list.data?.total ?? 0;
  return (
    <section className="page page-wide">
      <ListHeader
        title={area.listTitle}
        addPath={area.addPath}
        addLabel="Add Candidate"
        onExport={excel.start}
        isExporting={excel.isDownloading}
        canExport={!list.isPending && total > 0}
      />
      <ListToolbar
        searchLabel="Search candidates"
        searchPlaceholder="Search by name, email, phone or job..."
        searchBox={screen.searchBox}
      >
        <FiltersButton count={filterCount} onPress={() => setFiltersOpen(true)} />
      </ListToolbar>
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
          onDelete={screen.askDelete}
          onStatusChange={status.requestChange}
          statusPending={status.isPending}
        />
      </div>
      <Pager
        {...screen.pagerProps(PAGE_SIZES.candidates)}
        totalIsLowerBound={list.data?.totalIsLowerBound}
        itemLabel="Candidates"
      />

      <CandidateFilterPanel
        isOpen={filtersOpen}
        applied={params}
        sources={area.filterSources}
        jobs={(jobs.data?.items ?? []).map((j) => ({ value: String(j.id), label: j.title }))}
        onCancel={() => setFiltersOpen(false)}
        onApply={(filters) => {
          setFiltersOpen(false);
          screen.change(filters);
        }}
      />
      {status.dialog}
      <ConfirmDialog
        {...screen.deleteDialogProps}
        title="Delete Candidate"
        message={`Delete ${screen.pendingDelete?.name ?? ''}? This action cannot be undone.`}
      />
    </section>
  );
}
