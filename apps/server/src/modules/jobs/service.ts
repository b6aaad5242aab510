/**
 * Jobs: reading them whole (reads.ts), the list with its tabs and the export (list.ts), and changing them
 * (writes.ts), put together into the one service the routes, the careers pages and the candidates know.
 */
import type { Knex } from 'knex';
import { APP_TIME_ZONE, todayIn, type Job } from '@portal/contracts';
import type { Caller } from '../../lib/caller.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { LocationService } from '../locations/service.ts';
import { createJobReads, toJobSummary, unique } from './reads.ts';
import { createJobLists, DEFAULT_PROBE_LIMIT } from './list.ts';
import { createJobWrites } from './writes.ts';

export { toJobSummary } from './reads.ts';
export type { SearchScope } from './list.ts';

export function createJobService({
  db,
  inUnitOfWork,
  locations,
  today = () => todayIn(APP_TIME_ZONE),
  probeLimit = DEFAULT_PROBE_LIMIT,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  locations: LocationService;
  /** Today's date in the firm's time zone (tests may fix it). */
  today?: () => string;
  /** See listJobs (tests make it small to walk every path). */
  probeLimit?: number;
}) {
  const reads = createJobReads({ db, today });
  return {
    getJob: (id: number, reader: Caller): Promise<Job> => reads.getJob(id, reader),

    /** Queues `job.changed` in `uow` for jobs whose candidates changed (their counts moved): one query. */
    async announce(ids: number[], uow: UnitOfWork): Promise<void> {
      for (const job of await reads.findJobs(unique(ids), { id: 0, role: 'admin' }, uow.trx)) {
        uow.emit('job.changed', toJobSummary(job));
      }
    },

    ...createJobLists({ db, today, probeLimit, reads }),
    ...createJobWrites({ db, inUnitOfWork, locations, today, reads }),
  };
}
export type JobService = ReturnType<typeof createJobService>;
