/**
 * Client review links (DESIGN §6e): a job's client contacts (contacts.ts), the links a shared shortlist sends
 * and what the recruiter does with them (links.ts), and the public review page's reads (review.ts). The
 * candidates' sharing asks this service for the recipients and the links.
 */
import type { Knex } from 'knex';
import type { InUnitOfWork } from '../../events.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { JobService } from '../jobs/service.ts';
import { createClientContacts } from './contacts.ts';
import { createShareLinks } from './links.ts';
import { createReviewReads } from './review.ts';

export { recipientsOf, reviewLinkMail, type IssuedLink } from './links.ts';

export function createReviewService({
  db,
  inUnitOfWork,
  files,
  jobs,
  publicUrl,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  files: FileStore;
  jobs: JobService;
  publicUrl: string;
}) {
  return {
    ...createClientContacts({ db, jobs }),
    ...createShareLinks({ db, inUnitOfWork, jobs, publicUrl }),
    ...createReviewReads({ db, files, jobs }),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
