import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import {
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES,
  HONEYPOT_FIELD,
  PUBLIC_MESSAGES,
  PublicApplicationFields,
  RESUME_ACCEPT,
  type ApplicationAnswer,
} from '@portal/contracts';
import { Button, ErrorBanner, FileField, Honeypot, TextField, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { submitApplication } from './api.ts';
import { JobNotFound, useOpening } from './CareerJobScreen.tsx';
import { resumeContentProblem } from '../candidates/candidateForm.ts';

type Key = Exclude<keyof PublicApplicationFields, typeof HONEYPOT_FIELD | 'jobAnswers'>;

/** The requirements' fields in its order, with the labels applicants read. */
const FIELDS: {
  key: Key;
  label: string;
  type?: 'email' | 'tel' | 'number';
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
}[] = [
  { key: 'name', label: 'Full Name', autoComplete: 'name', maxLength: CANDIDATE_LIMITS.name, required: true },
  {
    key: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: CANDIDATE_LIMITS.email,
    required: true,
  },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: CANDIDATE_LIMITS.phone },
  { key: 'experience', label: 'Experience (years)', type: 'number' },
  {
    key: 'currentCompany',
    label: 'Current Company',
    autoComplete: 'organization',
    maxLength: CANDIDATE_LIMITS.company,
  },
  { key: 'currentCTC', label: 'Current CTC (LPA)', type: 'number' },
  { key: 'expectedCTC', label: 'Expected CTC (LPA)', type: 'number' },
  { key: 'noticePeriod', label: 'Notice Period (days)', type: 'number' },
  { key: 'currentLocation', label: 'Current Location', maxLength: CANDIDATE_LIMITS.location },
  { key: 'preferredLocation', label: 'Preferred Location', maxLength: CANDIDATE_LIMITS.location },
];

type Values = Record<Key, string>;
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f.key, ''])) as Values;
/** What is sent: the fields filled in, trimmed (an empty one is not sent). */
const filledIn = (values: Values) =>
  Object.fromEntries(
    FIELDS.map((f) => [f.key, values[f.key].trim()]).filter(([, v]) => v),
  ) as Partial<Values>;

/** The answers given, trimmed, as the `jobAnswers` field carries them; undefined when none is given. */
const answersText = (questions: readonly string[], answers: Record<string, string>) => {
  const given = questions.flatMap((q) => (answers[q]?.trim() ? [[q, answers[q].trim()] as const] : []));
  return given.length > 0 ? JSON.stringify(Object.fromEntries(given)) : undefined;
};

/**
 * Full name, e-mail and resume required; then the contract the route checks (the e-mail's and the
 * numbers' formats). The resume's size and type are the server's to judge.
 */
const check = (values: Values, resume: File | null) =>
  checkForm<Key | 'resume'>(
    PublicApplicationFields,
    { ...filledIn(values), resume },
    {
      required: {
        name: PUBLIC_MESSAGES.fullNameRequired,
        email: CANDIDATE_MESSAGES.emailRequired,
        resume: PUBLIC_MESSAGES.resumeRequired,
      },
    },
  );

/** /careers/jobs/:jobId/apply: the application, then a confirmation page of its own. */
export function ApplyScreen({ jobId }: { jobId: string }) {
  const { id, job, notFound, error: loadError } = useOpening(jobId);
  const [values, setValues] = useState<Values>(EMPTY);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [resume, setResume] = useState<File | null>(null);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof check>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ApplicationAnswer | null>(null);
  useDocumentTitle(answer ? 'Application received' : job ? `Apply: ${job.title}` : 'Apply');

  if (notFound) return <JobNotFound />;
  if (answer && job) return <Confirmation job={job.title} answer={answer} email={values.email.trim()} />;

  const set = (key: Key) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** Sends what is typed; on any failure everything stays as typed and Retry sends it again. */
  async function send() {
    const found = check(values, resume);
    setErrors(found);
    if (Object.keys(found).length > 0 || id === null) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(filledIn(values))) form.append(key, value);
    const answered = answersText(job?.questions ?? [], answers);
    if (answered) form.append('jobAnswers', answered);
    if (trap) form.append(HONEYPOT_FIELD, trap);
    form.append('resume', resume!);
    setSending(true);
    setFailure(null);
    try {
      const result = await submitApplication(id, form);
      toast.success(result.message);
      setAnswer(result);
    } catch (e) {
      setFailure((e as Error).message || PUBLIC_MESSAGES.applyFailed);
    } finally {
      setSending(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <div className="page page-public apply-page">
      {job ? (
        <Link to="/careers/jobs/$id" params={{ id: String(job.id) }} className="back-link">
          ← {job.title}
        </Link>
      ) : (
        <Link to="/careers/jobs" className="back-link">
          ← All openings
        </Link>
      )}
      <div className="card">
        <h1 className="page-title">Apply for {job ? job.title : 'this job'}</h1>
        {job && <p className="muted">{job.location}</p>}
        <ErrorBanner message={loadError?.message} />
        <ErrorBanner message={failure}>
          <Button variant="secondary" size="sm" onPress={() => void send()} isDisabled={sending}>
            Retry
          </Button>
        </ErrorBanner>
        <form onSubmit={submit} noValidate aria-label="Application" className="apply-form">
          <div className="apply-grid">
            {FIELDS.map((f) => (
              <TextField
                key={f.key}
                label={f.label}
                name={f.key}
                type={f.type === 'number' ? 'text' : (f.type ?? 'text')}
                inputMode={f.type === 'number' ? 'decimal' : undefined}
                value={values[f.key]}
                onChange={set(f.key)}
                isRequired={f.required}
                maxLength={f.maxLength ?? 12}
                autoComplete={f.autoComplete}
                errorMessage={errors[f.key]}
              />
            ))}
          </div>
          {job && job.questions.length > 0 ? (
            // The recruiters' screening questions: answering is optional, and what is given reaches them
            // on the candidate.
            <fieldset className="form-subsection apply-questions">
              <legend>{PUBLIC_MESSAGES.questionsHeading}</legend>
              <p className="muted">{PUBLIC_MESSAGES.questionsHint}</p>
              {job.questions.map((q) => (
                <TextField
                  key={q}
                  label={q}
                  multiline
                  rows={2}
                  value={answers[q] ?? ''}
                  maxLength={CANDIDATE_LIMITS.answer}
                  onChange={(answer) => setAnswers((a) => ({ ...a, [q]: answer }))}
                />
              ))}
            </fieldset>
          ) : null}
          <FileField
            label="Resume"
            accept={RESUME_ACCEPT}
            onSelect={async (file) => {
              // Read as the server will: a file whose bytes are no PDF, DOC or DOCX is refused here, in
              // the server's words, rather than after the whole form was sent.
              const problem = await resumeContentProblem(file);
              setResume(problem ? null : file);
              setErrors((e) => ({ ...e, resume: problem ?? undefined }));
            }}
            isRequired
            description={PUBLIC_MESSAGES.resumeHint}
            errorMessage={errors.resume}
          />
          <Honeypot name={HONEYPOT_FIELD} value={trap} onChange={setTrap} />
          <Button type="submit" isDisabled={sending || !job} className="btn-block">
            {sending ? 'Submitting...' : 'Submit Application'}
          </Button>
        </form>
      </div>
    </div>
  );
}

/**
 * The page an applicant sees once the application is in: what happened and what comes next. It is the
 * same for everyone, whether or not the address is already on file (the server answers them alike and
 * tells the address itself by e-mail), so the page never says who is in the firm's pool.
 */
function Confirmation({ job, answer, email }: { job: string; answer: ApplicationAnswer; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="page page-public apply-page">
      <section className="card confirmation" aria-labelledby="confirmation-title">
        <div className="confirmation-mark" aria-hidden>
          ✓
        </div>
        <h1 id="confirmation-title" className="page-title" tabIndex={-1} ref={heading}>
          {PUBLIC_MESSAGES.applied}
        </h1>
        <p>
          Your application for <strong>{job}</strong> is with our recruiters.
        </p>
        <p>
          Your reference: <strong className="confirmation-ref">{answer.reference}</strong>
        </p>
        <p className="muted">We will contact you{email ? ` at ${email}` : ''} about the next steps.</p>
        <Link to="/careers/jobs" className="btn btn-primary btn-md">
          Browse more openings
        </Link>
      </section>
    </div>
  );
}
