/** The error answers the ledger's routes declare, shared by its route plugins. */
import { ErrorBody } from '@portal/contracts';

export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
export const writeErrors = { ...errors, 409: ErrorBody };
export const uploadErrors = {
  ...writeErrors,
  413: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
  507: ErrorBody,
};
