import type { Knex } from 'knex';
import * as createUsers from './20261121090000_create-users.ts';
import * as createSessions from './20261121090100_create-sessions.ts';
import * as createSkills from './20261121090200_create-skills.ts';
import * as indexUsersList from './20261121100000_index-users-list.ts';
import * as createLocations from './20261121110000_create-locations.ts';
import * as loadLocations from './20261121110100_load-locations.ts';
import * as createJobs from './20261121110200_create-jobs.ts';
import * as createCandidates from './20261121110300_create-candidates.ts';
import * as addSkillNameKey from './20261123090000_add-skill-name-key.ts';
import * as addJobVersion from './20261123090100_add-job-version.ts';
import * as createUploads from './20261123090200_create-uploads.ts';
import * as candidatesPipeline from './20261123100000_candidates-pipeline.ts';
import * as candidateCounts from './20261123110000_candidate-counts.ts';
import * as candidateCreatorCounts from './20261123120000_candidate-creator-counts.ts';
import * as createContactMessages from './20261123120100_create-contact-messages.ts';
import * as createLedger from './20261123120200_create-ledger.ts';
import * as candidateWords from './20261123130000_candidate-words.ts';
import * as createEventOutbox from './20261124100000_create-event-outbox.ts';
import * as eventOutboxSharedPayload from './20261125090000_event-outbox-shared-payload.ts';
import * as creatorCountsByService from './20261125090100_creator-counts-by-service.ts';
import * as candidateIdBlocks from './20261125090200_candidate-id-blocks.ts';
import * as candidateSortIndexes from './20261125090300_candidate-sort-indexes.ts';
import * as candidatePhoneKeys from './20261125183000_candidate-phone-keys.ts';
import * as candidateApplicationReference from './20261125183500_candidate-application-reference.ts';
import * as fileReferenceIndexes from './20261125184000_file-reference-indexes.ts';
import * as candidatePositions from './20261125210000_candidate-positions.ts';
import * as pipelineAnalytics from './20261125211000_pipeline-analytics.ts';
import * as candidateHistoryApplications from './20261125212000_candidate-history-applications.ts';
import * as createNotifications from './20261125212100_create-notifications.ts';
import * as createCandidateChanges from './20261125213000_create-candidate-changes.ts';
import * as shortlistShares from './20261125214000_shortlist-shares.ts';
import * as demoCustomersWithoutDepartment from './20261125215000_demo-customers-without-department.ts';
import * as pipelineAnalyticsMonths from './20261126010000_pipeline-analytics-months.ts';
import * as applicationReferenceOnHistory from './20261127230000_application-reference-on-history.ts';
import * as rejecterNamesInRejectionDetails from './20261128024500_rejecter-names-in-rejection-details.ts';
import * as mailOutboxErrors from './20261128030000_mail-outbox-errors.ts';
import * as contactMessagesRead from './20261128030100_contact-messages-read.ts';
import * as people from './20261128090000_people.ts';
import * as peopleCompanyIndex from './20261128130000_people-company-index.ts';
import * as clientFeedback from './20261201200000_client-feedback.ts';
import * as notificationMoves from './20261201200100_notification-moves.ts';
import * as interviews from './20261201210000_interviews.ts';
import * as contactMessagesOutbox from './20261128030200_contact-messages-outbox.ts';
import * as reviewLinks from './20261128120000_review-links.ts';

/**
 * Every migration, in order. Listed here rather than discovered on disk so that the same list runs
 * under tsx, vitest and a bundler alike. A new migration is a new file plus one line here.
 */
export const MIGRATIONS: Record<string, Knex.Migration> = {
  '20261121090000_create-users': createUsers,
  '20261121090100_create-sessions': createSessions,
  '20261121090200_create-skills': createSkills,
  '20261121100000_index-users-list': indexUsersList,
  '20261121110000_create-locations': createLocations,
  '20261121110100_load-locations': loadLocations,
  '20261121110200_create-jobs': createJobs,
  '20261121110300_create-candidates': createCandidates,
  '20261123090000_add-skill-name-key': addSkillNameKey,
  '20261123090100_add-job-version': addJobVersion,
  '20261123090200_create-uploads': createUploads,
  '20261123100000_candidates-pipeline': candidatesPipeline,
  '20261123110000_candidate-counts': candidateCounts,
  '20261123120000_candidate-creator-counts': candidateCreatorCounts,
  '20261123120100_create-contact-messages': createContactMessages,
  '20261123120200_create-ledger': createLedger,
  '20261123130000_candidate-words': candidateWords,
  '20261124100000_create-event-outbox': createEventOutbox,
  '20261125090000_event-outbox-shared-payload': eventOutboxSharedPayload,
  '20261125090100_creator-counts-by-service': creatorCountsByService,
  '20261125090200_candidate-id-blocks': candidateIdBlocks,
  '20261125090300_candidate-sort-indexes': candidateSortIndexes,
  '20261125183000_candidate-phone-keys': candidatePhoneKeys,
  '20261125183500_candidate-application-reference': candidateApplicationReference,
  '20261125184000_file-reference-indexes': fileReferenceIndexes,
  '20261125210000_candidate-positions': candidatePositions,
  '20261125211000_pipeline-analytics': pipelineAnalytics,
  '20261125212000_candidate-history-applications': candidateHistoryApplications,
  '20261125212100_create-notifications': createNotifications,
  '20261125213000_create-candidate-changes': createCandidateChanges,
  '20261125214000_shortlist-shares': shortlistShares,
  '20261125215000_demo-customers-without-department': demoCustomersWithoutDepartment,
  '20261126010000_pipeline-analytics-months': pipelineAnalyticsMonths,
  '20261127230000_application-reference-on-history': applicationReferenceOnHistory,
  '20261128024500_rejecter-names-in-rejection-details': rejecterNamesInRejectionDetails,
  '20261128030000_mail-outbox-errors': mailOutboxErrors,
  '20261128030100_contact-messages-read': contactMessagesRead,
  '20261128030200_contact-messages-outbox': contactMessagesOutbox,
  '20261128090000_people': people,
  '20261128120000_review-links': reviewLinks,
  '20261128130000_people-company-index': peopleCompanyIndex,
  '20261201200000_client-feedback': clientFeedback,
  '20261201200100_notification-moves': notificationMoves,
  '20261201210000_interviews': interviews,
};

/**
 * Migrations that were given a new name after databases had already recorded them under the old one (three
 * once shared a timestamp; each now has its own, in the order they always ran). `recordRenamedMigrations`
 * updates a database's record before it migrates, so nothing runs twice.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '20261123120000_create-contact-messages': '20261123120100_create-contact-messages',
  '20261123120000_create-ledger': '20261123120200_create-ledger',
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name]!,
};
