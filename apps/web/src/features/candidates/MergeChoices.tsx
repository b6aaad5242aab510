import { CANDIDATE_FIELD_LABELS, CANDIDATE_MESSAGES as M } from '@portal/contracts';

/** A field both people changed: the two values as a person reads them, and which one is chosen. */
export interface FieldChoice {
  field: string;
  mine: string;
  theirs: string;
  /** Who made their value ("Arjun Mehta"), or null when the change did not say. */
  by: string | null;
  chosen?: 'mine' | 'theirs';
}

/** The explanation's element, which the Save button names as its description. */
export const MERGE_MESSAGE_ID = 'candidate-merge-message';

/**
 * Beside the Save button after a refused save: what happened, in the person's view, and for each field
 * both people changed the two values to choose from. The choice writes the value into the form.
 */
export function MergeChoices({
  message,
  choices,
  onChoose,
  unanswered,
  labels = { mine: M.keepMine, theirs: M.useTheirs },
}: {
  message: string;
  choices: FieldChoice[];
  onChoose: (field: string, chosen: 'mine' | 'theirs') => void;
  /** Said when Save was pressed before every field was decided. */
  unanswered?: string | undefined;
  /** What the two options are called (a merge of two people names them: "Keep Ann's"). */
  labels?: { mine: string; theirs: string };
}) {
  return (
    <div className="merge-panel">
      <p className="merge-message" id={MERGE_MESSAGE_ID}>
        {message}
      </p>
      {choices.map((c) => {
        const label = CANDIDATE_FIELD_LABELS[c.field] ?? c.field;
        const name = `merge-${c.field}`;
        return (
          <fieldset key={c.field} className="merge-choice" data-field={c.field}>
            <legend>{label}</legend>
            <label className="merge-option">
              <input
                type="radio"
                name={name}
                checked={c.chosen === 'mine'}
                onChange={() => onChoose(c.field, 'mine')}
              />
              <span>
                <span className="merge-option-title">{labels.mine}</span>
                <span className="merge-value">{c.mine}</span>
              </span>
            </label>
            <label className="merge-option">
              <input
                type="radio"
                name={name}
                checked={c.chosen === 'theirs'}
                onChange={() => onChoose(c.field, 'theirs')}
              />
              <span>
                <span className="merge-option-title">
                  {labels.theirs}
                  {c.by ? ` (${c.by})` : ''}
                </span>
                <span className="merge-value">{c.theirs}</span>
              </span>
            </label>
          </fieldset>
        );
      })}
      {unanswered ? <p className="field-error">{unanswered}</p> : null}
    </div>
  );
}
