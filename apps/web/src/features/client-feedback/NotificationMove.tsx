import { useRef, useState } from 'react';
import {
  CANDIDATE_MESSAGES as M,
  FEEDBACK_MESSAGES as F,
  type Notification,
  type SuggestedMove,
} from '@portal/contracts';
import { statusLabel } from '@portal/ui';
import { fetchCandidate } from '../candidates/api.ts';
import { useStatusChange } from '../candidates/useStatusChange.tsx';
import { SuggestedMoveButton } from './SuggestedMoveButton.tsx';
import { hasReached, moveOffer } from './suggestedMove.ts';

/**
 * The bell's one-click moves (a client's decision suggests one): the candidate is read as it is now and
 * changed through the screens' own status change (the rejection dialog pre-filled with the client's
 * reason), and each item then says what happened, or the server's refusal (a teammate moved it meanwhile).
 */
export function useSuggestedMoves({
  onAct,
  onDialog,
}: {
  /** The item was acted on (it is then read). */
  onAct: (n: Notification) => void;
  /** The rejection dialog opens (the bell's panel closes for it). */
  onDialog: () => void;
}) {
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, string>>(new Map());
  const [busy, setBusy] = useState<number | null>(null);
  const acting = useRef<number | null>(null);
  const settle = (text: string | null) => {
    const id = acting.current;
    acting.current = null;
    setBusy(null);
    if (id !== null && text !== null) setOutcomes((m) => new Map(m).set(id, text));
  };
  const status = useStatusChange(undefined, {
    onDone: (c) =>
      settle(c.status === 'rejected' ? F.rejectedDone(c.name) : F.movedTo(c.name, statusLabel(c.status))),
    onRefused: settle,
    onCancelled: () => settle(null),
  });
  const act = async (n: Notification, move: SuggestedMove) => {
    if (acting.current !== null) return;
    acting.current = n.id;
    setBusy(n.id);
    onAct(n);
    try {
      const candidate = await fetchCandidate(move.uuid);
      // A teammate moved the candidate there (or further) meanwhile: nothing is sent back.
      if (hasReached(candidate.status, move.status))
        return settle(F.alreadyThere(candidate.name, statusLabel(candidate.status)));
      const offer = moveOffer(move.status, move.rejectionReason);
      if (offer.to === 'rejected') onDialog();
      status.requestChange(candidate, offer.to, offer.initial);
    } catch (error) {
      settle((error as Error).message || M.statusFailed);
    }
  };
  return { outcomes, busy, act, dialog: status.dialog };
}

export type SuggestedMoves = ReturnType<typeof useSuggestedMoves>;

/** A client decision's item: the move it suggests beside its link, then what came of it. */
export function SuggestedMoveAction({
  notification: n,
  moves,
}: {
  notification: Notification;
  moves: SuggestedMoves;
}) {
  const move = n.kind === 'client_feedback' ? n.suggestedMove : null;
  if (!move) return null;
  const outcome = moves.outcomes.get(n.id);
  return (
    <div className="notification-action">
      {outcome === undefined ? (
        <SuggestedMoveButton
          offer={moveOffer(move.status, move.rejectionReason)}
          name={n.text}
          isDisabled={moves.busy !== null}
          onPress={() => void moves.act(n, move)}
        />
      ) : null}
      <span role="status">{outcome}</span>
    </div>
  );
}
