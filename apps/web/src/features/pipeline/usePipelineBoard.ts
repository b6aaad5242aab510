import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PIPELINE_PAGE,
  type CandidateMovedEvent,
  type CandidateStatus,
  type MoveConflictBody,
  type PipelineCard,
  type PipelineFilters,
} from '@portal/contracts';
import type { Rejection } from '@portal/ui';
import { toast } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { markFresh, useLiveEvent, useLiveRoom } from '../../lib/live.ts';
import { fetchBoard, fetchColumnPage, moveCandidate, pipelineKeys, BOARD_MESSAGES } from './api.ts';
import {
  appendPage,
  applyMoved,
  boardFromAnswer,
  conflictMessage,
  dropNeighbours,
  findCard,
  loadedCount,
  putIn,
  takeOut,
  placeCard,
  reconcileBoard,
  rollBack,
  type BoardState,
  type DropTarget,
  type Neighbours,
} from './board.ts';

/** Resolves before the next frame is drawn. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** A change that comes from elsewhere (a live message, a refetch), held while a card is being dragged. */
type Outside = (board: BoardState) => BoardState;

/** A drop on "rejected", waiting for the rejection dialog's confirm. */
export interface PendingRejection {
  card: PipelineCard;
  neighbours: Neighbours;
}

/**
 * The board of one job under filters: read from the server, kept live from the job's room, changed at once
 * by this person's moves (put back when refused). Nothing from elsewhere changes the board while a card
 * is being dragged here: it is held and applied when the drag ends, so the drop lands where it was aimed.
 */
export function usePipelineBoard(jobId: number, filters: PipelineFilters) {
  const queryClient = useQueryClient();
  const [board, setBoard] = useState<BoardState | null>(null);
  const boardRef = useRef<BoardState | null>(null);
  boardRef.current = board;
  const dragging = useRef<string | null>(null);
  const held = useRef<Outside[]>([]);
  /**
   * The board as it was when the drag began: what the person aimed at. The drop is read against it, not
   * against the board of the moment: the list ends the drag (and the held changes are applied) before its
   * drop handler has read the dragged card's uuid, and a teammate's move applied in between must not hand
   * the drop the newer version (that would silently undo the teammate's move instead of a 409).
   */
  const aimedAt = useRef<BoardState | null>(null);
  const [loadingMore, setLoadingMore] = useState<ReadonlySet<CandidateStatus>>(new Set());
  const [rejecting, setRejecting] = useState<PendingRejection | null>(null);
  const [movePending, setMovePending] = useState(false);

  const queryKey = pipelineKeys.board(jobId, filters);
  const query = useQuery({
    queryKey,
    // As many cards per column as are shown now, so a refetch does not take back what "Show more" added.
    queryFn: ({ signal }) =>
      fetchBoard(
        jobId,
        filters,
        Math.min(PIPELINE_PAGE.max, Math.max(PIPELINE_PAGE.default, loadedCount(boardRef.current ?? []))),
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  const outside = useCallback((change: Outside) => {
    if (dragging.current) held.current.push(change);
    else setBoard((b) => (b ? change(b) : b));
  }, []);

  // A read of the board (first, after a filter change, after a refetch) replaces it, keeping unchanged cards.
  const data = query.data;
  const filtersKey = JSON.stringify(filters);
  const shownFilters = useRef(filtersKey);
  useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    const fresh = boardFromAnswer(data);
    if (shownFilters.current !== filtersKey) {
      shownFilters.current = filtersKey;
      setBoard(fresh);
      return;
    }
    if (dragging.current) held.current.push((b) => reconcileBoard(b, fresh));
    else setBoard((b) => reconcileBoard(b, fresh));
  }, [data, query.isPlaceholderData, filtersKey]);

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: pipelineKeys.board(jobId, filters) }),
    // `filtersKey` stands for the filters object, new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, jobId, filtersKey],
  );

  // Live: the job's room. Moves are applied in the room's order; other changes of the job's candidates
  // (added, edited, deleted, status changed elsewhere) read the board again.
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
    [],
  );

  const drop = useCallback(
    (to: CandidateStatus, uuid: string, target: DropTarget) => {
      const b = aimedAt.current ?? boardRef.current;
      aimedAt.current = null;
      const card = b && findCard(b, uuid);
      const column = b?.find((c) => c.status === to);
      if (!card || !column || !card.canEdit || card.status === 'rejected') return;
      const neighbours = dropNeighbours(column.cards, uuid, target);
      if (card.status === to) {
        // Dropped where it already was: nothing to send.
        const same = dropNeighbours(column.cards, uuid, { key: uuid, dropPosition: 'on' });
        if (same.before === neighbours.before && same.after === neighbours.after) return;
      }
      if (to === 'rejected') setRejecting({ card, neighbours });
      else void send(card, to, neighbours);
    },
    [send],
  );

  const confirmRejection = useCallback(
    (rejection: Rejection) => {
      if (!rejecting) return;
      setRejecting(null);
      void send(rejecting.card, 'rejected', rejecting.neighbours, rejection);
    },
    [rejecting, send],
  );

  const dragStart = useCallback((uuid: string) => {
    dragging.current = uuid;
    aimedAt.current = boardRef.current;
  }, []);
  const dragEnd = useCallback(() => {
    dragging.current = null;
    const changes = held.current;
    held.current = [];
    if (changes.length > 0) setBoard((b) => (b ? changes.reduce((acc, change) => change(acc), b) : b));
  }, []);

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
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [jobId, filtersKey, outside],
  );

  return {
    board,
    query,
    loadingMore,
    rejecting,
    cancelRejection: () => setRejecting(null),
    confirmRejection,
    movePending,
    drop,
    dragStart,
    dragEnd,
    showMore,
  };
}
