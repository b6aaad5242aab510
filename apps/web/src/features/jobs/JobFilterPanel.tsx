import { useState } from 'react';
import { JOB_FILTER_SKILLS, JOB_LIMITS, JOB_TYPE_OPTIONS, type JobStatus } from '@portal/contracts';
import { CheckboxGroupField, FilterDialog, RangeSlider } from '@portal/ui';
import { ExperienceSlider } from './ExperienceSlider.tsx';
import { DEFAULT_FILTERS, type JobFilters } from './routeParams.ts';
import { statusLabel } from './JobCard.tsx';

const SKILL_OPTIONS = JOB_FILTER_SKILLS.map((s) => ({ value: s, label: s }));

export interface JobFilterPanelProps {
  isOpen: boolean;
  /** The status choices (the board's own: the employee's has Expired here rather than as a tab). */
  statuses: readonly JobStatus[];
  /** The filters in force; the panel edits a copy until Apply Filters. */
  applied: JobFilters;
  onApply: (filters: JobFilters) => void;
  onCancel: () => void;
}

/** The job filter panel: status, type, skills (all must match), salary and experience ranges. */
export function JobFilterPanel({ isOpen, statuses, applied, onApply, onCancel }: JobFilterPanelProps) {
  const [draft, setDraft] = useState<JobFilters>(applied);
  const [wasOpen, setWasOpen] = useState(isOpen);
  // Each opening starts from the filters in force: Cancel throws the draft away.
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setDraft(applied);
  }
  const set = <K extends keyof JobFilters>(key: K, value: JobFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const maxLpa = JOB_LIMITS.salaryFilterMaxLpa;
  return (
    <FilterDialog
      isOpen={isOpen}
      title="Filter Jobs"
      onCancel={onCancel}
      onReset={() => setDraft(DEFAULT_FILTERS)}
      onApply={() => onApply(draft)}
    >
      <CheckboxGroupField
        label="Status"
        options={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
        value={draft.statuses}
        onChange={(v) => set('statuses', v)}
      />
      <CheckboxGroupField
        label="Job type"
        options={JOB_TYPE_OPTIONS.filter}
        value={draft.types}
        onChange={(v) => set('types', v)}
      />
      <CheckboxGroupField
        label="Skills (a job must have all chosen)"
        options={SKILL_OPTIONS}
        value={draft.skills}
        onChange={(v) => set('skills', v)}
      />
      <RangeSlider
        label="Salary range (LPA)"
        minValue={0}
        maxValue={maxLpa}
        value={draft.salary}
        onChange={(v) => set('salary', v)}
        thumbLabels={['Minimum salary', 'Maximum salary']}
        formatValue={([a, b]) => `₹${a} - ₹${b}${b === maxLpa ? '+' : ''} LPA`}
      />
      <ExperienceSlider
        label="Experience range (years)"
        value={draft.experience}
        onChange={(v) => set('experience', v)}
      />
    </FilterDialog>
  );
}
