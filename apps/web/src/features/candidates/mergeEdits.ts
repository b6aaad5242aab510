import type { CandidateFormValues } from './candidateForm.ts';

/**
 * The form's values by the API's field names (a location is its state and district): what a teammate's
 * change names, mapped to what the form holds.
 */
export const FORM_FIELDS: Readonly<Record<string, readonly (keyof CandidateFormValues)[]>> = {
  name: ['name'],
  email: ['email'],
  phone: ['phone'],
  experience: ['experience'],
  current_company: ['current_company'],
  current_ctc: ['current_ctc'],
  expected_ctc: ['expected_ctc'],
  notice_period: ['notice_period'],
  current_location: ['currentState', 'currentDistrict'],
  preferred_location: ['preferredState', 'preferredDistrict'],
  job_id: ['job_id'],
  job_answers: ['job_answers'],
  source: ['source'],
  referred_by: ['referred_by'],
  notes: ['notes'],
};

/** One field's values (its parts) as compared: text trimmed, answers in any order. */
function valueOf(values: CandidateFormValues, field: string): string {
  return JSON.stringify(
    (FORM_FIELDS[field] ?? []).map((key) => {
      const v = values[key];
      if (typeof v === 'string') return v.trim();
      return Object.entries(v)
        .map(([q, a]) => [q, a.trim()])
        .filter(([, a]) => a)
        .sort();
    }),
  );
}

const differ = (a: CandidateFormValues, b: CandidateFormValues, field: string) =>
  valueOf(a, field) !== valueOf(b, field);

/** The parts of one field, from `from`, written over `into`. */
export function withField(
  into: CandidateFormValues,
  from: CandidateFormValues,
  field: string,
): CandidateFormValues {
  const next = { ...into };
  for (const key of FORM_FIELDS[field] ?? []) (next as Record<string, unknown>)[key] = from[key];
  return next;
}

export interface MergedEdits {
  /** The form after merging: mine where only I changed a field, theirs where only they did. */
  values: CandidateFormValues;
  /** Fields only they changed, now showing their value. */
  taken: string[];
  /** Fields we both changed, to different values: the form keeps mine until the person chooses. */
  both: string[];
}

/**
 * A per-field merge of a refused save: `loaded` is the version the form was opened from, `mine` what was
 * typed since, `theirs` the candidate as it is now. Nothing typed is lost: a field nobody else changed keeps
 * what was typed, a field only they changed takes their value, and a field both changed (differently) is
 * left for the person to decide.
 */
export function mergeEdits(
  loaded: CandidateFormValues,
  mine: CandidateFormValues,
  theirs: CandidateFormValues,
): MergedEdits {
  let values = mine;
  const taken: string[] = [];
  const both: string[] = [];
  for (const field of Object.keys(FORM_FIELDS)) {
    if (!differ(loaded, theirs, field)) continue;
    if (!differ(loaded, mine, field)) {
      values = withField(values, theirs, field);
      taken.push(field);
    } else if (differ(mine, theirs, field)) both.push(field);
  }
  return { values, taken, both };
}
