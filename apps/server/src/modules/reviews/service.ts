/**
 * Client review links: a job's client contacts (contacts.ts), the links a shared shortlist sends
 * and what the recruiter does with them (links.ts), the public review page's reads (review.ts), what a
 * link's holder answers (decisions.ts) and the staff's side of those answers (feedback.ts). The candidates'
 * sharing asks this service for the recipients and the links.
 */
import type { Knex } from 'knex';
import type { InUnitOfWork } from '../../events.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { createCandidateAccess } from '../candidates/access.ts';
import type { JobService } from '../jobs/service.ts';
import { createClientContacts } from './contacts.ts';
import { createClientAnswers, type AnswerNotifier } from './decisions.ts';
import { createStaffFeedback } from './feedback.ts';
import { createShareLinks } from './links.ts';
import { createReviewReads } from './review.ts';

export { recipientsOf, reviewLinkMail, type IssuedLink } from './links.ts';

export function createReviewService({
  db,
  inUnitOfWork,
  files,
  jobs,
  notify,
  publicUrl,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  files: FileStore;
  jobs: JobService;
  notify: AnswerNotifier;
  publicUrl: string;
}) {
  const reads = createReviewReads({ db, files, jobs });
  return {
    ...createClientContacts({ db, jobs }),
    ...createShareLinks({ db, inUnitOfWork, jobs, publicUrl }),
    ...reads,
    ...createClientAnswers({ db, inUnitOfWork, openLink: reads.openLink, notify }),
    // A reply is for whoever may edit the candidate: the candidates' own rule.
    ...createStaffFeedback({ db, inUnitOfWork, jobs, access: createCandidateAccess({ db }) }),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
