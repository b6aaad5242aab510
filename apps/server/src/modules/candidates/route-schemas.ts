/** The error answers the candidates' routes declare, and the bulk upload's body limit. */
import { CANDIDATE_LIMITS, CandidateConflictBody, ErrorBody } from '@portal/contracts';

export const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
export const writeErrors = { ...errors, 403: ErrorBody, 409: CandidateConflictBody };
export const uploadErrors = {
  ...writeErrors,
  413: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
  507: ErrorBody,
};

/** A bulk upload carries up to 50,000 rows: a larger body than any other call. */
export const BULK_BODY_LIMIT = CANDIDATE_LIMITS.bulkRows * 1024;
