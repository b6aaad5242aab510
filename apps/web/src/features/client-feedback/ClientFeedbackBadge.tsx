import {
  CLIENT_DECISION_BADGES,
  FEEDBACK_MESSAGES as F,
  type ClientDecision,
  type ClientFeedbackSummary,
} from '@portal/contracts';
import { StatusBadge, type BadgeTone } from '@portal/ui';
import { formatDateTime } from '../../lib/format.ts';
import './client-feedback.css';

/** One colour per decision (the badges' tones keep their contrast in both themes); the word says it too. */
const TONES: Record<ClientDecision, BadgeTone> = { interested: 'green', on_hold: 'amber', not_a_fit: 'red' };

/** The client's decision as a badge ("Interested", "On hold", "Not a fit"). */
export function ClientDecisionBadge({ decision }: { decision: ClientDecision }) {
  return (
    <span className="client-decision" data-decision={decision}>
      <span className="sr-only">{F.decisionPrefix} </span>
      <StatusBadge status={decision} tone={TONES[decision]} label={CLIENT_DECISION_BADGES[decision]} />
    </span>
  );
}

function SpeechBubble() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}

/**
 * What the client answered last, as the board card and the lists show it: the decision's badge and the
 * count of comments (a speech bubble and a number; a screen reader hears "2 client comments"). Nothing until
 * a client answers.
 */
export function ClientFeedbackBadge({ feedback }: { feedback: ClientFeedbackSummary | null | undefined }) {
  if (!feedback || (!feedback.decision && feedback.comments === 0)) return null;
  return (
    <span
      className="client-feedback-badge"
      title={F.decisionBy(feedback.by, formatDateTime(feedback.at) ?? feedback.at)}
    >
      {feedback.decision ? <ClientDecisionBadge decision={feedback.decision} /> : null}
      {feedback.comments > 0 ? (
        <span className="client-feedback-comments">
          <SpeechBubble />
          <span aria-hidden>{feedback.comments}</span>
          <span className="sr-only">{F.comments(feedback.comments)}</span>
        </span>
      ) : null}
    </span>
  );
}
