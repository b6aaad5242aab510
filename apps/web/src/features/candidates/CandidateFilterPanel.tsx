import { useState } from 'react';
import {
  CANDIDATE_FILTER_STATUSES,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as M,
  type CandidateSource,
} from '@portal/contracts';
import {
  CheckboxGroupField,
  DateInputField,
  FilterDialog,
  RangeSlider,
  SelectField,
  TextField,
} from '@portal/ui';
import { capitalize } from './format.ts';
import { DEFAULT_FILTERS } from './listFilters.ts';
import type { CandidateFilters } from './routeParams.ts';

const STATUS_OPTIONS = CANDIDATE_FILTER_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));

export interface CandidateFilterPanelProps {
  isOpen: boolean;
  /** The filters in force; the panel edits a copy until Apply Filters. */
  applied: CandidateFilters;
  sources: readonly string[];
  /** The list's full panel; without it (a job's tab) only experience, salary and source. */
  jobs?: readonly { value: string; label: string }[] | undefined;
  onApply: (filters: CandidateFilters) => void;
  onCancel: () => void;
}

/** The candidate filter panel. */
export function CandidateFilterPanel({
  isOpen,
  applied,
  sources,
  jobs,
  onApply,
  onCancel,
}: CandidateFilterPanelProps) {
  const [draft, setDraft] = useState<CandidateFilters>(applied);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setDraft(applied);
  }
  const set = <K extends keyof CandidateFilters>(key: K, value: CandidateFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const dateError =
    draft.appliedFrom && draft.appliedTo && draft.appliedFrom > draft.appliedTo
      ? M.filterDateOrder
      : undefined;
  const salaryMax = CANDIDATE_LIMITS.salaryFilterMaxLpa;
  const experienceMax = CANDIDATE_LIMITS.experienceFilterMax;
  return (
    <FilterDialog
      isOpen={isOpen}
      title="Filter Candidates"
      onCancel={onCancel}
      onReset={() => setDraft(DEFAULT_FILTERS)}
      onApply={() => !dateError && onApply(draft)}
    >
      {jobs ? (
        <CheckboxGroupField
          label="Status"
          options={STATUS_OPTIONS}
          value={draft.statuses}
          onChange={(v) => set('statuses', v)}
        />
      ) : null}
      <CheckboxGroupField
        label="Source"
        options={sources.map((s) => ({ value: s as CandidateSource, label: s }))}
        value={draft.sources}
        onChange={(v) => set('sources', v)}
      />
      <RangeSlider
        label="Experience (years)"
        minValue={0}
        maxValue={experienceMax}
        value={draft.experience}
        onChange={(v) => set('experience', v)}
        thumbLabels={['Minimum experience', 'Maximum experience']}
        formatValue={([a, b]) => `${a} - ${b}${b === experienceMax ? '+' : ''} years`}
      />
      <RangeSlider
        label="Expected salary (LPA)"
        minValue={0}
        maxValue={salaryMax}
        value={draft.salary}
        onChange={(v) => set('salary', v)}
        thumbLabels={['Minimum expected salary', 'Maximum expected salary']}
        formatValue={([a, b]) => `₹${a} - ₹${b}${b === salaryMax ? '+' : ''} LPA`}
      />
      {jobs ? (
        <>
          <TextField
            label="Location"
            value={draft.location}
            onChange={(v) => set('location', v)}
            placeholder="Current or preferred location"
            maxLength={CANDIDATE_LIMITS.location}
          />
          <div className="form-row">
            <DateInputField
              label="Applied from"
              value={draft.appliedFrom}
              onChange={(v) => set('appliedFrom', v)}
            />
            <DateInputField
              label="Applied to"
              value={draft.appliedTo}
              onChange={(v) => set('appliedTo', v)}
              errorMessage={dateError}
            />
          </div>
          <SelectField
            label="Job applied"
            value={draft.jobId}
            placeholder="All jobs"
            options={jobs}
            onChange={(v) => set('jobId', v)}
          />
        </>
      ) : null}
    </FilterDialog>
  );
}
