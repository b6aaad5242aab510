import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { JOB_MESSAGES, PAGE_SIZES, type Job, type JobTab } from '@portal/contracts';
import { Button, ConfirmDialog, FiltersButton, ListToolbar, Pager, Tabs } from '@portal/ui';
import { ListHeader } from '../../lib/ListHeader.tsx';
import { useDownload } from '../../lib/useDownload.ts';
import { useListScreen } from '../../lib/useListScreen.ts';
import { deleteJob, jobKeys, jobListQuery } from './api.ts';
import { downloadJobExport } from './exportJobs.ts';
import type { JobArea } from './areas.ts';
import { JobCard } from './JobCard.tsx';
import { useJobStatusChange } from './useJobStatusChange.tsx';
import { useIsFresh, useLiveRoom } from '../../lib/live.ts';
import { JobFilterPanel } from './JobFilterPanel.tsx';
import { activeFilterCount, type JobFilters, type JobListParams } from './routeParams.ts';

export interface JobListScreenProps {
  area: JobArea;
  params: JobListParams;
  /** Keeps search, tab, filters and page in the URL. */
  onParamsChange: (params: JobListParams) => void;
}

/**
 * A list without an Expired tab (the employee's) still counts expired jobs in All Jobs: said under the
 * tabs, so that All Jobs being more than the tabs' sum is explained rather than looking like a miscount.
 */
function ExpiredNote({ count, shown, onShow }: { count: number; shown: boolean; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <p className="muted tab-note">
      <span>{JOB_MESSAGES.expiredInAllOnly(count)}</span>
      {shown ? null : (
        <Button variant="ghost" size="sm" onPress={onShow}>
          {JOB_MESSAGES.showExpired}
        </Button>
      )}
    </p>
  );
}

/** The job board: status tabs with counts, search, filter panel, a grid of 6 cards a page, export. */
export function JobListScreen({ area, params, onParamsChange }: JobListScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const screen = useListScreen({
    params,
    onParamsChange,
    query: jobListQuery(params),
    failedMessage: JOB_MESSAGES.loadFailed,
    deletion: {
      run: (job: Job) => deleteJob(job.id),
      deletedMessage: JOB_MESSAGES.deleted,
      failedMessage: JOB_MESSAGES.deleteFailed,
      invalidates: jobKeys.all,
    },
  });
  const { list } = screen;

  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
  // The board's room: each job's counts and status as they change (features/shell/LiveConnection.tsx).
  useLiveRoom({ kind: 'board' });
  const isFresh = useIsFresh();

  const status = useJobStatusChange(refresh);

  const excel = useDownload(() => downloadJobExport(params), {
    done: JOB_MESSAGES.excelDownloaded,
    failed: JOB_MESSAGES.excelFailed,
  });

  const counts = list.data?.counts;
  const filterCount = activeFilterCount(params);
  const filtered = Boolean(params.search) || filterCount > 0;
  const jobs = list.data?.items ?? [];
  const expiredInAllOnly = area.tabs.some((t) => t.id === 'expired') ? 0 : (counts?.expired ?? 0);

  return (
    <section className="page page-wide">
      <ListHeader
        title={area.listTitle}
        addPath={area.addPath}
        addLabel="Add New Job"
        onExport={excel.start}
        isExporting={excel.isDownloading}
        canExport={Boolean(counts?.all)}
      />
      <ListToolbar
        searchLabel="Search jobs"
        searchPlaceholder="Search by title or description..."
        searchBox={screen.searchBox}
      >
        <FiltersButton count={filterCount} onPress={() => setFiltersOpen(true)} />
      </ListToolbar>
      <Tabs
        label="Job status"
        items={area.tabs.map((t) => ({
          ...t,
          count: counts?.[t.id as keyof typeof counts],
        }))}
        selectedId={params.tab}
        onSelectionChange={(tab) => screen.change({ tab: tab as JobTab })}
      >
        <ExpiredNote
          count={expiredInAllOnly}
          shown={params.statuses.includes('expired')}
          onShow={() => screen.change({ tab: 'all', statuses: ['expired'] })}
        />
        {list.isPending ? (
          <p className="muted">Loading jobs...</p>
        ) : jobs.length === 0 ? (
          <div className="card empty-card">
            <strong>{filtered ? 'No jobs match your search or filters' : 'No jobs here yet'}</strong>
            <p className="muted">
              {filtered ? 'Try other words or clear some filters.' : 'Add a job to start recruiting.'}
            </p>
          </div>
        ) : (
          <div className="card-grid" aria-busy={list.isFetching}>
            {jobs.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                detailsPath={area.detailsPath}
                onEdit={() => void navigate({ to: area.editPath, params: { id: job.id } })}
                onUpdateStatus={() => status.ask(job)}
                onDelete={() => screen.askDelete(job)}
                onInlineStatus={(to) => status.change(job, to)}
                isFresh={isFresh(`job:${job.id}`)}
              />
            ))}
          </div>
        )}
        <Pager {...screen.pagerProps(PAGE_SIZES.jobs)} />
      </Tabs>

      <JobFilterPanel
        isOpen={filtersOpen}
        statuses={area.panelStatuses}
        applied={params}
        onCancel={() => setFiltersOpen(false)}
        onApply={(filters: JobFilters) => {
          setFiltersOpen(false);
          screen.change(filters);
        }}
      />

      {status.dialog}

      <ConfirmDialog
        {...screen.deleteDialogProps}
        title="Delete Job"
        message={`Delete "${screen.pendingDelete?.title ?? ''}"? This action cannot be undone.`}
      />
    </section>
  );
}
