import type {
  ClientContact,
  ClientContactCreate,
  ClientContactList,
  ShareLinkTracking,
} from '@portal/contracts';
import { SHARE_TEXTS as T } from '@portal/contracts';
import { api } from '../../lib/api.ts';

/**
 * The staff side of review links: a job's client contacts, and what a recruiter does with a link a share
 * sent (revoke, extend) or a candidate it named (withdraw). The shares themselves are read through
 * candidates/api.ts (shareKeys, fetchShares).
 */
export const contactKeys = {
  job: (jobId: number) => ['jobs', jobId, 'client-contacts'] as const,
};

export const fetchClientContacts = (jobId: number, signal?: AbortSignal) =>
  api<ClientContactList>(`/api/jobs/${jobId}/client-contacts`, {
    signal,
    fallbackMessage: T.contactsLoadFailed,
  });

export const addClientContact = (jobId: number, body: ClientContactCreate) =>
  api<ClientContact>(`/api/jobs/${jobId}/client-contacts`, { method: 'POST', body });

export const removeClientContact = (jobId: number, contactId: number) =>
  api<{ ok: true; message: string }>(`/api/jobs/${jobId}/client-contacts/${contactId}`, {
    method: 'DELETE',
  });

export const revokeShareLink = (id: number) =>
  api<ShareLinkTracking>(`/api/shares/links/${id}/revoke`, { method: 'POST', body: {} });

export const extendShareLink = (id: number, days: number) =>
  api<ShareLinkTracking>(`/api/shares/links/${id}/extend`, { method: 'POST', body: { days } });

export const withdrawFromShare = (shareId: number, uuid: string) =>
  api<{ ok: true; message: string }>(`/api/shares/${shareId}/candidates/${encodeURIComponent(uuid)}`, {
    method: 'DELETE',
  });
