import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_FIELD_LABELS,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as M,
  CANDIDATE_SOURCES,
  LIVE_MESSAGES,
  RESUME_ACCEPT,
  describeCandidateChanges,
  listInWords,
  takesCandidates,
  type CandidateConflictBody,
  type CandidateDetails,
} from '@portal/contracts';
import { Button, DetailList, ErrorBanner, FileField, SelectField, TextField, toast } from '@portal/ui';
import { useSessionUser } from '../../lib/session.ts';
import { focusFirstInvalidField, serverFieldError } from '../../lib/formErrors.ts';
import { ApiError } from '../../lib/api.ts';
import { statesQuery } from '../jobs/api.ts';
import { LocationFields } from '../jobs/LocationFields.tsx';
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
  joinLocation,
  toCandidateBody,
  validateCandidateForm,
  withNumbers,
  type CandidateFormErrors,
  type CandidateFormValues,
} from './candidateForm.ts';
import { useChangedElsewhere } from './useChangedElsewhere.ts';
import { mergeEdits, withField } from './mergeEdits.ts';
import { MERGE_MESSAGE_ID, MergeChoices, type FieldChoice } from './MergeChoices.tsx';
import { formatDay } from './format.ts';

const SOURCE_OPTIONS = CANDIDATE_SOURCES.map((s) => ({ value: s, label: s }));

/** Thrown to stop a save whose candidate already exists; its message is shown as it is, on its field. */
class DuplicateStop extends Error {
  constructor(
    message: string,
    readonly field: 'email' | 'phone' | undefined,
  ) {
    super(message);
  }
}

export interface CandidateFormProps {
  area: CandidateArea;
  /** Absent: add. Present: edit the candidate with this uuid or number. */
  candidateId?: string;
}

/** The Single Upload form: add, or edit with the existing values. */
export function CandidateForm({ area, candidateId }: CandidateFormProps) {
  const isEdit = candidateId !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [values, setValues] = useState<CandidateFormValues>(emptyCandidateForm);
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<CandidateFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string>();
  const [loaded, setLoaded] = useState<CandidateDetails>();
  /** The explanation of a refused save and the Update button: brought into view together. */
  const saveArea = useRef<HTMLDivElement>(null);
  /** After a save refused because a teammate saved first: what happened, and the fields to decide. */
  const [merge, setMerge] = useState<{
    message: string;
    choices: FieldChoice[];
    mine: CandidateFormValues;
    theirs: CandidateFormValues;
    unanswered: boolean;
  } | null>(null);

  const existing = useQuery({
    ...candidateQuery(candidateId ?? ''),
    enabled: isEdit,
    retry: false,
  });
  const jobs = useQuery(jobOptionsQuery());
  const elsewhere = useChangedElsewhere(loaded);
  const states = useQuery(statesQuery());

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
  useEffect(() => {
    if (jobs.isError) toast.error(M.jobsLoadFailed);
  }, [jobs.isError]);
  // A refused save is explained where the person pressed Update: that place stays in view as it grows.
  const mergeShown = merge !== null;
  useEffect(() => {
    if (mergeShown) saveArea.current?.scrollIntoView?.({ block: 'nearest' });
  }, [mergeShown]);

  const job = jobs.data?.items.find((j) => String(j.id) === values.job_id);
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
      if (duplicate.isDuplicate) throw new DuplicateStop(duplicate.message || M.duplicate, duplicate.field);
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
      if (mergeRefusedSave(error)) return;
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

  /** A field's value as the person reads it, to choose between two. */
  function shown(v: CandidateFormValues, field: string): string {
    const text =
      field === 'current_location'
        ? joinLocation(states.data ?? [], v.currentState, v.currentDistrict)
        : field === 'preferred_location'
          ? joinLocation(states.data ?? [], v.preferredState, v.preferredDistrict)
          : field === 'job_id'
            ? (jobOptions.find((o) => o.value === v.job_id)?.label ?? v.job_id)
            : field === 'job_answers'
              ? Object.entries(v.job_answers)
                  .map(([q, a]) => `${q} ${a}`)
                  .join('\n')
              : String(v[field as keyof CandidateFormValues] ?? '');
    return text?.trim() ? text : M.emptyValue;
  }

  /**
   * A save refused because someone saved the candidate first (409 with the candidate as it is now):
   * the form takes their values for the fields only they changed, keeps what was typed in the others, and
   * asks about the fields both changed; the next save is made from their version. Says whether it was that.
   */
  function mergeRefusedSave(error: Error): boolean {
    const body =
      error instanceof ApiError && error.status === 409 ? (error.body as CandidateConflictBody) : null;
    if (!body?.current || !body.changes || !loaded || !states.data) return false;
    const theirs = formFromCandidate(body.current, states.data);
    const merged = mergeEdits(formFromCandidate(loaded, states.data), values, theirs);
    const changed = describeCandidateChanges(body.changes);
    const labels = merged.both.map((f) => CANDIDATE_FIELD_LABELS[f] ?? f);
    const message = labels.length ? M.mergedChoose(changed, listInWords(labels)) : M.mergedKept(changed);
    const byOf = (field: string) => body.changes?.filter((c) => c.fields.includes(field)).at(-1)?.by ?? null;
    setLoaded({ ...loaded, ...body.current });
    setValues(merged.values);
    setErrors({});
    setFormError(message);
    setMerge({
      message,
      mine: values,
      theirs,
      unanswered: false,
      choices: merged.both.map((field) => ({
        field,
        mine: shown(values, field),
        theirs: shown(theirs, field),
        by: byOf(field),
      })),
    });
    // No toast: it would cover the choices at the Update button on a phone, and says nothing more.
    return true;
  }

  function choose(field: string, chosen: 'mine' | 'theirs') {
    if (!merge) return;
    setValues((v) => withField(v, chosen === 'mine' ? merge.mine : merge.theirs, field));
    setMerge({
      ...merge,
      unanswered: false,
      choices: merge.choices.map((c) => (c.field === field ? { ...c, chosen } : c)),
    });
  }

  /** Replaces what was typed with the candidate as it is now (someone else changed it meanwhile). */
  async function loadNewVersion() {
    const fresh = await existing.refetch();
    if (fresh.data && states.data) {
      setLoaded(fresh.data);
      setValues(formFromCandidate(fresh.data, states.data));
      setErrors({});
      setFormError(undefined);
      setMerge(null);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (merge?.choices.some((c) => !c.chosen)) {
      setMerge({ ...merge, unanswered: true });
      return;
    }
    setFormError(undefined);
    const found = validateCandidateForm(values, questions, states.data ?? [], loaded);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate();
  }

  if (isEdit && (!loaded || !existing.data?.canEdit)) {
    return <p className="muted">Loading candidate...</p>;
  }

  const rejection = loaded?.rejection_details;
  return (
    <form ref={formRef} className="card form-card form-card-wide" noValidate onSubmit={submit}>
      {elsewhere ? (
        <div className="live-banner" role="status">
          <span>{elsewhere.by ? LIVE_MESSAGES.changedBy(elsewhere.by) : LIVE_MESSAGES.changedBySomeone}</span>
          <Button variant="secondary" size="sm" onPress={() => void loadNewVersion()}>
            {LIVE_MESSAGES.loadNewVersion}
          </Button>
        </div>
      ) : null}
      <ErrorBanner message={formError} />
      <fieldset className="form-section">
        <legend>Candidate</legend>
        <div className="form-row">
          <TextField
            label="Full Name"
            isRequired
            value={values.name}
            onChange={(v) => set('name', v)}
            maxLength={CANDIDATE_LIMITS.name}
            errorMessage={errors.name}
          />
          <TextField
            label="Email"
            isRequired
            type="email"
            value={values.email}
            onChange={(v) => set('email', v)}
            maxLength={CANDIDATE_LIMITS.email}
            errorMessage={errors.email}
          />
        </div>
        <div className="form-row">
          <TextField
            label="Phone"
            isRequired
            type="tel"
            value={values.phone}
            onChange={(v) => set('phone', v)}
            maxLength={CANDIDATE_LIMITS.phone}
            errorMessage={errors.phone}
          />
          <TextField
            label="Experience (years)"
            isRequired
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
            value={values.experience}
            onChange={(v) => set('experience', v)}
            errorMessage={errors.experience}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Professional</legend>
        <div className="form-row">
          <TextField
            label="Current Company"
            value={values.current_company}
            onChange={(v) => set('current_company', v)}
            maxLength={CANDIDATE_LIMITS.company}
            errorMessage={errors.current_company}
          />
          <TextField
            label="Notice Period (days)"
            type="number"
            inputMode="numeric"
            min={0}
            value={values.notice_period}
            onChange={(v) => set('notice_period', v)}
            errorMessage={errors.notice_period}
          />
        </div>
        <div className="form-row">
          <TextField
            label="Current CTC (LPA)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
            value={values.current_ctc}
            onChange={(v) => set('current_ctc', v)}
            errorMessage={errors.current_ctc}
          />
          <TextField
            label="Expected CTC (LPA)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.1}
            value={values.expected_ctc}
            onChange={(v) => set('expected_ctc', v)}
            errorMessage={errors.expected_ctc}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Location</legend>
        <LocationFields
          labels={['Current State', 'Current District']}
          state={values.currentState}
          city={values.currentDistrict}
          onChange={({ state, city }) =>
            setValues((v) => ({ ...v, currentState: state, currentDistrict: city }))
          }
        />
        <LocationFields
          labels={['Preferred State', 'Preferred District']}
          state={values.preferredState}
          city={values.preferredDistrict}
          onChange={({ state, city }) =>
            setValues((v) => ({ ...v, preferredState: state, preferredDistrict: city }))
          }
        />
      </fieldset>

      <fieldset className="form-section">
        <legend>Application</legend>
        <SelectField
          label="Job Position"
          isRequired
          value={values.job_id}
          placeholder={jobs.isPending ? 'Loading jobs...' : 'Select a job'}
          options={jobOptions}
          // Another job: the earlier answers belong to the old job's questions and are cleared.
          onChange={(id) => {
            setValues((v) => ({ ...v, job_id: id, job_answers: {} }));
            setErrors((e) => ({ ...e, job_id: undefined, answers: undefined }));
          }}
          errorMessage={errors.job_id}
        />
        {questions.length > 0 ? (
          <div className="form-subsection" role="group" aria-label="Job questions">
            {errors.answers ? <p className="field-error">{errors.answers}</p> : null}
            {questions.map((q) => (
              <TextField
                key={q}
                label={q}
                isRequired
                multiline
                rows={2}
                value={values.job_answers[q] ?? ''}
                maxLength={CANDIDATE_LIMITS.answer}
                onChange={(answer) => {
                  setValues((v) => ({ ...v, job_answers: { ...v.job_answers, [q]: answer } }));
                  setErrors((e) => ({ ...e, answers: undefined }));
                }}
                errorMessage={
                  errors.answers && !(values.job_answers[q] ?? '').trim() ? M.answerRequired : undefined
                }
              />
            ))}
          </div>
        ) : null}
        <div className="form-row">
          <SelectField
            label="Source"
            value={values.source}
            options={SOURCE_OPTIONS}
            onChange={(v) => set('source', v)}
          />
          {values.source === 'Referral' ? (
            <TextField
              label="Referred By"
              value={values.referred_by}
              onChange={(v) => set('referred_by', v)}
              maxLength={CANDIDATE_LIMITS.referredBy}
              errorMessage={errors.referred_by}
            />
          ) : null}
        </div>
        <TextField
          label="Notes"
          multiline
          rows={3}
          value={values.notes}
          onChange={(v) => set('notes', v)}
          maxLength={CANDIDATE_LIMITS.notes}
          errorMessage={errors.notes}
        />
        <div className="form-row">
          <FileField
            label="Resume"
            accept={RESUME_ACCEPT}
            onSelect={pickResume}
            description={
              resume
                ? `Selected: ${resume.name}`
                : loaded?.resume_url
                  ? 'A resume is on file; choose a file to replace it'
                  : 'PDF, DOC or DOCX, up to 5MB'
            }
            errorMessage={resumeError}
          />
          <TextField
            label="Created By"
            isReadOnly
            value={(loaded ? loaded.created_by_name : me?.name) ?? ''}
          />
        </div>
      </fieldset>

      {rejection ? (
        <fieldset className="form-section">
          <legend>Rejection details</legend>
          <DetailList
            items={[
              { label: 'Reason', value: rejection.reason },
              { label: 'Stage', value: rejection.stage },
              { label: 'Rejected By', value: rejection.rejected_by_name },
              { label: 'Rejected At', value: formatDay(rejection.rejected_at) },
              { label: 'Comments', value: rejection.comments },
            ]}
          />
        </fieldset>
      ) : null}

      <div ref={saveArea}>
        {merge ? (
          <MergeChoices
            message={merge.message}
            choices={merge.choices}
            onChoose={choose}
            unanswered={
              merge.unanswered
                ? M.chooseFirst(
                    listInWords(
                      merge.choices
                        .filter((c) => !c.chosen)
                        .map((c) => CANDIDATE_FIELD_LABELS[c.field] ?? c.field),
                    ),
                  )
                : undefined
            }
          />
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onPress={() => void navigate({ to: area.listPath })}>
            Cancel
          </Button>
          <Button
            type="submit"
            isDisabled={save.isPending}
            {...(merge ? { 'aria-describedby': MERGE_MESSAGE_ID } : {})}
          >
            {save.isPending ? 'Saving...' : isEdit ? 'Update Candidate' : 'Add Candidate'}
          </Button>
        </div>
      </div>
    </form>
  );
}
