import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  type Candidate,
  type CandidateConflictBody,
  type CandidateStatus,
} from '@portal/contracts';
import { RejectionDialog, toast, type Rejection } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { candidateKeys, changeCandidateStatus, rejectCandidate } from './api.ts';

/** What a screen that offers a change hears of its outcome beyond the toast (the bell's item says it too). */
export interface StatusChangeOutcome {
  /** The change was made: the candidate as it is now. */
  onDone?: (candidate: Candidate) => void;
  /** The server refused it: its words. */
  onRefused?: (message: string) => void;
  /** The rejection dialog was cancelled: nothing changed. */
  onCancelled?: () => void;
}

/**
 * The inline status change shared by every candidate screen: "rejected" opens the rejection
 * dialog (pre-filled when the change comes with a reason, a client's "not a fit"), any other status is sent
 * at once with the version it was made from. A 409 says who changed it meanwhile and the screens show the
 * candidate as it is now (`onChanged` gets it, the lists refetch).
 */
export function useStatusChange(
  onChanged?: (candidate: Candidate) => void,
  outcome: StatusChangeOutcome = {},
) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<{ candidate: Candidate; initial?: Partial<Rejection> } | null>(
    null,
  );

  const settle = async (candidate: Candidate) => {
    onChanged?.(candidate);
    await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
  };

  const failed = async (error: Error, fallback: string) => {
    const current =
      error instanceof ApiError && error.status === 409
        ? (error.body as CandidateConflictBody | undefined)?.current
        : undefined;
    toast.error(error.message || fallback);
    outcome.onRefused?.(error.message || fallback);
    if (current) await settle(current);
  };

  const status = useMutation({
    mutationFn: ({ candidate, to }: { candidate: Candidate; to: CandidateStatus }) =>
      changeCandidateStatus(candidate, to),
    onSuccess: async (candidate) => {
      toast.success(M.statusUpdated(candidate.status));
      outcome.onDone?.(candidate);
      await settle(candidate);
    },
    onError: (error) => failed(error, M.statusFailed),
  });

  const reject = useMutation({
    mutationFn: ({ candidate, rejection }: { candidate: Candidate; rejection: Rejection }) =>
      rejectCandidate(candidate, rejection),
    onSuccess: async (candidate) => {
      setRejecting(null);
      toast.success(M.rejected);
      outcome.onDone?.(candidate);
      await settle(candidate);
    },
    onError: async (error) => {
      setRejecting(null);
      if (error instanceof ApiError && error.status === 403) {
        toast.error(M.rejectFailed);
        outcome.onRefused?.(M.rejectFailed);
      } else await failed(error, M.rejectFailed);
    },
  });

  /** `initial`: what the rejection dialog opens with (a client's reason). */
  function requestChange(candidate: Candidate, to: CandidateStatus, initial?: Partial<Rejection>) {
    if (to === candidate.status) return;
    if (to === 'rejected') setRejecting({ candidate, initial });
    else status.mutate({ candidate, to });
  }

  const dialog = (
    <RejectionDialog
      isOpen={rejecting !== null}
      candidateName={rejecting?.candidate.name ?? ''}
      initial={rejecting?.initial}
      isPending={reject.isPending}
      onCancel={() => {
        setRejecting(null);
        outcome.onCancelled?.();
      }}
      onConfirm={(rejection) => rejecting && reject.mutate({ candidate: rejecting.candidate, rejection })}
    />
  );

  return { requestChange, dialog, isPending: status.isPending || reject.isPending };
}
