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
  duplicatesTitle: 'Possible duplicates',
  duplicatesIntro:
    'People with the same name and a close phone number or e-mail. Review each pair before merging.',
  duplicatesFailed: 'Failed to load possible duplicates',
  noDuplicates: 'No possible duplicates found',
  previewFailed: 'Failed to load what the merge would change',
  mergeFailed: 'Failed to merge the people',
  undoFailed: 'Failed to undo the merge',
  mergeTitle: (name: string) => `Merge with ${name}`,
  mergeSearch: 'Find the other person',
  mergeNoOther: 'Choose the person to merge with',
  keepThis: 'This person',
  useOther: 'The other person',
  mergeSame: 'Nothing differs: every field is the same for both.',
  /** Above the field choices: which person stays, and that the other's applications come along. */
  mergeIntro: (kept: string, other: string) =>
    `${other} is merged into ${kept}. For each field that differs, choose the value to keep.`,
  mergeMoving: (n: number) => `${n} ${n === 1 ? 'application moves' : 'applications move'} to this person`,
  /** The preview's warning: applications to a job both are in stay with the other person. */
  mergeKeptApart: (other: string) =>
    `Both are in these jobs: ${other}'s applications there are kept apart, and ${other} remains with them.`,
  undoTitle: 'Undo merge',
  undoQuestion: (kept: string, other: string) =>
    `Undo the merge of ${other} into ${kept}? Both people and their applications come back as they were.`,
  noMerges: 'No merges',
} as const;
