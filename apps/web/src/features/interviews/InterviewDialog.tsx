import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  APP_TIME_ZONE,
  INTERVIEW_LIMITS,
  INTERVIEW_MODE_LABELS,
  INTERVIEW_MODES,
  type CandidateDetails,
  type Interview,
  type InterviewClash,
  type InterviewMode,
} from '@portal/contracts';
import {
  Button,
  DateInputField,
  Dialog,
  ErrorBanner,
  MultiSelect,
  NumberField,
  SelectField,
  TextField,
  TimeInputField,
} from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { bindFields } from '../../lib/formBinding.ts';
import { focusFirstInvalidField, serverFieldError } from '../../lib/formErrors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { todayIn } from '@portal/contracts';
import { userOptionsQuery } from '../jobs/api.ts';
import { contactKeys, fetchClientContacts } from '../shares/api.ts';
import { rescheduleInterview, scheduleInterview } from './api.ts';
import {
  blankInterview,
  checkInterview,
  formFieldOf,
  interviewBody,
  interviewValues,
  updateBody,
  type InterviewField,
  type InterviewValues,
} from './interviewForm.ts';
import { INTERVIEW_SCREEN_MESSAGES as S } from './messages.ts';

/** The fields a server's 400 may name (`start` is the form's day and time). */
const SERVER_FIELDS = [
  'round',
  'start',
  'durationMinutes',
  'mode',
  'location',
  'videoUrl',
  'interviewerIds',
  'clientContactIds',
  'note',
] as const;

const MODE_OPTIONS = INTERVIEW_MODES.map((m) => ({ value: m, label: INTERVIEW_MODE_LABELS[m] }));

/** The 409's clashes, when the failure is one. */
const clashesOf = (error: unknown): InterviewClash[] | null =>
  error instanceof ApiError && error.status === 409
    ? ((error.body as { clashes?: InterviewClash[] } | undefined)?.clashes ?? [])
    : null;

/** The staff users and the job's client contacts, as the interviewers' choices. */
function useInterviewerOptions(jobId: number) {
  const users = useQuery(userOptionsQuery());
  const contacts = useQuery({
    queryKey: contactKeys.job(jobId),
    queryFn: ({ signal }) => fetchClientContacts(jobId, signal),
  });
  const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  const userOptions = (users.data?.items ?? []).map((u) => ({ value: u.id, label: u.name })).sort(byName);
  const contactOptions = (contacts.data?.items ?? [])
    .map((c) => ({ value: c.id, label: c.name }))
    .sort(byName);
  const offered = (ids: number[], options: { value: number }[], loaded: boolean) =>
    loaded ? ids.filter((id) => options.some((o) => o.value === id)) : ids;
  return {
    users: userOptions,
    usersPending: users.isPending,
    contacts: contactOptions,
    contactsPending: contacts.isPending,
    /**
     * The values with the interviewers the lists still offer: a contact removed from the job meanwhile (its list
     * is read again live) is no longer shown as chosen, so it is not sent either.
     */
    asShown: (v: InterviewValues): InterviewValues => ({
      ...v,
      interviewerIds: offered(v.interviewerIds, userOptions, users.isSuccess),
      clientContactIds: offered(v.clientContactIds, contactOptions, contacts.isSuccess),
    }),
  };
}

/**
 * Schedule an interview with the candidate, or reschedule one (`interview`): the round, the day and time on the
 * firm's clock, the duration, the mode and its place, the interviewers and a note for them. A clash with another
 * interview of an interviewer is named, and may be confirmed ("Schedule anyway").
 */
export function InterviewDialog({
  c,
  interview,
  onClose,
  onSaved,
}: {
  c: CandidateDetails;
  interview?: Interview | undefined;
  onClose: () => void;
  onSaved: (saved: Interview, rescheduled: boolean) => void;
}) {
  const [values, setValues] = useState<InterviewValues>(() =>
    interview ? interviewValues(interview) : blankInterview(c.job.interviewRounds),
  );
  const [errors, setErrors] = useState<Partial<Record<InterviewField, string>>>({});
  const [clashes, setClashes] = useState<InterviewClash[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const options = useInterviewerOptions(c.job_id);
  const set = <K extends InterviewField>(key: K, value: InterviewValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setClashes(null);
  };
  const field = bindFields(values, errors, set);

  const save = useMutation({
    mutationFn: (confirmOverlap: boolean) => {
      const extra = confirmOverlap ? { confirmOverlap: true } : {};
      const sent = options.asShown(values);
      return interview
        ? rescheduleInterview(interview.id, { ...updateBody(sent), ...extra })
        : scheduleInterview(c.uuid, { ...interviewBody(sent), ...extra });
    },
    onSuccess: (saved) => onSaved(saved, Boolean(interview)),
    onError: (error) => {
      const clash = clashesOf(error);
      if (clash) return setClashes(clash);
      const named = serverFieldError(error, SERVER_FIELDS);
      const at = named && formFieldOf(named.field);
      if (named && at) {
        setErrors((e) => ({ ...e, [at]: named.message }));
        focusFirstInvalidField(document.querySelector<HTMLElement>('.interview-dialog'));
      } else setFailure((error as Error).message || S.saveFailed);
    },
  });

  function submit(confirmOverlap = false) {
    if (save.isPending) return;
    const found = checkInterview(options.asShown(values));
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalidField(document.querySelector<HTMLElement>('.interview-dialog'));
      return;
    }
    save.mutate(confirmOverlap);
  }

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={interview ? S.rescheduleTitle : S.scheduleTitle}
      className="modal-wide interview-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ErrorBanner message={failure} />
        <InterviewFields
          rounds={c.job.interviewRounds}
          isReschedule={Boolean(interview)}
          mode={values.mode}
          field={field}
          options={options}
        />
        {clashes ? <ClashNotice clashes={clashes} /> : null}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>
            {S.close}
          </Button>
          {clashes ? (
            <Button onPress={() => submit(true)}>{save.isPending ? S.saving : S.scheduleAnyway}</Button>
          ) : (
            <Button type="submit">{save.isPending ? S.saving : interview ? S.saveChanges : S.save}</Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

/** The dialog's fields: the round (fixed on a reschedule), when, how long, where, who, and the note. */
function InterviewFields({
  rounds,
  isReschedule,
  mode,
  field,
  options,
}: {
  rounds: readonly string[];
  isReschedule: boolean;
  mode: InterviewMode;
  field: ReturnType<typeof bindFields<InterviewValues>>;
  options: ReturnType<typeof useInterviewerOptions>;
}) {
  return (
    <>
      <SelectField
        label={S.round}
        isRequired
        isDisabled={isReschedule}
        placeholder={S.chooseRound}
        options={rounds.map((r) => ({ value: r, label: r }))}
        {...field('round')}
      />
      <div className="interview-when">
        <DateInputField
          label={S.date}
          isRequired
          min={todayIn(APP_TIME_ZONE)}
          description={S.timeZoneHint(APP_TIME_ZONE)}
          {...field('date')}
        />
        <TimeInputField label={S.time} isRequired {...field('time')} />
        <NumberField
          label={S.duration}
          isRequired
          min={INTERVIEW_LIMITS.durationMin}
          step={15}
          description={S.durationHint}
          {...field('durationMinutes')}
        />
      </div>
      <SelectField<InterviewMode> label={S.mode} isRequired options={MODE_OPTIONS} {...field('mode')} />
      {mode === 'in_person' ? (
        <TextField
          label={S.location}
          isRequired
          maxLength={INTERVIEW_LIMITS.location}
          {...field('location')}
        />
      ) : mode === 'video' ? (
        <TextField
          label={S.videoUrl}
          isRequired
          type="url"
          inputMode="url"
          placeholder="https://"
          description={S.videoUrlHint}
          maxLength={INTERVIEW_LIMITS.videoUrl}
          {...field('videoUrl')}
        />
      ) : null}
      <MultiSelect
        label={S.interviewers}
        options={options.users}
        placeholder={options.usersPending ? S.usersLoading : S.choose}
        searchable
        {...field('interviewerIds')}
      />
      {options.contacts.length > 0 ? (
        <MultiSelect
          label={S.clientInterviewers}
          options={options.contacts}
          placeholder={S.choose}
          {...field('clientContactIds')}
        />
      ) : options.contactsPending ? null : (
        <p className="muted interview-no-contacts">{S.noContacts}</p>
      )}
      <TextField
        label={S.note}
        multiline
        rows={3}
        description={S.noteHint}
        maxLength={INTERVIEW_LIMITS.note}
        {...field('note')}
      />
    </>
  );
}

/** Who is booked when, with which candidate: the 409's clashes in words. */
function ClashNotice({ clashes }: { clashes: InterviewClash[] }) {
  return (
    <div className="banner banner-warning interview-clash" role="alert">
      <p>
        <strong>{S.clashTitle}</strong>
      </p>
      <ul>
        {clashes.map((x) => (
          <li key={`${x.interviewId}-${x.interviewer}`}>
            {S.clashLine(x.interviewer, formatDateTime(x.start) ?? x.start, x.candidate)}
          </li>
        ))}
      </ul>
    </div>
  );
}
