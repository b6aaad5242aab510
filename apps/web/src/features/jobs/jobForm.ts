import {
  JOB_DEFAULTS,
  JOB_MESSAGES,
  JobCreate,
  JobUpdate,
  fieldErrors,
  jobRuleErrors,
  type InterviewRound,
  type Job,
  type JobType,
} from '@portal/contracts';

/** What the job form holds while it is being filled in. Salaries in rupees, empty as null. */
export interface JobFormValues {
  title: string;
  type: JobType;
  description: string;
  state: string;
  city: string;
  minSalary: number | null;
  maxSalary: number | null;
  deadline: string;
  experience: [number, number];
  interviewRounds: InterviewRound[];
  skillIds: number[];
  questions: string[];
  clientName: string;
  clientEmail: string;
  clientLocation: string;
  openings: number | null;
  editors: number[];
}

export type JobFormErrors = Partial<Record<keyof JobFormValues, string>>;

export interface JobFormRules {
  variant: 'admin' | 'employee';
  isEdit: boolean;
  /** Today's date, 'YYYY-MM-DD', in the firm's time zone. */
  today: string;
  /** The stored deadline on edit: keeping a past one is allowed. */
  previousDeadline?: string | null;
}

export function emptyJobForm(variant: 'admin' | 'employee'): JobFormValues {
  return {
    title: '',
    type: JOB_DEFAULTS.type,
    description: '',
    state: '',
    city: '',
    minSalary: null,
    maxSalary: null,
    deadline: '',
    experience: [
      ...(variant === 'employee' ? JOB_DEFAULTS.employeeExperience : JOB_DEFAULTS.adminExperience),
    ] as [number, number],
    interviewRounds: [],
    skillIds: [],
    questions: [],
    clientName: '',
    clientEmail: '',
    clientLocation: '',
    openings: JOB_DEFAULTS.openings,
    editors: [],
  };
}

export function formFromJob(job: Job): JobFormValues {
  return {
    title: job.title,
    type: job.type as JobType,
    description: job.description,
    state: job.state,
    city: job.city,
    minSalary: job.minSalary,
    maxSalary: job.maxSalary,
    deadline: job.deadline ?? '',
    experience: [job.experienceRange[0], job.experienceRange[1]],
    interviewRounds: job.interviewRounds as InterviewRound[],
    skillIds: job.skills.map((s) => s.id),
    questions: job.questions,
    clientName: job.clientName,
    clientEmail: job.clientEmail,
    clientLocation: job.clientLocation,
    openings: job.openings,
    editors: job.editable_by,
  };
}

/** Where the API's field names sit in the form. */
const FORM_FIELD: Record<string, keyof JobFormValues> = {
  experienceRange: 'experience',
  editable_by: 'editors',
  skills: 'skillIds',
};

/**
 * The form's check: what each screen requires beyond the API (the admin and employee forms
 * differ), then the contract itself and its rules across fields, in the server's own words.
 */
export function validateJobForm(v: JobFormValues, rules: JobFormRules): JobFormErrors {
  const errors: JobFormErrors = {};
  const admin = rules.variant === 'admin';
  const add = (field: string, message: string | undefined) => {
    const key = FORM_FIELD[field] ?? (field as keyof JobFormValues);
    if (message && !errors[key]) errors[key] = message;
  };
  if (v.minSalary === null) add('minSalary', JOB_MESSAGES.minSalaryRequired);
  // The maximum is optional only on the admin add form.
  if (v.maxSalary === null && (!admin || rules.isEdit)) add('maxSalary', JOB_MESSAGES.maxSalaryRequired);
  if (!v.deadline && admin) add('deadline', JOB_MESSAGES.deadlineRequired);
  if (admin && v.interviewRounds.length === 0) add('interviewRounds', JOB_MESSAGES.roundsRequired);
  if (!v.clientEmail.trim()) add('clientEmail', JOB_MESSAGES.clientEmailRequired);
  if (!admin && (v.openings === null || v.openings < 1)) add('openings', JOB_MESSAGES.openingsMin);

  const body = toJobBody(v);
  const schema = rules.isEdit ? JobUpdate : JobCreate;
  const sent = rules.isEdit ? { ...body, maxSalary: body.maxSalary ?? 0 } : body;
  for (const [field, message] of Object.entries(fieldErrors(schema, sent))) add(field, message);
  for (const [field, message] of Object.entries(jobRuleErrors(body, rules))) add(field, message);
  return errors;
}

/** The body of POST/PUT /api/jobs; blank questions are dropped. Call after validateJobForm passed. */
export function toJobBody(
  v: JobFormValues,
): Omit<JobCreate, 'status' | 'maxSalary'> &
  Omit<JobUpdate, 'status' | 'maxSalary'> & { maxSalary: number | null } {
  return {
    title: v.title.trim(),
    type: v.type,
    description: v.description.trim(),
    state: v.state,
    city: v.city,
    minSalary: v.minSalary ?? 0,
    maxSalary: v.maxSalary,
    deadline: v.deadline || null,
    experienceRange: v.experience,
    interviewRounds: v.interviewRounds,
    skillIds: v.skillIds,
    questions: v.questions.map((q) => q.trim()).filter(Boolean),
    clientName: v.clientName.trim(),
    clientEmail: v.clientEmail.trim(),
    clientLocation: v.clientLocation.trim(),
    ...(v.openings !== null ? { openings: v.openings } : {}),
    editable_by: v.editors,
  };
}
