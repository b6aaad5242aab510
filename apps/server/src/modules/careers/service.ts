import {
  ErrorCode,
  PUBLIC_MESSAGES,
  RUPEES_PER_LAKH,
  type Job,
  type PublicJob,
  type PublicJobQuery,
} from '@portal/contracts';
import { AppError, notFound } from '../../errors.ts';
import type { JobService } from '../jobs/service.ts';

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
  };
}

/** Public openings: active jobs before their deadline (the jobs service's one rule of "open"). */
export function createCareersService({ jobs }: { jobs: JobService }) {
  return {
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
