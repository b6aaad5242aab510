/**
 * The review page's form checks: the contracts' schemas (the ones the server's routes check), in the
 * server's words. Loaded apart from the page (`loadChecks`), since the schemas and their validator weigh
 * more than the rest of the page's own code: the page fetches them once it shows, before anyone submits.
 */
import { REVIEW_MESSAGES, ReviewCommentBody, ReviewDecisionBody } from '@portal/contracts';
import { checkForm } from '../../lib/checkForm.ts';

type DecisionField = 'decision' | 'reason' | 'comment' | 'rating';

/** A decision's body as the form built it: a decision is chosen; "not a fit" has its reason. */
export function checkDecision(body: Partial<ReviewDecisionBody>) {
  return checkForm<DecisionField>(ReviewDecisionBody, body, {
    required: { decision: REVIEW_MESSAGES.decisionRequired },
    rules: {
      reason: body.decision === 'not_a_fit' && !body.reason ? REVIEW_MESSAGES.reasonRequired : null,
    },
  });
}

/** A comment: something written (not only spaces), within the length. */
export const checkComment = (body: { text: string }) => checkForm<'text'>(ReviewCommentBody, body);
