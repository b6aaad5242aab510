import { memo } from 'react';
import { Button, GridListItem } from 'react-aria-components';
import {
  CANDIDATE_STATUSES,
  PIPELINE_MESSAGES,
  type CandidateStatus,
  type PipelineCard,
} from '@portal/contracts';
import { Avatar, DropdownMenu, type Rejection } from '@portal/ui';
import { formatCtc, formatYears } from '../candidates/format.ts';
import { ClientFeedbackBadge } from '../client-feedback/ClientFeedbackBadge.tsx';
import { SuggestedMoveButton } from '../client-feedback/SuggestedMoveButton.tsx';
import { offeredMove } from '../client-feedback/suggestedMove.ts';
import { daysInStage, statusName } from './board.ts';
import { useLookers, useMovedLive, type FocusSender, type LookerStore, type MovedStore } from './focus.ts';

export interface CardContext {
  lookers: LookerStore;
  focus: FocusSender;
  /** Cards a teammate just moved: their arrival is shown. */
  moved: MovedStore;
  myId: number | undefined;
  /** Moves a card to the end of another column, as a drop there would (`initial`: the rejection's pre-fill). */
  move: (uuid: string, to: CandidateStatus, initial?: Partial<Rejection>) => void;
}

/** Whether the reader may pick the card up: their permission, and a rejected candidate changes no more. */
export const canDrag = (card: PipelineCard) => card.canEdit && card.status !== 'rejected';

/** The teammates looking at (or dragging) the card, as avatars; read per card, so a hover redraws one card. */
function Lookers({ context, uuid }: { context: CardContext; uuid: string }) {
  const lookers = useLookers(context.lookers, uuid, context.myId);
  if (lookers.length === 0) return null;
  const dragging = lookers.find((l) => l.dragging);
  const said = dragging
    ? `${dragging.name} is moving this card`
    : `Also looking: ${lookers.map((l) => l.name).join(', ')}`;
  return (
    <span className={`pipeline-lookers${dragging ? ' is-dragging' : ''}`} title={said}>
      <span className="sr-only">{said}</span>
      {lookers.map((l) => (
        <span key={l.userId} aria-hidden data-looker={l.name}>
          <Avatar name={l.name} photo={null} />
        </span>
      ))}
    </span>
  );
}

/**
 * The client's answer on the card: the decision's badge, the comments' count, and the move the decision
 * suggests when the card is not there yet (one click; the rejection opens its dialog with the reason).
 */
function ClientAnswer({ card, context }: { card: PipelineCard; context: CardContext }) {
  const feedback = card.client_feedback;
  if (!feedback || (!feedback.decision && feedback.comments === 0)) return null;
  const offer = card.canEdit ? offeredMove(feedback, card.status) : null;
  return (
    <div className="pipeline-card-client">
      <ClientFeedbackBadge feedback={feedback} />
      {offer ? (
        <SuggestedMoveButton
          offer={offer}
          name={card.name}
          onPress={() => context.move(card.uuid, offer.to, offer.initial)}
        />
      ) : null}
    </div>
  );
}

/** What a card shows; memoised apart from the list item, which the list redraws whenever a drag moves. */
const CardBody = memo(function CardBody({
  card,
  context,
  now,
  isDragging,
}: {
  card: PipelineCard;
  context: CardContext;
  now: number;
  isDragging: boolean;
}) {
  const days = daysInStage(card.stage_entered_at, now);
  const { focus } = context;
  const movedLive = useMovedLive(context.moved, card.uuid);
  return (
    <div
      className={`pipeline-card-body${isDragging ? ' is-dragging' : ''}${movedLive ? ' is-moved-live' : ''}`}
      onFocus={() => focus.focus(card.uuid)}
      onBlur={() => focus.blur(card.uuid)}
    >
      <div className="pipeline-card-head">
        <strong className="pipeline-card-name">{card.name}</strong>
        {canDrag(card) ? (
          <span className="pipeline-card-actions">
            <Button slot="drag" className="pipeline-drag" aria-label={`Move ${card.name}`}>
              <span aria-hidden>⠿</span>
            </Button>
            {/* The same move without a drag: one screen-wide column on a phone leaves nowhere to drag to. */}
            <DropdownMenu
              trigger={<span aria-hidden>⋯</span>}
              label={PIPELINE_MESSAGES.moveMenu(card.name)}
              header={PIPELINE_MESSAGES.moveMenuHeader}
              items={CANDIDATE_STATUSES.filter((s) => s !== card.status).map((to) => ({
                id: to,
                label: statusName(to),
                onAction: () => context.move(card.uuid, to),
              }))}
            />
          </span>
        ) : null}
      </div>
      <p className="pipeline-card-line muted">
        {formatYears(card.experience)}
        {card.current_company ? ` · ${card.current_company}` : ''}
      </p>
      <p className="pipeline-card-line">
        <span>Expected {formatCtc(card.expected_ctc)}</span>
        <span className="pipeline-card-source">{card.source}</span>
      </p>
      <ClientAnswer card={card} context={context} />
      <div className="pipeline-card-foot">
        <span className="muted">{`${days} d in stage`}</span>
        <Lookers context={context} uuid={card.uuid} />
      </div>
    </div>
  );
});

/**
 * One card: name, experience, current company, expected CTC, source, the client's answer, days in the
 * stage and who else looks at it. Memoised: the board redraws only cards whose object changed (a move, an edit), not all of them.
 */
export const PipelineCardItem = memo(function PipelineCardItem({
  card,
  context,
  now,
}: {
  card: PipelineCard;
  context: CardContext;
  now: number;
}) {
  const { focus } = context;
  return (
    <GridListItem
      id={card.uuid}
      textValue={card.name}
      className="pipeline-card"
      data-readonly={canDrag(card) ? undefined : 'true'}
      onHoverStart={() => focus.focus(card.uuid)}
      onHoverEnd={() => focus.blur(card.uuid)}
    >
      {({ isDragging }) => (
        <CardBody card={card} context={context} now={now} isDragging={isDragging === true} />
      )}
    </GridListItem>
  );
});
