import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import {
  CANDIDATE_FIELD_LABELS,
  CANDIDATE_MESSAGES as M,
  describeCandidateChanges,
  listInWords,
  type CandidateConflictBody,
  type CandidateDetails,
  type State,
} from '@portal/contracts';
import { ApiError } from '../../lib/api.ts';
import { formFromCandidate, joinLocation, type CandidateFormValues } from './candidateForm.ts';
import { mergeEdits, withField } from './mergeEdits.ts';
import type { FieldChoice } from './MergeChoices.tsx';

export interface JobOption {
  value: string;
  label: string;
}

/** After a save refused because a teammate saved first: what happened, and the fields to decide. */
interface Merge {
  message: string;
  choices: FieldChoice[];
  mine: CandidateFormValues;
  theirs: CandidateFormValues;
  unanswered: boolean;
}

/** A field's value as the person reads it, to choose between two. */
function shown(
  v: CandidateFormValues,
  field: string,
  states: readonly State[],
  jobOptions: readonly JobOption[],
): string {
  const text =
    field === 'current_location'
      ? joinLocation(states, v.currentState, v.currentDistrict)
      : field === 'preferred_location'
        ? joinLocation(states, v.preferredState, v.preferredDistrict)
        : field === 'job_id'
          ? (jobOptions.find((o) => o.value === v.job_id)?.label ?? v.job_id)
          : field === 'job_answers'
            ? Object.entries(v.job_answers)
                .map(([q, a]) => `${q} ${a}`)
                .join('\n')
            : String(v[field as keyof CandidateFormValues] ?? '');
  return text?.trim() ? text : M.emptyValue;
}

/**
 * The candidate form's answer to a save refused because someone saved the candidate first (409 with the
 * candidate as it is now): the form takes their values for the fields only they changed, keeps what was
 * typed in the others, and asks about the fields both changed; the next save is made from their version.
 */
export function useCandidateMerge({
  states,
  jobOptions,
  setValues,
}: {
  states: readonly State[] | undefined;
  jobOptions: readonly JobOption[];
  setValues: Dispatch<SetStateAction<CandidateFormValues>>;
}) {
  const [merge, setMerge] = useState<Merge | null>(null);
  /** The explanation of a refused save and the Update button: brought into view together. */
  const saveArea = useRef<HTMLDivElement>(null);
  // A refused save is explained where the person pressed Update: that place stays in view as it grows.
  const mergeShown = merge !== null;
  useEffect(() => {
    if (mergeShown) saveArea.current?.scrollIntoView?.({ block: 'nearest' });
  }, [mergeShown]);

  /**
   * When the error is that refusal: the candidate as it is now, the values merged and the message to
   * show; null when it is another error.
   */
  function mergeRefusedSave(
    error: Error,
    loaded: CandidateDetails | undefined,
    values: CandidateFormValues,
  ): { loaded: CandidateDetails; values: CandidateFormValues; message: string } | null {
    const body =
      error instanceof ApiError && error.status === 409 ? (error.body as CandidateConflictBody) : null;
    if (!body?.current || !body.changes || !loaded || !states) return null;
    const theirs = formFromCandidate(body.current, states);
    const merged = mergeEdits(formFromCandidate(loaded, states), values, theirs);
    const changed = describeCandidateChanges(body.changes);
    const labels = merged.both.map((f) => CANDIDATE_FIELD_LABELS[f] ?? f);
    const message = labels.length ? M.mergedChoose(changed, listInWords(labels)) : M.mergedKept(changed);
    const byOf = (field: string) => body.changes?.filter((c) => c.fields.includes(field)).at(-1)?.by ?? null;
    setMerge({
      message,
      mine: values,
      theirs,
      unanswered: false,
      choices: merged.both.map((field) => ({
        field,
        mine: shown(values, field, states, jobOptions),
        theirs: shown(theirs, field, states, jobOptions),
        by: byOf(field),
      })),
    });
    return { loaded: { ...loaded, ...body.current }, values: merged.values, message };
  }

  function choose(field: string, chosen: 'mine' | 'theirs') {
    if (!merge) return;
    setValues((v) => withField(v, chosen === 'mine' ? merge.mine : merge.theirs, field));
    setMerge({
      ...merge,
      unanswered: false,
      choices: merge.choices.map((c) => (c.field === field ? { ...c, chosen } : c)),
    });
  }

  /** Whether a field is still to be decided; if so, the choices say which. */
  function stopUnanswered(): boolean {
    if (!merge?.choices.some((c) => !c.chosen)) return false;
    setMerge({ ...merge, unanswered: true });
    return true;
  }

  const unansweredMessage = merge?.unanswered
    ? M.chooseFirst(
        listInWords(
          merge.choices.filter((c) => !c.chosen).map((c) => CANDIDATE_FIELD_LABELS[c.field] ?? c.field),
        ),
      )
    : undefined;

  return {
    merge,
    saveArea,
    mergeRefusedSave,
    choose,
    stopUnanswered,
    unansweredMessage,
    clearMerge: () => setMerge(null),
  };
}
