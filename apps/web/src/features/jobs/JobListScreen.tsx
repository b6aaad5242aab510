import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  JOB_MESSAGES,
  JOB_STATUSES,
  PAGE_SIZES,
  type Job,
  type JobStatus,
  type JobTab,
} from '@portal/contracts';
import {
  Button,
  ConfirmDialog,
  Dialog,
  FiltersButton,
  ListToolbar,
  Pager,
  SelectField,
  Tabs,
  toast,
} from '@portal/ui';
import { ListHeader } from '../../lib/ListHeader.tsx';
import { useListScreen } from '../../lib/useListScreen.ts';
import { changeJobStatus, deleteJob, jobKeys, jobListQuery } from './api.ts';
import { downloadJobExport } from './exportJobs.ts';
import type { JobArea } from './areas.ts';
import { JobCard, statusLabel } from './JobCard.tsx';
import { useIsFresh, useLiveRoom } from '../../lib/live.ts';
import { JobFilterPanel } from './JobFilterPanel.tsx';
import { activeFilterCount, type JobFilters, type JobListParams } from './routeParams.ts';

export interface JobListScreenProps {
  area: JobArea;
  params: JobListParams;
  /** Keeps search, tab, filters and page in the URL. */
  onParamsChange: (params: JobListParams) => void;
}

const STATUS_CHOICES = JOB_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

/** The job board: status tabs with counts, search, filter panel, a grid of 6 cards a page, export. */
export function JobListScreen({ area, params, onParamsChange }: JobListScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [statusJob, setStatusJob] = useState<Job | null>(null);
  const [nextStatus, setNextStatus] = useState<JobStatus>('active');
  const [exporting, setExporting] = useState(false);

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

  const status = useMutation({
    mutationFn: ({ job, to }: { job: Job; to: JobStatus }) => changeJobStatus(job.id, to),
    onSuccess: async (job) => {
      toast.success(JOB_MESSAGES.statusUpdated(job.status));
      setStatusJob(null);
      await refresh();
    },
    onError: (error) => toast.error(error.message || JOB_MESSAGES.statusFailed),
  });

  async function exportExcel() {
    setExporting(true);
    try {
      await downloadJobExport(params);
      toast.success(JOB_MESSAGES.excelDownloaded);
    } catch {
      toast.error(JOB_MESSAGES.excelFailed);
    } finally {
      setExporting(false);
    }
  }

  const counts = list.data?.counts;
  const filterCount = activeFilterCount(params);
  const filtered = Boolean(params.search) || filterCount > 0;
  const jobs = list.data?.items ?? [];
  // A list without an Expired tab (the employee's) still counts expired jobs in All Jobs: said under the
  // tabs, so that All Jobs being more than the tabs' sum is explained rather than looking like a miscount.
  const expiredInAllOnly = area.tabs.some((t) => t.id === 'expired') ? 0 : (counts?.expired ?? 0);

  return (
    <section className="page page-wide">
      <ListHeader
        title={area.listTitle}
        addPath={area.addPath}
        addLabel="Add New Job"
        onExport={() => void exportExcel()}
        isExporting={exporting}
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
        {expiredInAllOnly > 0 ? (
          <p className="muted tab-note">
            <span>{JOB_MESSAGES.expiredInAllOnly(expiredInAllOnly)}</span>
            {params.statuses.includes('expired') ? null : (
              <Button
                variant="ghost"
                size="sm"
                onPress={() => screen.change({ tab: 'all', statuses: ['expired'] })}
              >
                {JOB_MESSAGES.showExpired}
              </Button>
            )}
          </p>
        ) : null}
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
                onUpdateStatus={() => {
                  setNextStatus(job.status);
                  setStatusJob(job);
                }}
                onDelete={() => screen.askDelete(job)}
                onInlineStatus={(to) => status.mutate({ job, to })}
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

      <Dialog
        isOpen={statusJob !== null}
        onOpenChange={(open) => !open && setStatusJob(null)}
        title="Update Status"
      >
        <p className="dialog-message">{statusJob?.title}</p>
        <SelectField label="Status" value={nextStatus} options={STATUS_CHOICES} onChange={setNextStatus} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={() => setStatusJob(null)}>
            Cancel
          </Button>
          <Button
            isDisabled={status.isPending}
            onPress={() => statusJob && status.mutate({ job: statusJob, to: nextStatus })}
          >
            {status.isPending ? 'Saving...' : 'Update Status'}
          </Button>
        </div>
      </Dialog>

      <ConfirmDialog
        {...screen.deleteDialogProps}
        title="Delete Job"
        message={`Delete "${screen.pendingDelete?.title ?? ''}"? This action cannot be undone.`}
      />
    </section>
  );
}
