import {
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as M,
  CANDIDATE_SOURCES,
  RESUME_ACCEPT,
  type CandidateDetails,
} from '@portal/contracts';
import { DetailList, FileField, NumberField, SelectField, TextField } from '@portal/ui';
import { bindFields } from '../../lib/formBinding.ts';
import { useSessionUser } from '../../lib/session.ts';
import { LocationFields } from '../jobs/LocationFields.tsx';
import { rejectionItems } from './format.ts';
import type { CandidateFormState } from './useCandidateForm.ts';

const SOURCE_OPTIONS = CANDIDATE_SOURCES.map((s) => ({ value: s, label: s }));

type FieldsProps = Pick<CandidateFormState, 'values' | 'errors' | 'set'>;

/** Who the candidate is: name, e-mail, phone and years of experience. */
export function CandidatePersonalFields({ values, errors, set }: FieldsProps) {
  const field = bindFields(values, errors, set);
  return (
    <fieldset className="form-section">
      <legend>Candidate</legend>
      <div className="form-row">
        <TextField label="Full Name" isRequired {...field('name')} maxLength={CANDIDATE_LIMITS.name} />
        <TextField
          label="Email"
          isRequired
          type="email"
          {...field('email')}
          maxLength={CANDIDATE_LIMITS.email}
        />
      </div>
      <div className="form-row">
        <TextField
          label="Phone"
          isRequired
          type="tel"
          {...field('phone')}
          maxLength={CANDIDATE_LIMITS.phone}
        />
        <NumberField label="Experience (years)" isRequired decimals min={0} {...field('experience')} />
      </div>
    </fieldset>
  );
}

/** The candidate's work today: company, notice period, current and expected pay. */
export function CandidateProfessionalFields({ values, errors, set }: FieldsProps) {
  const field = bindFields(values, errors, set);
  return (
    <fieldset className="form-section">
      <legend>Professional</legend>
      <div className="form-row">
        <TextField
          label="Current Company"
          {...field('current_company')}
          maxLength={CANDIDATE_LIMITS.company}
        />
        <NumberField label="Notice Period (days)" min={0} {...field('notice_period')} />
      </div>
      <div className="form-row">
        <NumberField label="Current CTC (LPA)" decimals min={0} {...field('current_ctc')} />
        <NumberField label="Expected CTC (LPA)" decimals min={0} {...field('expected_ctc')} />
      </div>
    </fieldset>
  );
}

/** Where the candidate is and where they would work, each a state and a district. */
export function CandidateLocationFields({
  values,
  setValues,
}: Pick<CandidateFormState, 'values' | 'setValues'>) {
  return (
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
  );
}

/** The job applied for and its questions, where the candidate came from, notes, resume and who added them. */
export function CandidateApplicationFields({
  form,
}: {
  form: Pick<
    CandidateFormState,
    | 'values'
    | 'errors'
    | 'set'
    | 'setValues'
    | 'setErrors'
    | 'jobsPending'
    | 'jobOptions'
    | 'questions'
    | 'resume'
    | 'resumeError'
    | 'pickResume'
    | 'loaded'
  >;
}) {
  const { values, errors, set, setValues, setErrors, questions, resume, loaded } = form;
  const me = useSessionUser();
  const field = bindFields(values, errors, set);
  return (
    <fieldset className="form-section">
      <legend>Application</legend>
      <SelectField
        label="Job Position"
        isRequired
        value={values.job_id}
        placeholder={form.jobsPending ? 'Loading jobs...' : 'Select a job'}
        options={form.jobOptions}
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
          <TextField label="Referred By" {...field('referred_by')} maxLength={CANDIDATE_LIMITS.referredBy} />
        ) : null}
      </div>
      <TextField label="Notes" multiline rows={3} {...field('notes')} maxLength={CANDIDATE_LIMITS.notes} />
      <div className="form-row">
        <FileField
          label="Resume"
          accept={RESUME_ACCEPT}
          onSelect={form.pickResume}
          description={
            resume
              ? `Selected: ${resume.name}`
              : loaded?.resume_url
                ? 'A resume is on file; choose a file to replace it'
                : 'PDF, DOC or DOCX, up to 5MB'
          }
          errorMessage={form.resumeError}
        />
        <TextField label="Created By" isReadOnly value={(loaded ? loaded.created_by_name : me?.name) ?? ''} />
      </div>
    </fieldset>
  );
}

/** Why and when a rejected candidate was rejected, read only. */
export function CandidateRejectionDetails({
  rejection,
}: {
  rejection: NonNullable<CandidateDetails['rejection_details']>;
}) {
  return (
    <fieldset className="form-section">
      <legend>Rejection details</legend>
      <DetailList items={rejectionItems(rejection)} />
    </fieldset>
  );
}
