import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_TIME_ZONE, JOB_MESSAGES, todayIn, type Job, type JobCreate } from '@portal/contracts';
import { toast } from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { ApiError } from '../../lib/api.ts';
import { createJob, jobKeys, jobQuery, skillOptionsQuery, updateJob, userOptionsQuery } from './api.ts';
import type { JobArea } from './areas.ts';
import {
  emptyJobForm,
  formFromJob,
  toJobBody,
  validateJobForm,
  type JobFormErrors,
  type JobFormValues,
} from './jobForm.ts';

/** The job as it is now, from a 409 answer to a save made from an older version. */
const conflictingJob = (error: ApiError) => (error.body as { current?: Job } | undefined)?.current;

/** The skills and the users the form offers. */
function useJobFormOptions(skillIds: readonly number[]) {
  const me = useSessionUser();
  const skills = useQuery(skillOptionsQuery());
  const users = useQuery(userOptionsQuery());
  useEffect(() => {
    if (skills.isError) toast.error(JOB_MESSAGES.skillsLoadFailed);
  }, [skills.isError]);
  useEffect(() => {
    if (users.isError) toast.error(JOB_MESSAGES.usersLoadFailed);
  }, [users.isError]);

  /** Active skills, one per name, sorted; a chosen skill stays listed even if since set inactive. */
  const skillOptions = useMemo(() => {
    const byName = new Map<string, { value: number; label: string }>();
    for (const s of skills.data?.items ?? []) {
      if (s.status !== 'active' && !skillIds.includes(s.id)) continue;
      const key = s.name.trim().toLowerCase();
      if (!byName.has(key) || skillIds.includes(s.id)) byName.set(key, { value: s.id, label: s.name });
    }
    return [...byName.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [skills.data, skillIds]);

  /** Everyone but me: the creator and admins may edit anyway. */
  const userOptions = useMemo(
    () =>
      (users.data?.items ?? [])
        .filter((u) => u.id !== me?.id)
        .map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [users.data, me?.id],
  );
  return { skillOptions, skillsPending: skills.isPending, userOptions, usersPending: users.isPending };
}

/** The job form's state: the job loaded on edit, the values, their check and the save. */
export function useJobForm({ area, jobId }: { area: JobArea; jobId?: number }) {
  const isEdit = jobId !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const today = todayIn(APP_TIME_ZONE);
  const [values, setValues] = useState<JobFormValues>(() => emptyJobForm(area.variant));
  const [errors, setErrors] = useState<JobFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [loadedId, setLoadedId] = useState<number>();
  /** The version of the job this edit started from; the server refuses a save made from an older one. */
  const [baseVersion, setBaseVersion] = useState<number>();
  /** Someone saved the job meanwhile: what it is now (the form keeps what this person typed). */
  const [conflict, setConflict] = useState<Job>();

  const existing = useQuery({ ...jobQuery(jobId ?? 0), enabled: isEdit, retry: false });
  const options = useJobFormOptions(values.skillIds);

  // The form starts from the job once it has loaded (and not again when the query refreshes).
  if (existing.data && loadedId !== existing.data.id) {
    setLoadedId(existing.data.id);
    setBaseVersion(existing.data.version);
    setValues(formFromJob(existing.data));
  }

  useEffect(() => {
    if (existing.isError) {
      toast.error(JOB_MESSAGES.detailsFailed);
      void navigate({ to: area.listPath });
    } else if (existing.data && !existing.data.canEdit) {
      toast.error(JOB_MESSAGES.noEditPermission);
      void navigate({ to: area.listPath });
    }
  }, [existing.isError, existing.data, navigate, area.listPath]);

  const set = <K extends keyof JobFormValues>(key: K, value: JobFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const backToList = async () => {
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    await navigate({ to: area.listPath });
  };

  const save = useMutation({
    /** `version`: the job's version this save is made from (edit only). */
    mutationFn: ({ status, version }: { status?: JobCreate['status']; version?: number }) => {
      const body = toJobBody(values);
      return isEdit
        ? updateJob(jobId, { ...body, maxSalary: body.maxSalary ?? 0, version })
        : createJob({ ...body, status });
    },
    onSuccess: async () => {
      toast.success(isEdit ? JOB_MESSAGES.updated : JOB_MESSAGES.created);
      await backToList();
    },
    onError: (error) => {
      const message = error.message || (isEdit ? JOB_MESSAGES.updateFailed : JOB_MESSAGES.createFailed);
      const current = error instanceof ApiError && error.status === 409 ? conflictingJob(error) : undefined;
      setConflict(current);
      setFormError(message);
      toast.error(message);
    },
  });

  /** Take the other person's version into the form (what was typed here is dropped). */
  function loadTheirs(current: Job) {
    setValues(formFromJob(current));
    setBaseVersion(current.version);
    setConflict(undefined);
    setFormError(undefined);
    setErrors({});
  }

  /** Save what was typed here over the other person's change, knowingly. */
  function saveMine(current: Job) {
    setBaseVersion(current.version);
    setConflict(undefined);
    setFormError(undefined);
    save.mutate({ version: current.version });
  }

  function submit(status: JobCreate['status']) {
    setFormError(undefined);
    const found = validateJobForm(values, {
      variant: area.variant,
      isEdit,
      today,
      previousDeadline: existing.data?.deadline,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ status, version: baseVersion });
  }

  return {
    area,
    isEdit,
    admin: area.variant === 'admin',
    ready: !isEdit || (!existing.isPending && !!existing.data?.canEdit),
    today,
    values,
    setValues,
    set,
    errors,
    setErrors,
    formError,
    conflict,
    ...options,
    saving: save.isPending,
    submit,
    loadTheirs,
    saveMine,
    cancel: () => void navigate({ to: area.listPath }),
  };
}

export type JobFormState = ReturnType<typeof useJobForm>;
