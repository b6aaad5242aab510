/**
 * The talent pool's words. Kept with its screens rather than in contracts' candidate messages, which the
 * public pages' first download partly holds.
 */
export const PEOPLE_MESSAGES = {
  title: 'Talent pool',
  loadFailed: 'Failed to load people',
  personFailed: 'Failed to load the person',
  noPeople: 'No people found',
  adjustFilters: 'Try adjusting your search or filter criteria',
  addFailed: 'Failed to add people to the job',
  chooseJob: 'Please select a job',
  /** The bulk add's answer: how many were put forward, how many were in the job already. */
  added: (added: number, alreadyIn: number, job: string) =>
    `${added} ${added === 1 ? 'person' : 'people'} added to ${job}` +
    (alreadyIn > 0 ? `, ${alreadyIn} already in it` : ''),
  updated: 'Person updated successfully',
  updateFailed: 'Failed to update the person',
  noApplications: 'No applications yet',
} as const;
