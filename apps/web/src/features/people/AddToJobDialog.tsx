import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, ErrorBanner, SelectField, toast } from '@portal/ui';
import { candidateKeys, jobOptionsQuery } from '../candidates/api.ts';
import { addPeopleToJob, peopleKeys } from './api.ts';
import { PEOPLE_MESSAGES as M } from './messages.ts';

/**
 * Puts the chosen people forward for one job, in one request: the toast says how many were added and
 * how many were in that job already (the server leaves those as they were).
 */
export function AddToJobDialog({
  personIds,
  onClose,
  onAdded,
}: {
  personIds: number[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const queryClient = useQueryClient();
  const jobs = useQuery(jobOptionsQuery());
  const [jobId, setJobId] = useState('');
  const [error, setError] = useState<string>();
  const options = (jobs.data?.items ?? []).map((j) => ({ value: String(j.id), label: j.title }));
  const add = useMutation({
    mutationFn: () => addPeopleToJob(Number(jobId), personIds),
    onSuccess: async (answer) => {
      const title = options.find((o) => o.value === jobId)?.label ?? 'the job';
      toast.success(M.added(answer.added.length, answer.alreadyIn.length, title));
      onAdded();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
      ]);
    },
  });
  const submit = () => {
    if (add.isPending) return;
    setError(jobId ? undefined : M.chooseJob);
    if (jobId) add.mutate();
  };
  const count = personIds.length;
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title="Add to job">
      <p className="dialog-message">
        Put {count} {count === 1 ? 'person' : 'people'} forward for a job. Anyone already in it stays as they
        are.
      </p>
      {jobs.isError ? <ErrorBanner message={jobs.error.message} /> : null}
      {add.error ? <ErrorBanner message={add.error.message || M.addFailed} /> : null}
      <SelectField
        label="Job"
        isRequired
        placeholder={jobs.isPending ? 'Loading jobs...' : 'Select a job'}
        options={options}
        value={jobId}
        onChange={(v) => {
          setJobId(v);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={submit}>{add.isPending ? 'Adding...' : `Add ${count} to job`}</Button>
      </div>
    </Dialog>
  );
}
