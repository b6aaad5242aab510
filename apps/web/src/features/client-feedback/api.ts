import {
  FEEDBACK_MESSAGES as F,
  type ClientComment,
  type ClientCommentBody,
  type ClientFeedback,
} from '@portal/contracts';
import { api } from '../../lib/api.ts';

/** Under the candidates' key: whatever refreshes a candidate refreshes its feedback too. */
export const feedbackKeys = {
  all: ['candidates', 'client-feedback'] as const,
  one: (uuid: string) => ['candidates', 'client-feedback', uuid] as const,
};

/** Per share the candidate was in: its links, the recipients' decisions and the thread. */
export const fetchClientFeedback = (uuid: string, signal?: AbortSignal) =>
  api<ClientFeedback>(`/api/candidates/${encodeURIComponent(uuid)}/client-feedback`, {
    fallbackMessage: F.loadFailed,
    signal,
  });

/** A staff reply on the thread of the share that `shareLinkId` belongs to. */
export const postClientReply = (uuid: string, body: ClientCommentBody) =>
  api<ClientComment>(`/api/candidates/${encodeURIComponent(uuid)}/client-comments`, {
    method: 'POST',
    body,
    fallbackMessage: F.replyFailed,
  });
