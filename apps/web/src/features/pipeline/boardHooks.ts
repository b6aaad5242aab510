import { useCallback, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type {
  CandidateMovedEvent,
  ClientFeedbackEvent,
  CandidateStatus,
  MoveConflictBody,
  PipelineCard,
  PipelineFilters,
} from '@portal/contracts';
import type { Rejection } from '@portal/ui';
import { toast } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { markFresh, useLiveEvent, useLiveRoom } from '../../lib/live.ts';
import { fetchColumnPage, moveCandidate, BOARD_MESSAGES } from './api.ts';
import {
  appendPage,
  applyClientFeedback,
  applyMoved,
  conflictMessage,
  findCard,
  putIn,
  takeOut,
  placeCard,
  rollBack,
  type BoardState,
  type Neighbours,
} from './board.ts';

/** A change that comes from elsewhere (a live message, a refetch), held while a card is being dragged. */
export type Outside = (board: BoardState) => BoardState;

type SetBoard = Dispatch<SetStateAction<BoardState | null>>;

/** Resolves before the next frame is drawn. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Live: the job's room. Moves and clients' answers are applied in the room's order; other changes of the
 * job's candidates (added, edited, deleted, status changed elsewhere) read the board again.
 */
export function useLiveBoard(
  jobId: number,
  boardRef: RefObject<BoardState | null>,
  outside: (change: Outside) => void,
  refetch: () => void,
) {
  useLiveRoom({ kind: 'job', jobId });
  useLiveEvent('candidate:moved', (event: CandidateMovedEvent) => {
    if (event.jobId !== jobId) return;
    markFresh(`candidate:${event.candidateId}`);
    outside((b) => {
      const result = applyMoved(b, event);
      if (result.refetch) refetch();
      return result.board;
    });
  });
  useLiveEvent('candidate:created', (c) => c.job_id === jobId && refetch());
  // A client's decision or comment, or a teammate's reply: the card's badge, in the room's order.
  useLiveEvent('candidate:client-feedback', (event: ClientFeedbackEvent) => {
    if (event.jobId !== jobId) return;
    markFresh(`candidate:${event.candidateId}`);
    outside((b) => applyClientFeedback(b, event));
  });
  /** Whether the board already shows this version of the card (a move's own messages say nothing new). */
  const knows = (uuid: string, version: number) => {
    const shown = boardRef.current && findCard(boardRef.current, uuid);
    return Boolean(shown && shown.version >= version);
  };
  useLiveEvent('candidate:updated', (c) => c.job_id === jobId && !knows(c.uuid, c.version) && refetch());
  useLiveEvent('candidate:deleted', (e) => e.jobId === jobId && refetch());
  // A status change made elsewhere (the status menu, the details page) is read again.
  useLiveEvent(
    'candidate:status-changed',
    (e) => e.jobId === jobId && !knows(e.uuid, e.version) && refetch(),
  );
}

/** This person's moves: shown at once, sent, then placed where the server says (or put back when refused). */
export function useCardMove(setBoard: SetBoard) {
  const [movePending, setMovePending] = useState(false);
  const send = useCallback(
    async (card: PipelineCard, to: CandidateStatus, neighbours: Neighbours, rejection?: Rejection) => {
      if (card.status !== to) {
        // Two lists redraw several times as a card lands (the drop, the list's focus on the card that
        // arrived): the card leaves its column now and enters the new one in the next frame, so that the
        // two lists' redraws are two tasks, neither long enough to hold up the page.
        setBoard((b) => (b ? takeOut(b, card.uuid) : b));
        await nextFrame();
      }
      setBoard((b) => (b ? putIn(b, card, to, neighbours) : b));
      setMovePending(true);
      try {
        const answer = await moveCandidate(card.uuid, {
          status: to,
          ...neighbours,
          version: card.version,
          ...(rejection ? { rejection_reason: rejection.reason, rejection_details: rejection } : {}),
        });
        setBoard((b) => (b ? placeCard(b, answer) : b));
      } catch (error) {
        const conflict =
          error instanceof ApiError && error.status === 409
            ? (error.body as MoveConflictBody | undefined)
            : undefined;
        if (conflict?.current) {
          // Someone else moved it first: show it where it really is, and say who and when.
          setBoard((b) => (b ? placeCard(b, conflict.current) : b));
          toast.error(conflictMessage(conflict));
        } else {
          setBoard((b) => (b ? rollBack(b, card) : b));
          toast.error((error as Error).message || BOARD_MESSAGES.moveFailed);
        }
      } finally {
        setMovePending(false);
      }
    },
    [setBoard],
  );
  return { send, movePending };
}

/** "Show more" of one column: its next page, appended (held like any outside change during a drag). */
export function useShowMore(
  jobId: number,
  filters: PipelineFilters,
  boardRef: RefObject<BoardState | null>,
  outside: (change: Outside) => void,
) {
  const [loadingMore, setLoadingMore] = useState<ReadonlySet<CandidateStatus>>(new Set());
  const filtersKey = JSON.stringify(filters);
  const showMore = useCallback(
    async (status: CandidateStatus) => {
      const after = boardRef.current?.find((c) => c.status === status)?.next;
      if (!after) return;
      setLoadingMore((s) => new Set(s).add(status));
      try {
        const page = await fetchColumnPage(jobId, status, after, filters);
        outside((b) => appendPage(b, status, page));
      } catch (error) {
        toast.error((error as Error).message || BOARD_MESSAGES.moreFailed);
      } finally {
        setLoadingMore((s) => {
          const next = new Set(s);
          next.delete(status);
          return next;
        });
      }
    },
    // `filtersKey` stands for the filters object, new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [jobId, filtersKey, outside],
  );
  return { loadingMore, showMore };
}
