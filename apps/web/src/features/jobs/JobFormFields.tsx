import { INTERVIEW_ROUNDS, JOB_LIMITS, type InterviewRound } from '@portal/contracts';
import { DateInputField, MoneyField, MultiSelect, NumberField, SelectField, TextField } from '@portal/ui';
import { bindFields } from '../../lib/formBinding.ts';
import { amountInWords, formatWholeRupees } from '../../lib/format.ts';
import { jobTypeOptions } from './areas.ts';
import { ExperienceSlider } from './ExperienceSlider.tsx';
import { LocationFields } from './LocationFields.tsx';
import { QuestionList } from './QuestionList.tsx';
import type { JobFormState } from './useJobForm.ts';

const ROUND_OPTIONS = INTERVIEW_ROUNDS.map((r) => ({ value: r, label: r }));

const inWords = (amount: number | null) => (amount ? `${amountInWords(amount)} Rupees` : undefined);

interface FieldsProps {
  form: JobFormState;
}

/** What the job is: title, type, description and where it is. */
export function JobBasicsFields({ form }: FieldsProps) {
  const { values, errors, set, setValues, setErrors, area, isEdit } = form;
  const field = bindFields(values, errors, set);
  const typeOptions = jobTypeOptions(area, isEdit);
  return (
    <fieldset className="form-section">
      <legend>Job</legend>
      <div className="form-row">
        <TextField
          label="Job Title"
          isRequired
          {...field('title')}
          maxLength={JOB_LIMITS.title}
          placeholder="e.g. Senior React Developer"
        />
        <SelectField
          label="Job Type"
          isRequired
          value={values.type}
          options={
            typeOptions.some((o) => o.value === values.type)
              ? typeOptions
              : [...typeOptions, { value: values.type, label: values.type }]
          }
          onChange={(v) => set('type', v)}
        />
      </div>
      <TextField
        label="Description"
        isRequired
        multiline
        rows={5}
        {...field('description')}
        maxLength={JOB_LIMITS.description}
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
  );
}

/** The salary range, the experience range, the deadline and (employees) the number of openings. */
export function JobPayFields({ form }: FieldsProps) {
  const { values, errors, set, admin, isEdit } = form;
  const field = bindFields(values, errors, set);
  return (
    <fieldset className="form-section">
      <legend>Pay, experience and deadline</legend>
      <div className="form-row">
        <MoneyField
          label="Minimum Salary (annual CTC)"
          isRequired
          {...field('minSalary')}
          maxValue={JOB_LIMITS.salaryMax}
          description={inWords(values.minSalary)}
          placeholder={formatWholeRupees(1_200_000)}
        />
        <MoneyField
          label="Maximum Salary (annual CTC)"
          isRequired={!admin || isEdit}
          {...field('maxSalary')}
          maxValue={JOB_LIMITS.salaryMax}
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
          min={form.today}
          onChange={(v) => set('deadline', v)}
          errorMessage={errors.deadline}
          description={admin ? undefined : 'Optional'}
        />
        {admin ? null : (
          <NumberField
            label="Number of Openings"
            isRequired
            value={values.openings === null ? '' : String(values.openings)}
            onChange={(v) => set('openings', v === '' ? null : Math.max(0, Math.floor(Number(v))))}
            errorMessage={errors.openings}
          />
        )}
      </div>
    </fieldset>
  );
}

/** How candidates are chosen: the skills asked for, the interview rounds and the questions to answer. */
export function JobSelectionFields({ form }: FieldsProps) {
  const { values, errors, set, admin } = form;
  const field = bindFields(values, errors, set);
  return (
    <fieldset className="form-section">
      <legend>Selection</legend>
      <div className="form-row">
        <MultiSelect
          label="Required Skills"
          isRequired
          options={form.skillOptions}
          {...field('skillIds')}
          placeholder={form.skillsPending ? 'Loading skills...' : 'Select skills'}
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
  );
}

/** The client the job is for. */
export function JobClientFields({ form }: FieldsProps) {
  const { values, errors, set } = form;
  const field = bindFields(values, errors, set);
  return (
    <fieldset className="form-section">
      <legend>Client</legend>
      <div className="form-row">
        <TextField
          label="Client Name"
          isRequired
          {...field('clientName')}
          maxLength={JOB_LIMITS.clientName}
        />
        <TextField label="Client Email" isRequired type="email" {...field('clientEmail')} />
      </div>
      <TextField
        label="Client Location"
        isRequired
        {...field('clientLocation')}
        maxLength={JOB_LIMITS.clientLocation}
      />
    </fieldset>
  );
}

/** Who else may edit the job. */
export function JobAccessFields({ form }: FieldsProps) {
  return (
    <fieldset className="form-section">
      <legend>Access</legend>
      <MultiSelect
        label="Users with Edit Access"
        options={form.userOptions}
        value={form.values.editors}
        onChange={(v) => form.set('editors', v)}
        placeholder={form.usersPending ? 'Loading users...' : 'Only you and admins'}
        searchable
      />
    </fieldset>
  );
}
