import {
  JOB_DEFAULTS,
  JOB_MESSAGES,
  type InterviewRound,
  type Job,
  type JobCreate,
  type JobType,
  type JobUpdate,
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own check (spec 2 §5): the admin and employee forms differ in what they require. */
export function validateJobForm(v: JobFormValues, rules: JobFormRules): JobFormErrors {
  const errors: JobFormErrors = {};
  const admin = rules.variant === 'admin';
  if (!v.title.trim()) errors.title = JOB_MESSAGES.titleRequired;
  if (!v.description.trim()) errors.description = JOB_MESSAGES.descriptionRequired;
  if (!v.state) errors.state = JOB_MESSAGES.stateRequired;
  if (!v.city) errors.city = JOB_MESSAGES.cityRequired;
  if (v.minSalary === null) errors.minSalary = JOB_MESSAGES.minSalaryRequired;
  // The maximum is optional only on the admin add form.
  if (v.maxSalary === null && (!admin || rules.isEdit)) errors.maxSalary = JOB_MESSAGES.maxSalaryRequired;
  if (v.minSalary !== null && v.maxSalary !== null && v.maxSalary < v.minSalary) {
    errors.maxSalary = JOB_MESSAGES.salaryOrder;
  }
  if (v.experience[0] > v.experience[1]) errors.experience = JOB_MESSAGES.experienceOrder;
  if (!v.deadline) {
    if (admin) errors.deadline = JOB_MESSAGES.deadlineRequired;
  } else if (v.deadline < rules.today && v.deadline !== rules.previousDeadline) {
    errors.deadline = JOB_MESSAGES.deadlinePast;
  }
  if (admin && v.interviewRounds.length === 0) errors.interviewRounds = JOB_MESSAGES.roundsRequired;
  if (v.skillIds.length === 0) errors.skillIds = JOB_MESSAGES.skillsRequired;
  if (!v.clientName.trim()) errors.clientName = JOB_MESSAGES.clientNameRequired;
  if (!v.clientEmail.trim()) errors.clientEmail = JOB_MESSAGES.clientEmailRequired;
  else if (!EMAIL.test(v.clientEmail.trim())) errors.clientEmail = JOB_MESSAGES.clientEmailInvalid;
  if (!v.clientLocation.trim()) errors.clientLocation = JOB_MESSAGES.clientLocationRequired;
  if (!admin && (v.openings === null || v.openings < 1)) errors.openings = JOB_MESSAGES.openingsMin;
  return errors;
}

/** The body of POST/PUT /api/jobs; blank questions are dropped. Call after validateJobForm passed. */
export function toJobBody(
  v: JobFormValues,
): Omit<JobCreate, 'status'> & Omit<JobUpdate, 'status' | 'maxSalary'> {
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
