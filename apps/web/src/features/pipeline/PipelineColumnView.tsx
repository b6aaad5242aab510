import { memo } from 'react';
import {
  DropIndicator,
  GridList,
  isTextDropItem,
  ListLayout,
  useDragAndDrop,
  Virtualizer,
  type Key,
} from 'react-aria-components';
import type { CandidateStatus, PipelineColumn } from '@portal/contracts';
import { Button, StatusBadge } from '@portal/ui';
import { statusName, type DropTarget } from './board.ts';
import { PipelineCardItem, type CardContext } from './PipelineCardItem.tsx';

/** The drag type of a card: its uuid. Other drags (files, text) are not accepted. */
const CARD_TYPE = 'application/x-pipeline-card';

/** Cards are about this tall (a long name wraps: the layout measures them as they are drawn). */
const LAYOUT = { estimatedRowSize: 118, gap: 8, padding: 4, dropIndicatorThickness: 2 };

/** What a column asks of the board; stable functions, so that one column's change redraws that column only. */
export interface ColumnActions {
  onDrop: (to: CandidateStatus, uuid: string, target: DropTarget) => void;
  onDragStart: (uuid: string) => void;
  onDragEnd: (uuid: string) => void;
  onOpen: (uuid: string) => void;
  onShowMore: (status: CandidateStatus) => void;
}

/**
 * One status as a list of cards that takes drops from the others (react-aria's drag and drop: mouse,
 * touch and keyboard alike, with announcements): a drop between cards names them as the new neighbours,
 * a drop on the column (empty or below its cards) puts the card last.
 */
export const PipelineColumnView = memo(function PipelineColumnView({
  column,
  actions,
  context,
  now,
  loadingMore,
  drawn = true,
}: {
  column: PipelineColumn;
  actions: ColumnActions;
  context: CardContext;
  now: number;
  loadingMore: boolean;
  /** False while the board is still drawing its columns one by one: the head only, no cards yet. */
  drawn?: boolean;
}) {
  const { status } = column;
  const label = statusName(status);
  const uuidOf = async (
    items: Parameters<NonNullable<Parameters<typeof useDragAndDrop>[0]['onRootDrop']>>[0]['items'],
  ) => {
    const item = items.find(isTextDropItem);
    return item ? item.getText(CARD_TYPE) : null;
  };
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => {
        const card = column.cards.find((c) => c.uuid === key);
        return { [CARD_TYPE]: String(key), 'text/plain': card?.name ?? String(key) };
      }),
    acceptedDragTypes: [CARD_TYPE],
    getDropOperation: () => 'move',
    onDragStart: (e) => {
      const [key] = [...e.keys];
      if (key !== undefined) actions.onDragStart(String(key));
    },
    onDragEnd: (e) => {
      const [key] = [...e.keys];
      if (key !== undefined) actions.onDragEnd(String(key));
    },
    onReorder: (e) => {
      const [key] = [...e.keys];
      if (key !== undefined) actions.onDrop(status, String(key), dropTarget(e.target));
    },
    onInsert: async (e) => {
      const uuid = await uuidOf(e.items);
      if (uuid) actions.onDrop(status, uuid, dropTarget(e.target));
    },
    onRootDrop: async (e) => {
      const uuid = await uuidOf(e.items);
      if (uuid) actions.onDrop(status, uuid, {});
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className="pipeline-drop-indicator" />,
  });

  const headingId = `pipeline-col-${status}`;
  return (
    <section
      className="pipeline-column"
      aria-labelledby={headingId}
      data-status={status}
      // An empty column is drawn as a slim strip on a wide screen, so that seven columns fit a laptop's;
      // it stays a place to drop on.
      data-empty={column.total === 0 && column.cards.length === 0 ? 'true' : undefined}
    >
      <header className="pipeline-column-head">
        {/* The job's name is the page's h1 and the tabs hold no heading: a column is the next level. */}
        <h2 id={headingId} className="pipeline-column-title">
          <StatusBadge status={status} label={label} />
        </h2>
        <span className="pipeline-column-total" aria-label={`${column.total} candidates`}>
          {column.total}
        </span>
      </header>
      <div
        className="pipeline-column-body"
        // A card the reader may not change cannot be picked up by mouse or touch either (no drag handle for
        // the keyboard): its native drag is stopped before the list starts one.
        onDragStartCapture={(e) => {
          const row = (e.target as HTMLElement).closest?.('[data-readonly]');
          if (row) {
            e.preventDefault();
            e.stopPropagation();
          }
        }}
      >
        {/* Only the cards in view are drawn: a drag redraws a column's items, and 50 (or 200) of them each
            with their drop targets would make every step of a keyboard drag slow. */}
        {drawn ? (
          <Virtualizer layout={ListLayout} layoutOptions={LAYOUT}>
            <GridList
              aria-label={`${label} candidates`}
              items={column.cards}
              dragAndDropHooks={dragAndDropHooks}
              onAction={(key: Key) => actions.onOpen(String(key))}
              className="pipeline-list"
              renderEmptyState={() => <p className="pipeline-empty muted">No candidates</p>}
            >
              {(card) => <PipelineCardItem card={card} context={context} now={now} />}
            </GridList>
          </Virtualizer>
        ) : null}
        {drawn && column.next !== null ? (
          <Button
            variant="secondary"
            size="sm"
            isDisabled={loadingMore}
            onPress={() => actions.onShowMore(status)}
          >
            {loadingMore ? 'Loading...' : 'Show more'}
          </Button>
        ) : null}
      </div>
    </section>
  );
});

function dropTarget(
  target: { type: 'item'; key: Key; dropPosition: 'before' | 'after' | 'on' } | { type: 'root' },
): DropTarget {
  return target.type === 'item' ? { key: String(target.key), dropPosition: target.dropPosition } : {};
}
