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

/**
 * The inline status change shared by every candidate screen: "rejected" opens the rejection
 * dialog, any other status is sent at once with the version it was made from. A 409 says who changed it
 * meanwhile and the screens show the candidate as it is now (`onChanged` gets it, the lists refetch).
 */
export function useStatusChange(onChanged?: (candidate: Candidate) => void) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Candidate | null>(null);

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
    if (current) await settle(current);
  };

  const status = useMutation({
    mutationFn: ({ candidate, to }: { candidate: Candidate; to: CandidateStatus }) =>
      changeCandidateStatus(candidate, to),
    onSuccess: async (candidate) => {
      toast.success(M.statusUpdated(candidate.status));
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
      await settle(candidate);
    },
    onError: async (error) => {
      setRejecting(null);
      if (error instanceof ApiError && error.status === 403) toast.error(M.rejectFailed);
      else await failed(error, M.rejectFailed);
    },
  });

  function requestChange(candidate: Candidate, to: CandidateStatus) {
    if (to === candidate.status) return;
    if (to === 'rejected') setRejecting(candidate);
    else status.mutate({ candidate, to });
  }

  const dialog = (
    <RejectionDialog
      isOpen={rejecting !== null}
      candidateName={rejecting?.name ?? ''}
      isPending={reject.isPending}
      onCancel={() => setRejecting(null)}
      onConfirm={(rejection) => rejecting && reject.mutate({ candidate: rejecting, rejection })}
    />
  );

  return { requestChange, dialog, isPending: status.isPending || reject.isPending };
}
