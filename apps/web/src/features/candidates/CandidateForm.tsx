import { LIVE_MESSAGES } from '@portal/contracts';
import { Button, ErrorBanner } from '@portal/ui';
import type { CandidateArea } from './areas.ts';
import {
  CandidateApplicationFields,
  CandidateLocationFields,
  CandidatePersonalFields,
  CandidateProfessionalFields,
  CandidateRejectionDetails,
} from './CandidateFormFields.tsx';
import { MERGE_MESSAGE_ID, MergeChoices } from './MergeChoices.tsx';
import { PersonOnFile } from './PersonOnFile.tsx';
import { useCandidateForm } from './useCandidateForm.ts';

export interface CandidateFormProps {
  area: CandidateArea;
  /** Absent: add. Present: edit the candidate with this uuid or number. */
  candidateId?: string;
}

/** The Single Upload form: add, or edit with the existing values. */
export function CandidateForm(props: CandidateFormProps) {
  const form = useCandidateForm(props);
  const { elsewhere, merge, loaded } = form;

  if (!form.ready) {
    return <p className="muted">Loading candidate...</p>;
  }

  const rejection = loaded?.rejection_details;
  return (
    <form ref={form.formRef} className="card form-card form-card-wide" noValidate onSubmit={form.submit}>
      {elsewhere ? (
        <div className="live-banner" role="status">
          <span>{elsewhere.by ? LIVE_MESSAGES.changedBy(elsewhere.by) : LIVE_MESSAGES.changedBySomeone}</span>
          <Button variant="secondary" size="sm" onPress={() => void form.loadNewVersion()}>
            {LIVE_MESSAGES.loadNewVersion}
          </Button>
        </div>
      ) : null}
      <ErrorBanner message={form.formError} />
      <PersonOnFile
        onFile={form.onFile}
        area={props.area}
        jobTitle={form.jobOptions.find((o) => o.value === form.values.job_id)?.label}
      />
      <CandidatePersonalFields values={form.values} errors={form.errors} set={form.set} />
      <CandidateProfessionalFields values={form.values} errors={form.errors} set={form.set} />
      <CandidateLocationFields values={form.values} setValues={form.setValues} />
      <CandidateApplicationFields form={form} />
      {rejection ? <CandidateRejectionDetails rejection={rejection} /> : null}

      <div ref={form.saveArea}>
        {merge ? (
          <MergeChoices
            message={merge.message}
            choices={merge.choices}
            onChoose={form.choose}
            unanswered={form.unansweredMessage}
          />
        ) : null}
        <div className="form-actions">
          <Button variant="secondary" onPress={form.cancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            isDisabled={form.saving}
            {...(merge ? { 'aria-describedby': MERGE_MESSAGE_ID } : {})}
          >
            {form.saving ? 'Saving...' : form.isEdit ? 'Update Candidate' : 'Add Candidate'}
          </Button>
        </div>
      </div>
    </form>
  );
}
