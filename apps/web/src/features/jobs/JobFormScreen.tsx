import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APP_TIME_ZONE,
  INTERVIEW_ROUNDS,
  JOB_LIMITS,
  JOB_MESSAGES,
  todayIn,
  type InterviewRound,
  type Job,
  type JobCreate,
} from '@portal/contracts';
import {
  Button,
  DateInputField,
  ErrorBanner,
  MoneyField,
  MultiSelect,
  SelectField,
  TextField,
  toast,
} from '@portal/ui';
import { amountInWords, formatWholeRupees } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { ApiError } from '../../lib/api.ts';
import { createJob, fetchSkillOptions, fetchUserOptions, jobKeys, jobQuery, updateJob } from './api.ts';
import { jobTypeOptions, type JobArea } from './areas.ts';
import {
  emptyJobForm,
  formFromJob,
  toJobBody,
  validateJobForm,
  type JobFormErrors,
  type JobFormValues,
} from './jobForm.ts';
import { ExperienceSlider } from './ExperienceSlider.tsx';
import { LocationFields } from './LocationFields.tsx';
import { QuestionList } from './QuestionList.tsx';

export interface JobFormScreenProps {
  area: JobArea;
  /** Absent: add a job. Present: edit that job. */
  jobId?: number;
}

const ROUND_OPTIONS = INTERVIEW_ROUNDS.map((r) => ({ value: r, label: r }));

const inWords = (amount: number | null) => (amount ? `${amountInWords(amount)} Rupees` : undefined);

/** The job as it is now, from a 409 answer to a save made from an older version. */
const conflictingJob = (error: ApiError) => (error.body as { current?: Job } | undefined)?.current;

/** Add or edit a job: the same form in the admin and employee areas, with each area's rules. */
export function JobFormScreen({ area, jobId }: JobFormScreenProps) {
  const isEdit = jobId !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const today = todayIn(APP_TIME_ZONE);
  const [values, setValues] = useState<JobFormValues>(() => emptyJobForm(area.variant));
  const [errors, setErrors] = useState<JobFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [loadedId, setLoadedId] = useState<number>();
  /** The version of the job this edit started from; the server refuses a save made from an older one. */
  const [baseVersion, setBaseVersion] = useState<number>();
  /** Someone saved the job meanwhile: what it is now (the form keeps what this person typed). */
  const [conflict, setConflict] = useState<Job>();

  const existing = useQuery({
    ...jobQuery(jobId ?? 0),
    enabled: isEdit,
    retry: false,
  });
  const skills = useQuery({ queryKey: ['skills', 'options'], queryFn: fetchSkillOptions });
  const users = useQuery({ queryKey: ['users', 'options'], queryFn: fetchUserOptions });

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
      if (s.status !== 'active' && !values.skillIds.includes(s.id)) continue;
      const key = s.name.trim().toLowerCase();
      if (!byName.has(key) || values.skillIds.includes(s.id)) byName.set(key, { value: s.id, label: s.name });
    }
    return [...byName.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [skills.data, values.skillIds]);

  /** Everyone but me: the creator and admins may edit anyway. */
  const userOptions = useMemo(
    () =>
      (users.data?.items ?? [])
        .filter((u) => u.id !== me?.id)
        .map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [users.data, me?.id],
  );

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

  if (isEdit && (existing.isPending || !existing.data?.canEdit)) {
    return <p className="muted page">Loading job...</p>;
  }

  const admin = area.variant === 'admin';
  const title = isEdit ? 'Edit Job' : admin ? 'Add New Job' : 'Create Job';
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <form
        className="card form-card form-card-wide"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit(isEdit ? undefined : 'active');
        }}
      >
        <ErrorBanner
          message={formError ?? (Object.values(errors).some(Boolean) ? JOB_MESSAGES.fixFields : undefined)}
        >
          {conflict && (
            <>
              <Button variant="secondary" onPress={() => loadTheirs(conflict)}>
                Load their version
              </Button>
              <Button onPress={() => saveMine(conflict)}>Save mine anyway</Button>
            </>
          )}
        </ErrorBanner>
        <fieldset className="form-section">
          <legend>Job</legend>
          <div className="form-row">
            <TextField
              label="Job Title"
              isRequired
              value={values.title}
              onChange={(v) => set('title', v)}
              maxLength={JOB_LIMITS.title}
              errorMessage={errors.title}
              placeholder="e.g. Senior React Developer"
            />
            <SelectField
              label="Job Type"
              isRequired
              value={values.type}
              options={
                jobTypeOptions(area, isEdit).some((o) => o.value === values.type)
                  ? jobTypeOptions(area, isEdit)
                  : [...jobTypeOptions(area, isEdit), { value: values.type, label: values.type }]
              }
              onChange={(v) => set('type', v)}
            />
          </div>
          <TextField
            label="Description"
            isRequired
            multiline
            rows={5}
            value={values.description}
            onChange={(v) => set('description', v)}
            maxLength={JOB_LIMITS.description}
            errorMessage={errors.description}
            placeholder="What the role involves, the team, and what success looks like"
          />
          <LocationFields
            isRequired
            state={values.state}
            city={values.city}
            onChange={({ state, city }) => {
              setValues((v) => ({ ...v, state, city }));
              setErrors((e) => ({ ...e, state: undefined, city: undefined }));
            }}
            stateError={errors.state}
            cityError={errors.city}
          />
        </fieldset>

        <fieldset className="form-section">
          <legend>Pay, experience and deadline</legend>
          <div className="form-row">
            <MoneyField
              label="Minimum Salary (annual CTC)"
              isRequired
              value={values.minSalary}
              onChange={(v) => set('minSalary', v)}
              maxValue={JOB_LIMITS.salaryMax}
              errorMessage={errors.minSalary}
              description={inWords(values.minSalary)}
              placeholder={formatWholeRupees(1_200_000)}
            />
            <MoneyField
              label="Maximum Salary (annual CTC)"
              isRequired={!admin || isEdit}
              value={values.maxSalary}
              onChange={(v) => set('maxSalary', v)}
              maxValue={JOB_LIMITS.salaryMax}
              errorMessage={errors.maxSalary}
              description={inWords(values.maxSalary)}
              placeholder={formatWholeRupees(1_800_000)}
            />
          </div>
          <ExperienceSlider
            label="Experience Range (years)"
            value={values.experience}
            onChange={(v) => set('experience', v)}
          />
          <div className="form-row">
            <DateInputField
              label="Application Deadline"
              isRequired={admin}
              value={values.deadline}
              min={today}
              onChange={(v) => set('deadline', v)}
              errorMessage={errors.deadline}
              description={admin ? undefined : 'Optional'}
            />
            {admin ? null : (
              <TextField
                label="Number of Openings"
                isRequired
                type="number"
                inputMode="numeric"
                value={values.openings === null ? '' : String(values.openings)}
                onChange={(v) => set('openings', v === '' ? null : Math.max(0, Math.floor(Number(v))))}
                errorMessage={errors.openings}
              />
            )}
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend>Selection</legend>
          <div className="form-row">
            <MultiSelect
              label="Required Skills"
              isRequired
              options={skillOptions}
              value={values.skillIds}
              onChange={(v) => set('skillIds', v)}
              placeholder={skills.isPending ? 'Loading skills...' : 'Select skills'}
              errorMessage={errors.skillIds}
              searchable
            />
            <MultiSelect
              label="Interview Rounds"
              isRequired={admin}
              options={ROUND_OPTIONS}
              value={values.interviewRounds}
              onChange={(v) => set('interviewRounds', v as InterviewRound[])}
              placeholder="Select rounds"
              errorMessage={errors.interviewRounds}
            />
          </div>
          <QuestionList questions={values.questions} onChange={(q) => set('questions', q)} />
        </fieldset>

        <fieldset className="form-section">
          <legend>Client</legend>
          <div className="form-row">
            <TextField
              label="Client Name"
              isRequired
              value={values.clientName}
              onChange={(v) => set('clientName', v)}
              maxLength={JOB_LIMITS.clientName}
              errorMessage={errors.clientName}
            />
            <TextField
              label="Client Email"
              isRequired
              type="email"
              value={values.clientEmail}
              onChange={(v) => set('clientEmail', v)}
              errorMessage={errors.clientEmail}
            />
          </div>
          <TextField
            label="Client Location"
            isRequired
            value={values.clientLocation}
            onChange={(v) => set('clientLocation', v)}
            maxLength={JOB_LIMITS.clientLocation}
            errorMessage={errors.clientLocation}
          />
        </fieldset>

        <fieldset className="form-section">
          <legend>Access</legend>
          <MultiSelect
            label="Users with Edit Access"
            options={userOptions}
            value={values.editors}
            onChange={(v) => set('editors', v)}
            placeholder={users.isPending ? 'Loading users...' : 'Only you and admins'}
            searchable
          />
        </fieldset>

        <div className="form-actions">
          <Button variant="secondary" onPress={() => void navigate({ to: area.listPath })}>
            Cancel
          </Button>
          {isEdit ? (
            <Button type="submit" isDisabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Update'}
            </Button>
          ) : (
            <>
              <Button variant="secondary" isDisabled={save.isPending} onPress={() => submit('draft')}>
                Save and Continue Later
              </Button>
              <Button type="submit" isDisabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Publish'}
              </Button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
