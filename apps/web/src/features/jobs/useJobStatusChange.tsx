import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { JOB_MESSAGES, JOB_STATUSES, type Job, type JobStatus } from '@portal/contracts';
import { Button, Dialog, SelectField, toast } from '@portal/ui';
import { changeJobStatus } from './api.ts';
import { statusLabel } from './JobCard.tsx';

const STATUS_CHOICES = JOB_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

/**
 * A job's status change from the board: at once (a card's inline menu) or through the Update Status dialog
 * (`ask`), which the screen renders as `dialog`. `onChanged` reads the board again.
 */
export function useJobStatusChange(onChanged: () => Promise<unknown>) {
  const [statusJob, setStatusJob] = useState<Job | null>(null);
  const [nextStatus, setNextStatus] = useState<JobStatus>('active');
  const status = useMutation({
    mutationFn: ({ job, to }: { job: Job; to: JobStatus }) => changeJobStatus(job.id, to),
    onSuccess: async (job) => {
      toast.success(JOB_MESSAGES.statusUpdated(job.status));
      setStatusJob(null);
      await onChanged();
    },
    onError: (error) => toast.error(error.message || JOB_MESSAGES.statusFailed),
  });

  const ask = (job: Job) => {
    setNextStatus(job.status);
    setStatusJob(job);
  };
  const change = (job: Job, to: JobStatus) => status.mutate({ job, to });
  const dialog = (
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
  );
  return { ask, change, dialog };
}
