import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CANDIDATE_MESSAGES as M, type PersonApplication } from '@portal/contracts';
import { toast } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { addPersonApplication, candidateKeys } from './api.ts';
import type { CandidateArea } from './areas.ts';
import type { CandidateFormValues } from './candidateForm.ts';

/** The person the duplicate rule found: who, and the jobs they are in. */
export interface PersonFound {
  personId: number;
  personName: string;
  applications: PersonApplication[];
}

/** An add refused because the person is in the job already: the server's words and their application. */
interface InJob {
  jobId: string;
  message: string;
  uuid: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The person named by a duplicate answer (the check's, or the save's 409 body), when it names one: the
 * answer says who is on file, so that the form can offer to put that person forward instead.
 */
export function personIn(answer: unknown): PersonFound | undefined {
  if (!isRecord(answer)) return undefined;
  const { personId, personName, applications } = answer;
  if (typeof personId !== 'number' || typeof personName !== 'string' || !Array.isArray(applications)) {
    return undefined;
  }
  return { personId, personName, applications: applications as PersonApplication[] };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/**
 * The add form's offer when the duplicate rule finds a person on file: "Add <name> to <job>" creates their
 * application in the chosen job with the form's source, referral and notes, and goes where a new
 * candidate's save goes. A person already in that job is pointed to their application there instead.
 */
export function usePersonOnFile({ area, values }: { area: CandidateArea; values: CandidateFormValues }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The person found, with the e-mail and phone they were found by: another e-mail or phone typed since
  // may be someone else, so the offer goes until the next check.
  const [foundBy, setFoundBy] = useState<{ person: PersonFound; email: string; phone: string }>();
  const found =
    foundBy && foundBy.email === values.email && foundBy.phone === values.phone ? foundBy.person : undefined;
  const [inJob, setInJob] = useState<InJob>();

  const add = useMutation({
    mutationFn: (person: PersonFound) =>
      addPersonApplication(person.personId, {
        jobId: Number(values.job_id),
        source: values.source,
        referred_by: values.source === 'Referral' ? orNull(values.referred_by) : null,
        notes: orNull(values.notes),
        // What was typed for the job's questions goes with the application.
        job_answers: Object.fromEntries(
          Object.entries(values.job_answers)
            .map(([question, answer]) => [question, answer.trim()])
            .filter(([, answer]) => answer !== ''),
        ),
      }),
    onSuccess: async () => {
      toast.success(M.added);
      await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
      await navigate({ to: area.listPath });
    },
    onError: (error) => {
      // Put in that job meanwhile (by a teammate, or the careers page): the offer becomes a link to it.
      if (error instanceof ApiError && error.status === 409 && isRecord(error.body)) {
        const { uuid } = error.body;
        if (typeof uuid === 'string') {
          setInJob({ jobId: values.job_id, message: error.message, uuid });
          return;
        }
      }
      toast.error(error.message || M.saveFailed);
    },
  });

  /** The application the person has in the chosen job, known from the answer or from a refused add. */
  const there =
    found?.applications.find((a) => String(a.jobId) === values.job_id) ??
    (inJob && inJob.jobId === values.job_id ? { uuid: inJob.uuid } : undefined);

  return {
    found,
    there,
    inJobMessage: inJob && inJob.jobId === values.job_id ? inJob.message : undefined,
    adding: add.isPending,
    addToJob: () => found && add.mutate(found),
    /**
     * Takes the person a refused save names: the check's answer, or the body of the save's 409 (someone
     * with that e-mail or phone recorded between the check and the save).
     */
    takeFrom: (refusal: unknown) => {
      const person = personIn(refusal instanceof ApiError ? refusal.body : refusal);
      setFoundBy(person && { person, email: values.email, phone: values.phone });
      setInJob(undefined);
    },
  };
}

export type PersonOnFileState = ReturnType<typeof usePersonOnFile>;
