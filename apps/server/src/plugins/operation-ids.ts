/**
 * Each operation's name in the API reference (`operationId`), by method and route URL as the route
 * declares it. A client generated from the reference names its methods after these (`listCandidates`,
 * `moveCandidate`); without them it names them by path. Verb first, unique, and stable: a client's code
 * calls them, so a name changes only with the operation. The openapi test fails for an operation
 * missing here and for a line here that no route matches.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  // Health
  'GET /api/health': 'getHealth',
  'GET /api/ready': 'getReadiness',

  // Sign-in
  'POST /api/v2/login': 'signIn',
  'POST /api/v2/logout': 'signOut',
  'GET /api/v2/me': 'getCurrentUser',
  'GET /api/employee/profile': 'getMyProfile',

  // Users
  'GET /api/users': 'listUsers',
  'POST /api/users': 'createUser',
  'GET /api/users/next-id': 'getNextEmployeeId',
  'GET /api/users/:id': 'getUser',
  'PUT /api/users/:id': 'updateUser',
  'DELETE /api/users/:id': 'deleteUser',
  'DELETE /api/users/:id/photo': 'deleteUserPhoto',
  'PUT /api/users/:userId/password': 'changePassword',

  // People
  'GET /api/people': 'listPeople',
  'GET /api/people/export': 'exportPeople',
  'GET /api/people/:id': 'getPerson',
  'PUT /api/people/:id': 'updatePerson',
  'GET /api/people/duplicates': 'listSuggestedDuplicates',
  'GET /api/people/:id/merge-preview': 'getPersonMergePreview',
  'POST /api/people/:id/merge': 'createPersonMerge',
  'POST /api/people/merges/:mergeId/undo': 'createPersonMergeUndo',
  'POST /api/people/:id/applications': 'createPersonApplication',
  'POST /api/jobs/:jobId/applications': 'createJobApplications',

  // Skills
  'GET /api/skills': 'listSkills',
  'POST /api/skills': 'createSkill',
  'GET /api/skills/:id': 'getSkill',
  'PATCH /api/skills/:id': 'updateSkill',
  'DELETE /api/skills/:id': 'deleteSkill',

  // Files
  'POST /api/upload/photo': 'uploadPhoto',
  'GET /api/files/:name': 'downloadFile',

  // Locations
  'GET /api/locations/states': 'listStates',
  'GET /api/locations/states/:stateCode/districts': 'listDistricts',

  // Jobs
  'GET /api/jobs': 'listJobs',
  'POST /api/jobs': 'createJob',
  'GET /api/jobs/export': 'exportJobs',
  'GET /api/jobs/export.xlsx': 'downloadJobs',
  'GET /api/jobs/:id': 'getJob',
  'PUT /api/jobs/:id': 'updateJob',
  'DELETE /api/jobs/:id': 'deleteJob',
  'PATCH /api/jobs/:id/status': 'changeJobStatus',

  // Candidates
  'GET /api/candidates': 'listCandidates',
  'POST /api/candidates': 'createCandidate',
  'GET /api/employee/candidates': 'listMyCandidates',
  'GET /api/candidates/bulk-template.xlsx': 'downloadBulkTemplate',
  'GET /api/candidates/export': 'exportCandidates',
  'GET /api/candidates/job/:jobId': 'listJobCandidates',
  'GET /api/candidates/:id': 'getCandidate',
  'PUT /api/candidates/:id': 'updateCandidate',
  'PATCH /api/candidates/:id': 'patchCandidate',
  'DELETE /api/candidates/:id': 'deleteCandidate',
  'POST /api/candidates/check-duplicate': 'checkDuplicateCandidate',
  'PATCH /api/candidates/:id/status': 'changeCandidateStatus',
  'PATCH /api/candidates/:id/reject': 'rejectCandidate',
  'POST /api/candidates/share': 'shareShortlist',
  'GET /api/jobs/:jobId/shares': 'listJobShares',
  'GET /api/candidates/:id/shares': 'listCandidateShares',
  'POST /api/candidates/bulk-upload': 'importCandidates',
  'POST /api/upload/resume': 'uploadResume',
  'POST /api/candidates/:id/upload/resume': 'uploadCandidateResume',
  'POST /api/candidates/:id/upload/image': 'uploadCandidatePhoto',
  'GET /api/jobs/:jobId/pipeline': 'getPipeline',
  'GET /api/jobs/:jobId/pipeline/:status': 'listPipelineColumn',
  'POST /api/candidates/:id/move': 'moveCandidate',

  // Careers
  'GET /api/public/jobs': 'listOpenJobs',
  'GET /api/public/jobs/:id': 'getOpenJob',
  'POST /api/public/jobs/:jobId/apply': 'applyForJob',

  // Reviews
  'GET /api/jobs/:jobId/client-contacts': 'listClientContacts',
  'POST /api/jobs/:jobId/client-contacts': 'createClientContact',
  'DELETE /api/jobs/:jobId/client-contacts/:contactId': 'deleteClientContact',
  'POST /api/shares/links/:id/revoke': 'revokeShareLink',
  'POST /api/shares/links/:id/extend': 'extendShareLink',
  'GET /api/review/:token': 'getReviewPage',
  'GET /api/review/:token/candidates/:uuid/resume': 'downloadReviewResume',
  'POST /api/review/:token/candidates/:uuid/decision': 'createReviewDecision',
  'POST /api/review/:token/candidates/:uuid/comments': 'createReviewComment',
  'GET /api/candidates/:uuid/client-feedback': 'getCandidateClientFeedback',
  'POST /api/candidates/:uuid/client-comments': 'createClientReply',
  'DELETE /api/shares/:shareId/candidates/:uuid': 'deleteShareCandidate',

  // Interviews
  'POST /api/candidates/:uuid/interviews': 'createInterview',
  'GET /api/candidates/:uuid/interviews': 'listCandidateInterviews',
  'GET /api/interviews': 'listMyInterviews',
  'PATCH /api/interviews/:id': 'updateInterview',
  'POST /api/interviews/:id/cancel': 'createInterviewCancellation',

  // Mail
  'GET /api/mail/outbox': 'listOutbox',
  'POST /api/mail/outbox/:id/resend': 'sendOutboxMailAgain',
  'GET /api/messages/status': 'getMessagesStatus',
  'GET /api/contact-messages': 'listContactMessages',
  'PATCH /api/contact-messages/:id': 'updateContactMessage',

  // Contact
  'POST /api/email/contact': 'sendContactMessage',

  // Ledger
  'GET /api/loans': 'listPurchases',
  'POST /api/loans': 'createPurchase',
  'GET /api/loans/download': 'downloadPurchases',
  'GET /api/loans/:loanId': 'getPurchase',
  'PUT /api/loans/:loanId': 'updatePurchase',
  'DELETE /api/loans/:loanId': 'deletePurchase',
  'POST /api/transactions': 'createInstalment',
  'GET /api/transactions': 'listInstalments',
  'GET /api/loan-transactions/:loanId': 'listPurchaseInstalments',
  'GET /api/transactions/report': 'getTransactionReport',
  'GET /api/transactions/download': 'downloadTransactionReport',
  'GET /api/expenses': 'listExpenses',
  'POST /api/expenses': 'createExpense',
  'GET /api/expenses/:uuid': 'getExpense',
  'PUT /api/expenses/:uuid': 'updateExpense',
  'DELETE /api/expenses/:uuid': 'deleteExpense',
  'GET /api/dashboard/admin': 'getAdminDashboard',

  // Dashboards
  'GET /api/dashboard/recruitment': 'getRecruitmentDashboard',
  'GET /api/dashboard/employee-stats': 'getMyDashboard',

  // Notifications
  'GET /api/notifications': 'listNotifications',
  'GET /api/notifications/unread-count': 'countUnreadNotifications',
  'POST /api/notifications/read-all': 'markAllNotificationsRead',
  'POST /api/notifications/:id/read': 'markNotificationRead',

  // Analytics
  'GET /api/analytics/pipeline': 'getPipelineAnalytics',
  'GET /api/analytics/pipeline.xlsx': 'downloadPipelineAnalytics',
  'GET /api/analytics/activity': 'getRecruiterActivity',
  'GET /api/analytics/client-response': 'getClientResponseAnalytics',

  // Live updates
  'GET /api/events': 'listMissedEvents',
};
