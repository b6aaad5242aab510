import type { FormEvent } from 'react';
import { JOB_MESSAGES } from '@portal/contracts';
import { Button, ErrorBanner } from '@portal/ui';
import type { JobArea } from './areas.ts';
import {
  JobAccessFields,
  JobBasicsFields,
  JobClientFields,
  JobPayFields,
  JobSelectionFields,
} from './JobFormFields.tsx';
import { useJobForm } from './useJobForm.ts';

export interface JobFormScreenProps {
  area: JobArea;
  /** Absent: add a job. Present: edit that job. */
  jobId?: number;
}

/** Add or edit a job: the same form in the admin and employee areas, with each area's rules. */
export function JobFormScreen(props: JobFormScreenProps) {
  const form = useJobForm(props);
  const { isEdit, admin, errors, conflict, saving } = form;

  if (!form.ready) {
    return <p className="muted page">Loading job...</p>;
  }

  const title = isEdit ? 'Edit Job' : admin ? 'Add New Job' : 'Create Job';
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <form
        className="card form-card form-card-wide"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          form.submit(isEdit ? undefined : 'active');
        }}
      >
        <ErrorBanner
          message={
            form.formError ?? (Object.values(errors).some(Boolean) ? JOB_MESSAGES.fixFields : undefined)
          }
        >
          {conflict && (
            <>
              <Button variant="secondary" onPress={() => form.loadTheirs(conflict)}>
                Load their version
              </Button>
              <Button onPress={() => form.saveMine(conflict)}>Save mine anyway</Button>
            </>
          )}
        </ErrorBanner>
        <JobBasicsFields form={form} />
        <JobPayFields form={form} />
        <JobSelectionFields form={form} />
        <JobClientFields form={form} />
        <JobAccessFields form={form} />

        <div className="form-actions">
          <Button variant="secondary" onPress={form.cancel}>
            Cancel
          </Button>
          {isEdit ? (
            <Button type="submit" isDisabled={saving}>
              {saving ? 'Saving...' : 'Update'}
            </Button>
          ) : (
            <>
              <Button variant="secondary" isDisabled={saving} onPress={() => form.submit('draft')}>
                Save and Continue Later
              </Button>
              <Button type="submit" isDisabled={saving}>
                {saving ? 'Saving...' : 'Publish'}
              </Button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
