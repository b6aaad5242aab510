import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  CLIENT_DECISION_BADGES,
  CLIENT_DECISION_LABELS,
  CLIENT_DECISIONS,
  CLIENT_FEEDBACK_LIMITS,
  NOT_A_FIT_REASONS,
  REVIEW_MESSAGES,
  type ClientDecision,
  type ClientDecisionView,
  type NotAFitReason,
  type ReviewCandidate,
  type ReviewDecisionBody,
} from '@portal/contracts';
import { Button, ErrorBanner, SelectField, TextAreaField } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { loadChecks, postDecision } from './api.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';
import type { ReviewPageState } from './useReviewPage.ts';

interface Draft {
  decision: ClientDecision | '';
  reason: NotAFitReason | '';
  comment: string;
  rating: number | null;
}
type DraftErrors = Partial<Record<'decision' | 'reason' | 'comment' | 'rating', string>>;

const draftOf = (d: ClientDecisionView | null): Draft => ({
  decision: d?.decision ?? '',
  reason: (NOT_A_FIT_REASONS as readonly string[]).includes(d?.reason ?? '')
    ? (d!.reason as NotAFitReason)
    : '',
  comment: d?.comment ?? '',
  rating: d?.rating ?? null,
});

/** The body the route takes: a reason only for "not a fit", a comment and rating only when given. */
function bodyOf(draft: Draft): Partial<ReviewDecisionBody> {
  const comment = draft.comment.trim();
  return {
    ...(draft.decision ? { decision: draft.decision } : {}),
    ...(draft.decision === 'not_a_fit' && draft.reason ? { reason: draft.reason } : {}),
    ...(comment ? { comment } : {}),
    ...(draft.rating ? { rating: draft.rating } : {}),
  };
}

const TONES: Record<ClientDecision, string> = {
  interested: 'green',
  on_hold: 'amber',
  not_a_fit: 'red',
};

/** "Not a fit (Salary Expectations) · 2/5": a decision in one line. */
export function decisionLine(d: ClientDecisionView) {
  const reason = d.decision === 'not_a_fit' && d.reason ? ` (${d.reason})` : '';
  const rating = d.rating ? ` · ${M.ratingShort(d.rating)}` : '';
  return `${CLIENT_DECISION_BADGES[d.decision]}${reason}${rating}`;
}

const REASONS = NOT_A_FIT_REASONS.map((r) => ({ value: r, label: r }));
const RATINGS = Array.from(
  { length: CLIENT_FEEDBACK_LIMITS.ratingMax - CLIENT_FEEDBACK_LIMITS.ratingMin + 1 },
  (_, i) => CLIENT_FEEDBACK_LIMITS.ratingMin + i,
);

/** 1–5 as native radio buttons (a group a keyboard and a screen reader know), with "none" to take it back. */
function RatingField({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const name = useId();
  const hintId = `${name}-hint`;
  const options: [number | null, string, string][] = [
    [null, M.noRating, M.noRatingLabel],
    ...RATINGS.map((n): [number, string, string] => [n, String(n), M.ratingOption(n)]),
  ];
  return (
    <fieldset className="review-rating" aria-describedby={hintId}>
      <legend className="field-label">{M.rating}</legend>
      <p id={hintId} className="field-hint">
        {M.ratingHint}
      </p>
      <div className="review-rating-options">
        {options.map(([n, shown, label]) => (
          <label key={shown} className={`review-rating-option${n === null ? ' review-rating-none' : ''}`}>
            <input
              type="radio"
              name={name}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={label}
            />
            <span aria-hidden>{shown}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The three choices, as large native radio buttons (a thumb's width on a phone). */
function DecisionChoices({
  name,
  value,
  error,
  onChange,
}: {
  name: string;
  value: Draft['decision'];
  error: string | undefined;
  onChange: (d: ClientDecision) => void;
}) {
  const errorId = useId();
  return (
    <fieldset
      className="review-choices"
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? true : undefined}
    >
      {/* The heading above says it on screen; the legend names the group for a screen reader. */}
      <legend className="sr-only">{M.decisionLegend(name)}</legend>
      {CLIENT_DECISIONS.map((d) => (
        <label key={d} className={`review-choice review-choice-${TONES[d]}`}>
          <input
            type="radio"
            name={`${errorId}-decision`}
            value={d}
            checked={value === d}
            onChange={() => onChange(d)}
          />
          <span>{CLIENT_DECISION_LABELS[d]}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The reader's decision on one candidate: the form until they decide, then what they decided (and when),
 * which they may change. Saved only when the server says so; a refusal keeps what they chose and says why.
 */
export function ReviewDecision({
  token,
  candidate,
  state,
}: {
  token: string;
  candidate: ReviewCandidate;
  state: ReviewPageState;
}) {
  const saved = candidate.decision;
  const [editing, setEditing] = useState(!saved);
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [notice, setNotice] = useState('');
  const formId = useId();

  const save = useMutation({
    mutationFn: (body: ReviewDecisionBody) => postDecision(token, candidate.uuid, body),
    onSuccess: ({ message, ...decision }) => {
      state.applyDecision(candidate.uuid, decision);
      setEditing(false);
      setNotice(message);
    },
    onError: (error) => {
      const message = state.writeFailed(error, candidate);
      if (message) setFailure({ message, retry: !(error instanceof ApiError) || error.status === 0 });
    },
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit() {
    const body = bodyOf(draft);
    setFailure(null);
    setNotice('');
    let found: DraftErrors;
    try {
      found = (await loadChecks()).checkDecision(body);
    } catch {
      // The checks could not be fetched: the connection dropped, as a save would find it.
      return setFailure({ message: REVIEW_MESSAGES.decisionNotSaved, retry: true });
    }
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body as ReviewDecisionBody);
  }

  if (!editing && saved) {
    return (
      <div className="review-decision">
        <h4 className="review-subtitle">{M.yourDecision}</h4>
        <div className={`review-decided review-decided-${TONES[saved.decision]}`}>
          <strong>{decisionLine(saved)}</strong>
          <span className="muted review-decided-at">
            {M.decidedAt} <time dateTime={saved.at}>{formatDateTime(saved.at) ?? saved.at}</time>
          </span>
          {saved.comment && <p className="prewrap">{saved.comment}</p>}
        </div>
        <p className="sr-only" role="status">
          {notice}
        </p>
        <div>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => {
              setDraft(draftOf(saved));
              setNotice('');
              setEditing(true);
            }}
          >
            {M.changeDecision}
            <span className="sr-only"> on {candidate.name}</span>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      id={formId}
      className="review-decision review-decision-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!save.isPending) void submit();
      }}
    >
      <h4 className="review-subtitle">{M.yourDecision}</h4>
      <DecisionChoices
        name={candidate.name}
        value={draft.decision}
        error={errors.decision}
        onChange={(d) => set('decision', d)}
      />
      {draft.decision === 'not_a_fit' && (
        <SelectField
          label={M.reason}
          isRequired
          value={draft.reason}
          placeholder={M.reasonPlaceholder}
          options={REASONS}
          onChange={(v) => set('reason', v)}
          errorMessage={errors.reason}
        />
      )}
      <RatingField value={draft.rating} onChange={(v) => set('rating', v)} />
      <TextAreaField
        label={M.decisionComment}
        rows={3}
        value={draft.comment}
        onChange={(v) => set('comment', v)}
        errorMessage={errors.comment}
      />
      <ErrorBanner message={failure?.message}>
        {failure?.retry && (
          <Button variant="secondary" size="sm" type="submit" isDisabled={save.isPending}>
            {M.retry}
          </Button>
        )}
      </ErrorBanner>
      <div className="review-form-actions">
        <Button type="submit" isDisabled={save.isPending}>
          {save.isPending ? M.saving : M.saveDecision}
          <span className="sr-only"> on {candidate.name}</span>
        </Button>
        {saved && (
          <Button
            variant="ghost"
            isDisabled={save.isPending}
            onPress={() => {
              setErrors({});
              setFailure(null);
              setEditing(false);
            }}
          >
            {M.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
