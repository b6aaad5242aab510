import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  takesCandidates,
  type CandidateDetails,
  type DuplicateCheckResult,
} from '@portal/contracts';
import { toast } from '@portal/ui';
import { focusFirstInvalidField, serverFieldError } from '../../lib/formErrors.ts';
import { statesQuery } from '../jobs/api.ts';
import {
  candidateKeys,
  candidateQuery,
  checkDuplicate,
  createCandidate,
  jobOptionsQuery,
  updateCandidate,
  uploadResume,
} from './api.ts';
import type { CandidateArea } from './areas.ts';
import {
  emptyCandidateForm,
  formFromCandidate,
  checkResume,
  toCandidateBody,
  validateCandidateForm,
  withNumbers,
  type CandidateFormErrors,
  type CandidateFormValues,
} from './candidateForm.ts';
import { useChangedElsewhere } from './useChangedElsewhere.ts';
import { useCandidateMerge } from './useCandidateMerge.ts';
import { usePersonOnFile } from './usePersonOnFile.ts';

/**
 * Thrown to stop a save whose candidate already exists; its message is shown as it is, on its field, and
 * the check's answer (the person found) goes with it.
 */
class DuplicateStop extends Error {
  constructor(
    message: string,
    readonly field: 'email' | 'phone' | undefined,
    readonly answer: DuplicateCheckResult,
  ) {
    super(message);
  }
}

/** The jobs a candidate can be put on, and the chosen job's questions. */
function useCandidateJobs(jobId: string, loaded: CandidateDetails | undefined) {
  const jobs = useQuery(jobOptionsQuery());
  useEffect(() => {
    if (jobs.isError) toast.error(M.jobsLoadFailed);
  }, [jobs.isError]);
  const job = jobs.data?.items.find((j) => String(j.id) === jobId);
  const questions = useMemo(() => (job?.questions ?? []).filter((q) => q.trim()), [job]);
  const jobOptions = useMemo(() => {
    // Only jobs that take candidates, and the candidate's own job when editing (closed or not), so that
    // it stays chosen and can be chosen again.
    const options = (jobs.data?.items ?? [])
      .filter((j) => takesCandidates(j.status) || j.id === loaded?.job_id)
      .map((j) => ({ value: String(j.id), label: j.title }));
    // The candidate's job stays listed even when the board no longer shows it (deleted, or beyond the page).
    if (loaded && !options.some((o) => o.value === String(loaded.job_id))) {
      options.unshift({ value: String(loaded.job_id), label: loaded.job.title });
    }
    return options;
  }, [jobs.data, loaded]);
  return { jobsPending: jobs.isPending, questions, jobOptions };
}

/** The Single Upload form's state: the candidate loaded on edit, the values, their check and the save. */
export function useCandidateForm({ area, candidateId }: { area: CandidateArea; candidateId?: string }) {
  const isEdit = candidateId !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CandidateFormValues>(emptyCandidateForm);
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<CandidateFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string>();
  const [loaded, setLoaded] = useState<CandidateDetails>();

  const existing = useQuery({ ...candidateQuery(candidateId ?? ''), enabled: isEdit, retry: false });
  const { jobsPending, questions, jobOptions } = useCandidateJobs(values.job_id, loaded);
  const elsewhere = useChangedElsewhere(loaded);
  const states = useQuery(statesQuery());
  const merging = useCandidateMerge({ states: states.data, jobOptions, setValues });
  const onFile = usePersonOnFile({ area, values });

  // The form starts from the candidate once it and the states (to read its locations) have loaded.
  if (existing.data && states.data && loaded?.id !== existing.data.id) {
    setLoaded(existing.data);
    setValues(formFromCandidate(existing.data, states.data));
  }

  useEffect(() => {
    if (existing.isError) {
      toast.error(existing.error.message || M.detailsFailed);
      void navigate({ to: area.listPath });
    } else if (existing.data && !existing.data.canEdit) {
      toast.error(M.noEditPermission);
      void navigate({ to: area.listPath });
    }
  }, [existing.isError, existing.error, existing.data, navigate, area.listPath]);

  const set = <K extends keyof CandidateFormValues>(key: K, value: CandidateFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function pickResume(file: File) {
    const problem = await checkResume(file);
    setResumeError(problem ?? undefined);
    if (problem) {
      setResume(null);
      toast.error(problem);
    } else {
      setResume(file);
      toast.success(M.resumeSelected);
    }
  }

  const save = useMutation({
    mutationFn: async () => {
      const body = withNumbers(toCandidateBody(values, questions, states.data ?? []));
      // The resume goes first, then the duplicate check, then the candidate.
      const resume_url = resume ? (await uploadResume(resume)).url : undefined;
      const duplicate = await checkDuplicate({
        name: body.name,
        email: body.email,
        phone: body.phone,
        ...(loaded ? { excludeId: loaded.id } : {}),
      });
      if (duplicate.isDuplicate)
        throw new DuplicateStop(duplicate.message || M.duplicate, duplicate.field, duplicate);
      const withResume = resume_url ? { ...body, resume_url } : body;
      return loaded
        ? updateCandidate(loaded.id, { ...withResume, version: loaded.version })
        : createCandidate(withResume);
    },
    onSuccess: async () => {
      toast.success(isEdit ? M.updated : M.added);
      await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
      await navigate({ to: area.listPath });
    },
    onError: (error) => {
      const merged = merging.mergeRefusedSave(error, loaded, values);
      if (merged) {
        setLoaded(merged.loaded);
        setValues(merged.values);
        setErrors({});
        // No toast: it would cover the choices at the Update button on a phone, and says nothing more.
        setFormError(merged.message);
        return;
      }
      // On add, the person the duplicate rule found may be put forward for the job instead.
      if (!isEdit) onFile.takeFrom(error instanceof DuplicateStop ? error.answer : error);
      const message = error.message || (isEdit ? M.updateFailed : M.saveFailed);
      setFormError(message);
      toast.error(message);
      // A duplicate e-mail or phone, a value the server refuses: marked on its field, brought into view.
      const onField =
        error instanceof DuplicateStop
          ? error.field && { field: error.field, message }
          : serverFieldError(error, Object.keys(values) as (keyof CandidateFormValues)[]);
      if (onField) {
        setErrors((e) => ({ ...e, [onField.field]: onField.message }));
        focusFirstInvalidField(formRef.current);
      }
    },
  });

  /** Replaces what was typed with the candidate as it is now (someone else changed it meanwhile). */
  async function loadNewVersion() {
    const fresh = await existing.refetch();
    if (fresh.data && states.data) {
      setLoaded(fresh.data);
      setValues(formFromCandidate(fresh.data, states.data));
      setErrors({});
      setFormError(undefined);
      merging.clearMerge();
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (merging.stopUnanswered()) return;
    setFormError(undefined);
    const found = validateCandidateForm(values, questions, states.data ?? [], loaded);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate();
  }

  return {
    isEdit,
    ready: !isEdit || (loaded !== undefined && !!existing.data?.canEdit),
    values,
    setValues,
    set,
    errors,
    setErrors,
    formError,
    formRef,
    loaded,
    elsewhere,
    jobsPending,
    questions,
    jobOptions,
    resume,
    resumeError,
    pickResume,
    saving: save.isPending,
    submit,
    loadNewVersion,
    cancel: () => void navigate({ to: area.listPath }),
    onFile,
    ...merging,
  };
}

export type CandidateFormState = ReturnType<typeof useCandidateForm>;
