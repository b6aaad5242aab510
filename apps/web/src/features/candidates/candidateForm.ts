import {
  CANDIDATE_DEFAULTS,
  CANDIDATE_MESSAGES as M,
  CandidateCreate,
  RESUME_KINDS,
  RESUME_MAX_BYTES,
  detectFileKind,
  toNumberOrNull,
  unansweredQuestions,
  answersChanged,
  type Candidate,
  type CandidateSource,
  type State,
} from '@portal/contracts';
import { checkForm } from '../../lib/checkForm.ts';
import { readBytes } from './bulk/readBytes.ts';

/** What the candidate form holds while it is filled in; numbers as typed, locations as state code and district. */
export interface CandidateFormValues {
  name: string;
  email: string;
  phone: string;
  experience: string;
  current_company: string;
  current_ctc: string;
  expected_ctc: string;
  notice_period: string;
  currentState: string;
  currentDistrict: string;
  preferredState: string;
  preferredDistrict: string;
  job_id: string;
  job_answers: Record<string, string>;
  source: CandidateSource;
  referred_by: string;
  notes: string;
}

export type CandidateFormErrors = Partial<Record<keyof CandidateFormValues | 'answers', string>>;

export function emptyCandidateForm(): CandidateFormValues {
  return {
    name: '',
    email: '',
    phone: '',
    experience: '',
    current_company: '',
    current_ctc: '',
    expected_ctc: '',
    notice_period: '',
    currentState: '',
    currentDistrict: '',
    preferredState: '',
    preferredDistrict: '',
    job_id: '',
    job_answers: {},
    source: CANDIDATE_DEFAULTS.source,
    referred_by: '',
    notes: '',
  };
}

/** "Karnataka, Bengaluru Urban" from the state's code and the district. */
export function joinLocation(states: readonly State[], code: string, district: string): string | null {
  if (!code) return null;
  const name = states.find((s) => s.iso2 === code)?.name ?? code;
  return district ? `${name}, ${district}` : name;
}

/** The other way: a stored "State, District" to the state's code and the district. */
export function splitLocation(states: readonly State[], text: string | null): [string, string] {
  if (!text) return ['', ''];
  const [statePart = '', ...rest] = text.split(',');
  const state = states.find(
    (s) => s.name.toLowerCase() === statePart.trim().toLowerCase() || s.iso2 === statePart.trim(),
  );
  return [state?.iso2 ?? '', rest.join(',').trim()];
}

const text = (n: number | null) => (n === null ? '' : String(n));

export function formFromCandidate(c: Candidate, states: readonly State[]): CandidateFormValues {
  const [currentState, currentDistrict] = splitLocation(states, c.current_location);
  const [preferredState, preferredDistrict] = splitLocation(states, c.preferred_location);
  return {
    name: c.name,
    email: c.email,
    phone: c.phone,
    experience: String(c.experience),
    current_company: c.current_company ?? '',
    current_ctc: text(c.current_ctc),
    expected_ctc: text(c.expected_ctc),
    notice_period: text(c.notice_period),
    currentState,
    currentDistrict,
    preferredState,
    preferredDistrict,
    job_id: String(c.job_id),
    job_answers: { ...c.job_answers },
    source: c.source as CandidateSource,
    referred_by: c.referred_by ?? '',
    notes: c.notes ?? '',
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The body of POST/PUT /api/candidates, the numbers still as typed (the contract takes both). */
export function toCandidateBody(
  v: CandidateFormValues,
  questions: readonly string[],
  states: readonly State[],
): CandidateCreate {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    experience: v.experience.trim(),
    current_company: orNull(v.current_company),
    current_ctc: v.current_ctc.trim(),
    expected_ctc: v.expected_ctc.trim(),
    notice_period: v.notice_period.trim(),
    current_location: joinLocation(states, v.currentState, v.currentDistrict),
    preferred_location: joinLocation(states, v.preferredState, v.preferredDistrict),
    job_id: v.job_id,
    job_answers: Object.fromEntries(questions.map((q) => [q, (v.job_answers[q] ?? '').trim()])),
    source: v.source,
    referred_by: v.source === 'Referral' ? orNull(v.referred_by) : null,
    notes: orNull(v.notes),
  };
}

/** As sent: numbers as numbers (blank ones null). */
export function withNumbers(body: CandidateCreate): CandidateCreate {
  const n = (value: CandidateCreate['current_ctc']) => toNumberOrNull(value ?? null);
  return {
    ...body,
    experience: n(body.experience) ?? 0,
    current_ctc: n(body.current_ctc),
    expected_ctc: n(body.expected_ctc),
    notice_period: n(body.notice_period),
    job_id: Number(body.job_id),
  };
}

/**
 * The form's check: what the form requires beyond the API (experience, every answer of the
 * chosen job), then the contract itself in the server's own words. Only the form's own fields are
 * kept: the locations are picked from lists, so the contract has nothing to say about them here.
 */
export function validateCandidateForm(
  v: CandidateFormValues,
  questions: readonly string[],
  states: readonly State[],
  /** On edit, the candidate as loaded: answers are required only when the job or the answers change. */
  stored?: { job_id: number; job_answers: Record<string, string> },
): CandidateFormErrors {
  const givesAnswers =
    !stored || String(stored.job_id) !== v.job_id || answersChanged(stored.job_answers, v.job_answers);
  const found = checkForm<keyof CandidateFormErrors>(CandidateCreate, toCandidateBody(v, questions, states), {
    required: {
      name: M.nameRequired,
      email: M.emailRequired,
      phone: M.phoneRequired,
      experience: M.experienceRequired,
      job_id: M.jobRequired,
    },
    rules: {
      answers:
        givesAnswers && unansweredQuestions(questions, v.job_answers).length > 0 ? M.answerRequired : null,
    },
  });
  return Object.fromEntries(
    Object.entries(found).filter(([field]) => field in v || field === 'answers'),
  ) as CandidateFormErrors;
}

const RESUME_TYPES = /\.(pdf|docx?)$/i;

/** The resume picker's check: the message to show, or null when the file is fine. */
export function resumeProblem(file: File): string | null {
  if (!RESUME_TYPES.test(file.name)) return M.resumeType;
  if (file.size > RESUME_MAX_BYTES) return M.resumeTooLarge;
  return null;
}

/**
 * The resume's content, read as the server reads it (its first bytes, not its name): the server's
 * message when it is not a PDF, DOC or DOCX (an image renamed cv.pdf, say), or null.
 */
export async function resumeContentProblem(file: Blob): Promise<string | null> {
  const kind = detectFileKind(new Uint8Array(await readBytes(file)));
  return kind && RESUME_KINDS.includes(kind) ? null : M.resumeType;
}

/** The staff pickers' whole check: name and size, then the bytes. */
export async function checkResume(file: File): Promise<string | null> {
  return resumeProblem(file) ?? (await resumeContentProblem(file));
}
