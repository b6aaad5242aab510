import { useState } from 'react';
import { CANDIDATE_LIMITS, CANDIDATE_LIST_SOURCES, type PipelineFilters } from '@portal/contracts';
import { DateInputField, FilterDialog, SelectField, TextField } from '@portal/ui';

type Draft = { source: string; experienceMin: string; experienceMax: string; from: string; to: string };

const draftOf = (f: PipelineFilters): Draft => ({
  source: f.source ?? '',
  experienceMin: f.experienceMin?.toString() ?? '',
  experienceMax: f.experienceMax?.toString() ?? '',
  from: f.from ?? '',
  to: f.to ?? '',
});

const years = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= CANDIDATE_LIMITS.experienceMax
    ? n
    : undefined;
};

const SOURCES = CANDIDATE_LIST_SOURCES.map((s) => ({ value: s, label: s }));

/** The board's filters beside the search: source, experience range, applied date range. */
export function PipelineFilterPanel({
  isOpen,
  applied,
  onCancel,
  onApply,
}: {
  isOpen: boolean;
  applied: PipelineFilters;
  onCancel: () => void;
  onApply: (next: Omit<PipelineFilters, 'search'>) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const [wasOpen, setWasOpen] = useState(isOpen);
  // Each opening starts from what is applied.
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setDraft(draftOf(applied));
  }
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  return (
    <FilterDialog
      isOpen={isOpen}
      onCancel={onCancel}
      onReset={() => setDraft(draftOf({}))}
      onApply={() =>
        onApply({
          source: (draft.source || undefined) as PipelineFilters['source'],
          experienceMin: years(draft.experienceMin),
          experienceMax: years(draft.experienceMax),
          from: draft.from || undefined,
          to: draft.to || undefined,
        })
      }
    >
      <SelectField
        label="Source"
        value={draft.source}
        placeholder="Any source"
        options={SOURCES}
        onChange={set('source')}
      />
      <div className="filter-row">
        <TextField
          label="Minimum experience (years)"
          type="number"
          min={0}
          value={draft.experienceMin}
          onChange={set('experienceMin')}
        />
        <TextField
          label="Maximum experience (years)"
          type="number"
          min={0}
          value={draft.experienceMax}
          onChange={set('experienceMax')}
        />
      </div>
      <div className="filter-row">
        <DateInputField label="Applied from" value={draft.from} onChange={set('from')} />
        <DateInputField label="Applied to" value={draft.to} onChange={set('to')} />
      </div>
    </FilterDialog>
  );
}
