import {
  JOB_DEFAULTS,
  JOB_MESSAGES,
  JobCreate,
  JobUpdate,
  jobRuleErrors,
  type InterviewRound,
  type Job,
  type JobType,
} from '@portal/contracts';
import { checkForm } from '../../lib/checkForm.ts';

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
  const admin = rules.variant === 'admin';
  const body = toJobBody(v);
  // The salaries as typed: an empty one is missing, not 0.
  const typed = { ...body, minSalary: v.minSalary, maxSalary: v.maxSalary };
  const found = checkForm<string>(rules.isEdit ? JobUpdate : JobCreate, typed, {
    required: {
      minSalary: JOB_MESSAGES.minSalaryRequired,
      // The maximum is optional only on the admin add form.
      ...(!admin || rules.isEdit ? { maxSalary: JOB_MESSAGES.maxSalaryRequired } : {}),
      ...(admin ? { deadline: JOB_MESSAGES.deadlineRequired } : {}),
      clientEmail: JOB_MESSAGES.clientEmailRequired,
      // An employee says how many people are wanted; fewer than one is the contract's own message.
      ...(admin ? {} : { openings: JOB_MESSAGES.openingsMin }),
    },
    rules: {
      interviewRounds: admin && v.interviewRounds.length === 0 ? JOB_MESSAGES.roundsRequired : null,
      ...jobRuleErrors(body, rules),
    },
  });
  const errors: JobFormErrors = {};
  for (const [field, message] of Object.entries(found)) {
    errors[FORM_FIELD[field] ?? (field as keyof JobFormValues)] ??= message;
  }
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
