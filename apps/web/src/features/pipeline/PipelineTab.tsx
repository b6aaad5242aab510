import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  PIPELINE_MESSAGES,
  type CandidateStatus,
  type Job,
  type PipelineColumn,
  type PipelineFilters,
} from '@portal/contracts';
import { FiltersButton, RejectionDialog, SearchField, SelectField, toast } from '@portal/ui';
import { useLiveEvent } from '../../lib/live.ts';
import { useSessionUser } from '../../lib/session.ts';
import { useDebounced } from '../../lib/useDebounced.ts';
import { EMPLOYEE_CANDIDATES, jobCandidatePath } from '../candidates/areas.ts';
import { BOARD_MESSAGES } from './api.ts';
import { createAutoScroller } from './autoScroll.ts';
import { findCard, statusName } from './board.ts';
import {
  applyBlur,
  applyFocus,
  createFocusSender,
  createLookerStore,
  createMovedStore,
  keepViewers,
} from './focus.ts';
import type { CardContext } from './PipelineCardItem.tsx';
import { PipelineColumnView, type ColumnActions } from './PipelineColumnView.tsx';
import { PipelineFilterPanel } from './PipelineFilterPanel.tsx';
import { activeBoardFilters } from './search.ts';
import { usePipelineBoard } from './usePipelineBoard.ts';

/** How often "N d in stage" is brought up to date while the board stays open. */
const CLOCK_MS = 60_000;

/**
 * How many of the board's columns have their cards drawn: none when the board first shows (the columns'
 * heads only), then one more each frame. Seven lists of cards drawn at once held the page for 150–200 ms;
 * one at a time, each is a short task.
 */
function useColumnsDrawn(columns: number) {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (columns === 0 || drawn >= columns) return;
    const frame = requestAnimationFrame(() => setDrawn((n) => n + 1));
    return () => cancelAnimationFrame(frame);
  }, [drawn, columns]);
  return drawn;
}

/** The status of the column whose left side is nearest the board's: the one a phone shows. */
function columnInView(board: HTMLElement): CandidateStatus | null {
  const left = board.getBoundingClientRect().left;
  let best: { status: string; distance: number } | null = null;
  for (const column of board.querySelectorAll<HTMLElement>('.pipeline-column')) {
    const distance = Math.abs(column.getBoundingClientRect().left - left);
    if (!best || distance < best.distance) best = { status: column.dataset.status ?? '', distance };
  }
  return (best?.status as CandidateStatus | undefined) ?? null;
}

/**
 * On a phone the board shows one column a screen: this picker names every stage with its total, says
 * which one is in view (also after a swipe), and brings the chosen one into view. Hidden on wider screens,
 * where all the columns show.
 */
function StagePicker({
  board,
  boardRef,
}: {
  board: readonly PipelineColumn[];
  boardRef: RefObject<HTMLDivElement | null>;
}) {
  const [stage, setStage] = useState<CandidateStatus>(board[0]?.status ?? 'applied');
  useEffect(() => {
    const el = boardRef.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const shown = columnInView(el);
        if (shown) setStage(shown);
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [boardRef]);
  const show = (status: CandidateStatus) => {
    setStage(status);
    const el = boardRef.current;
    const column = el?.querySelector<HTMLElement>(`.pipeline-column[data-status="${status}"]`);
    if (!el || !column) return;
    el.scrollTo({
      left: el.scrollLeft + column.getBoundingClientRect().left - el.getBoundingClientRect().left,
    });
  };
  return (
    <div className="pipeline-stage-picker">
      <SelectField
        label={PIPELINE_MESSAGES.stagePicker}
        value={stage}
        options={board.map((c) => ({
          value: c.status,
          label: PIPELINE_MESSAGES.stageOption(statusName(c.status), c.total),
        }))}
        onChange={show}
      />
    </div>
  );
}

/**
 * Who looks at which card (kept apart from the board, read per card), the sender of this person's focus,
 * and the cards a teammate just moved.
 */
function useCardWatchers(jobId: number, myId: number | undefined) {
  const lookers = useMemo(createLookerStore, []);
  const focus = useMemo(() => createFocusSender(jobId), [jobId]);
  useLiveEvent('card:focus', (e) => e.jobId === jobId && lookers.set(applyFocus(lookers.get(), e)));
  useLiveEvent('card:blur', (e) => e.jobId === jobId && lookers.set(applyBlur(lookers.get(), e)));
  useLiveEvent(
    'presence',
    (p) =>
      p.jobId === jobId && lookers.set(keepViewers(lookers.get(), new Set(p.viewers.map((v) => v.userId)))),
  );
  const moved = useMemo(createMovedStore, []);
  useLiveEvent('candidate:moved', (e) => e.jobId === jobId && e.by.id !== myId && moved.mark(e.uuid));
  return { lookers, focus, moved };
}

/**
 * A job's Pipeline tab: the live board, one column per status, with the candidate list's search and
 * filters kept in the URL.
 */
export function PipelineTab({
  job,
  variant,
  filters,
  onFiltersChange,
}: {
  job: Job;
  variant: 'admin' | 'employee';
  filters: PipelineFilters;
  onFiltersChange: (next: PipelineFilters) => void;
}) {
  const me = useSessionUser();
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const search = useDebounced(searchText).trim();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const latestFilters = useRef(filters);
  latestFilters.current = filters;
  useEffect(() => {
    if ((latestFilters.current.search ?? '') !== search)
      onFiltersChange({ ...latestFilters.current, search: search || undefined });
    // Only the typed search writes the URL here; the panel writes the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const state = usePipelineBoard(job.id, filters);
  const { board } = state;
  const boardRef = useRef(board);
  boardRef.current = board;

  useEffect(() => {
    if (state.query.isError) toast.error(state.query.error.message || BOARD_MESSAGES.loadFailed);
  }, [state.query.isError, state.query.error]);

  const { lookers, focus, moved } = useCardWatchers(job.id, me?.id);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(t);
  }, []);

  const boardEl = useRef<HTMLDivElement>(null);
  const autoScroll = useMemo(() => createAutoScroller(() => boardEl.current), []);
  useEffect(() => autoScroll.stop, [autoScroll]);

  const { drop, dragStart, dragEnd, showMore } = state;
  const actions: ColumnActions = useMemo(
    () => ({
      onDrop: drop,
      onDragStart: (uuid) => {
        focus.focus(uuid, true);
        dragStart(uuid);
        autoScroll.start();
      },
      onDragEnd: (uuid) => {
        autoScroll.stop();
        focus.blur(uuid, { endDrag: true });
        dragEnd();
      },
      onOpen: (uuid) => {
        const card = boardRef.current && findCard(boardRef.current, uuid);
        if (!card) return;
        const to =
          variant === 'admin' ? jobCandidatePath(job.id, card) : EMPLOYEE_CANDIDATES.detailsPath(card);
        void navigate({ to });
      },
      onShowMore: (status) => void showMore(status),
    }),
    [drop, dragStart, dragEnd, showMore, focus, autoScroll, variant, job.id, navigate],
  );

  // A card's "Move to…" menu (and the move a client's answer suggests) moves it as a drop at the end of the
  // chosen column would: the same move, the same rejection dialog for Rejected (pre-filled with the
  // client's reason), the same handling of a teammate's move in between.
  const context: CardContext = useMemo(
    () => ({
      lookers,
      focus,
      moved,
      myId: me?.id,
      move: (uuid, to, initial) => drop(to, uuid, {}, initial),
    }),
    [lookers, focus, moved, me?.id, drop],
  );

  const columnsDrawn = useColumnsDrawn(board?.length ?? 0);
  const filterCount = activeBoardFilters(filters);
  return (
    <div className="tab-body pipeline">
      <div className="toolbar">
        <SearchField
          label="Search candidates"
          placeholder="Search by name, email, phone, source or created by..."
          value={searchText}
          onChange={setSearchText}
        />
        <FiltersButton count={filterCount} onPress={() => setFiltersOpen(true)} />
      </div>
      <p className="sr-only" role="note">
        To move a candidate with the keyboard, go to the card&apos;s move button and press Enter, choose the
        place with the arrow keys or Tab, and press Enter to drop or Escape to cancel.
      </p>
      {board === null ? (
        <p className="muted">{state.query.isError ? BOARD_MESSAGES.loadFailed : 'Loading pipeline...'}</p>
      ) : (
        <>
          <StagePicker board={board} boardRef={boardEl} />
          <div
            ref={boardEl}
            className="pipeline-board"
            aria-busy={state.query.isFetching || state.movePending}
          >
            {board.map((column, i) => (
              <PipelineColumnView
                key={column.status}
                column={column}
                actions={actions}
                context={context}
                now={now}
                loadingMore={state.loadingMore.has(column.status)}
                drawn={i < columnsDrawn}
              />
            ))}
          </div>
        </>
      )}
      <PipelineFilterPanel
        isOpen={filtersOpen}
        applied={filters}
        onCancel={() => setFiltersOpen(false)}
        onApply={(next) => {
          setFiltersOpen(false);
          onFiltersChange({ ...next, search: filters.search });
        }}
      />
      <RejectionDialog
        isOpen={state.rejecting !== null}
        candidateName={state.rejecting?.card.name ?? ''}
        initial={state.rejecting?.initial}
        onCancel={state.cancelRejection}
        onConfirm={state.confirmRejection}
      />
    </div>
  );
}
