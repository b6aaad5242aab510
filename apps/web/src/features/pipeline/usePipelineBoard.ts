import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PIPELINE_PAGE,
  type CandidateStatus,
  type PipelineCard,
  type PipelineFilters,
} from '@portal/contracts';
import type { Rejection } from '@portal/ui';
import { fetchBoard, pipelineKeys } from './api.ts';
import {
  boardFromAnswer,
  dropNeighbours,
  findCard,
  loadedCount,
  reconcileBoard,
  type BoardState,
  type DropTarget,
  type Neighbours,
} from './board.ts';
import { useCardMove, useLiveBoard, useShowMore, type Outside } from './boardHooks.ts';

/** A drop on "rejected", waiting for the rejection dialog's confirm. */
export interface PendingRejection {
  card: PipelineCard;
  neighbours: Neighbours;
  /** What the dialog opens with (the client's reason, when the move is the one their answer suggests). */
  initial?: Partial<Rejection>;
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
  const [rejecting, setRejecting] = useState<PendingRejection | null>(null);

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

  useLiveBoard(jobId, boardRef, outside, refetch);
  const { send, movePending } = useCardMove(setBoard);

  const drop = useCallback(
    (to: CandidateStatus, uuid: string, target: DropTarget, initial?: Partial<Rejection>) => {
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
      if (to === 'rejected') setRejecting({ card, neighbours, initial });
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

  const { loadingMore, showMore } = useShowMore(jobId, filters, boardRef, outside);

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
