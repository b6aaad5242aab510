import {
  ErrorCode,
  PUBLIC_MESSAGES,
  PublicJobAnswers,
  RUPEES_PER_LAKH,
  firstError,
  type ApplicationAnswer,
  type Job,
  type PublicJob,
  type PublicJobQuery,
} from '@portal/contracts';
import { AppError, invalid, notFound } from '../../errors.ts';
import type { JobService } from '../jobs/service.ts';
import type { CandidateService } from '../candidates/service.ts';
import { newApplicationReference } from '../candidates/applications.ts';

/** The careers pages read jobs as an admin would, and show only what a visitor may see. */
const SYSTEM_READER = { id: 0, role: 'admin' } as const;

/** How many openings the careers list shows at most (newest first). */
export const PUBLIC_LIST_MAX = 200;

const lpa = (rupees: number) => {
  const value = rupees / RUPEES_PER_LAKH;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
};

/** A job as the careers pages show it: only public fields; salary and experience also as text. */
export function toPublicJob(job: Job): PublicJob {
  const [minExp, maxExp] = job.experienceRange;
  return {
    id: job.id,
    title: job.title,
    type: job.type,
    description: job.description,
    city: job.city,
    state: job.state,
    stateName: job.stateName,
    location: [job.city, job.stateName ?? job.state].filter(Boolean).join(', '),
    skills: job.skills.map((s) => s.name),
    salary:
      job.maxSalary === null || job.maxSalary === job.minSalary
        ? `₹${lpa(job.minSalary)} LPA`
        : `₹${lpa(job.minSalary)} - ${lpa(job.maxSalary)} LPA`,
    experience: `${minExp} - ${maxExp} years`,
    minSalary: job.minSalary,
    maxSalary: job.maxSalary,
    experienceRange: job.experienceRange,
    openings: job.openings,
    deadline: job.deadline,
    postedAt: job.createdAt,
    questions: job.questions.filter((q) => q.trim()),
  };
}

/**
 * The answers an applicant gave, as the staff's form stores them (keyed by the job's wording, trimmed,
 * blank ones left out), or null for none. Answering is optional; an answer to a question the job does not
 * ask (its questions changed while the form was open, or a forged one) refuses the application, so that
 * nothing lands on it that no one asked.
 */
export function applicantAnswers(
  opening: PublicJob,
  text: string | undefined,
): Record<string, string> | null {
  if (text === undefined || text.trim() === '') return null;
  let given: unknown;
  try {
    given = JSON.parse(text);
  } catch {
    throw invalid(PUBLIC_MESSAGES.applyFailed);
  }
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw invalid(PUBLIC_MESSAGES.applyFailed);
  const problem = firstError(PublicJobAnswers, given, '');
  if (problem) throw invalid(problem);
  const asked = new Set(opening.questions);
  const answers: Record<string, string> = {};
  for (const [question, answer] of Object.entries(given as PublicJobAnswers)) {
    if (!asked.has(question)) throw invalid(PUBLIC_MESSAGES.answersOutdated);
    if (answer.trim()) answers[question] = answer.trim();
  }
  return Object.keys(answers).length > 0 ? answers : null;
}

/**
 * The one answer every application gets, whoever applies: the same words and shape for an address on file
 * and a new one, so that the form cannot be asked whether someone is in the firm's pool.
 */
const submitted = (reference: string): ApplicationAnswer => ({
  success: true,
  message: PUBLIC_MESSAGES.applied,
  reference,
});

/** The application the careers form sends: its fields as the candidates service takes them. */
export type CareersApplication = Parameters<CandidateService['createApplication']>[0];

/** Public openings: active jobs before their deadline (the jobs service's one rule of "open"). */
export function createCareersService({
  jobs,
  candidates,
}: {
  jobs: JobService;
  candidates: Pick<CandidateService, 'createApplication'>;
}) {
  return {
    /**
     * Records an application to an open job and answers as for any other; what became of it (new, added
     * to a profile on file, applied again) is e-mailed to the address given, in the same transaction.
     */
    async apply(application: CareersApplication, opening: PublicJob): Promise<ApplicationAnswer> {
      const { reference } = await candidates.createApplication(application, opening);
      return submitted(reference);
    },

    /** What a bot (the hidden field filled) is told: what a person is told, with a reference that names nothing. */
    answerBot: (): ApplicationAnswer => submitted(newApplicationReference()),

    async listOpenings(query: PublicJobQuery): Promise<PublicJob[]> {
      const page = await jobs.listJobs(
        { status: 'active', search: query.search, pageSize: PUBLIC_LIST_MAX },
        SYSTEM_READER,
        'opening',
      );
      return page.items.map(toPublicJob);
    },

    /** One opening; 404 when it does not exist or is not open (a draft, closed or expired job). */
    async getOpening(id: number): Promise<PublicJob> {
      const job = await jobs.getJob(id, SYSTEM_READER).catch((error: unknown) => {
        if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return null;
        throw error;
      });
      if (!job || job.status !== 'active') throw notFound(PUBLIC_MESSAGES.jobNotFound);
      return toPublicJob(job);
    },
  };
}
export type CareersService = ReturnType<typeof createCareersService>;
