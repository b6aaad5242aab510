import { useState } from 'react';
import { CANDIDATE_LIMITS, CANDIDATE_MESSAGES, PERSON_STAGES } from '@portal/contracts';
import { DateInputField, FilterDialog, NumberField, SelectField, TextField, statusLabel } from '@portal/ui';
import type { PeopleSearch, PersonStage } from './routeParams.ts';

/** The panel's fields as typed (text), until Apply Filters turns them into the URL's values. */
interface Draft {
  minExperience: string;
  maxExperience: string;
  maxExpectedCtc: string;
  maxNotice: string;
  location: string;
  activeSince: string;
  furthestStage: PersonStage | '';
}

export type PeopleFilters = Omit<PeopleSearch, 'search' | 'page'>;

const EMPTY: Draft = {
  minExperience: '',
  maxExperience: '',
  maxExpectedCtc: '',
  maxNotice: '',
  location: '',
  activeSince: '',
  furthestStage: '',
};
const NUMBERS = ['minExperience', 'maxExperience', 'maxExpectedCtc', 'maxNotice'] as const;
const STAGE_OPTIONS = PERSON_STAGES.map((s) => ({ value: s, label: statusLabel(s) }));

const draftOf = (f: PeopleFilters): Draft => ({
  ...EMPTY,
  ...Object.fromEntries(NUMBERS.map((k) => [k, f[k] === undefined ? '' : String(f[k])])),
  location: f.location ?? '',
  activeSince: f.activeSince ?? '',
  furthestStage: f.furthestStage ?? '',
});

const numberOf = (text: string) => (text.trim() === '' || Number(text) < 0 ? undefined : Number(text));

const filtersOf = (d: Draft): PeopleFilters => ({
  ...Object.fromEntries(NUMBERS.map((k) => [k, numberOf(d[k])])),
  location: d.location.trim() || undefined,
  activeSince: d.activeSince || undefined,
  furthestStage: d.furthestStage || undefined,
});

/** How many filters are in force (the count on the Filters button). */
export const peopleFilterCount = (f: PeopleFilters) =>
  Object.values(filtersOf(draftOf(f))).filter((v) => v !== undefined).length;

/** The talent pool's filter panel: it edits a copy of the filters in force until Apply Filters. */
export function PeopleFilterPanel({
  isOpen,
  applied,
  onApply,
  onCancel,
}: {
  isOpen: boolean;
  applied: PeopleFilters;
  onApply: (filters: PeopleFilters) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(applied));
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setDraft(draftOf(applied));
  }
  const field = <K extends keyof Draft>(key: K) => ({
    value: draft[key],
    onChange: (value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value })),
  });
  const min = numberOf(draft.minExperience);
  const max = numberOf(draft.maxExperience);
  const orderError =
    min !== undefined && max !== undefined && min > max
      ? CANDIDATE_MESSAGES.filterExperienceOrder
      : undefined;
  return (
    <FilterDialog
      isOpen={isOpen}
      title="Filter people"
      onCancel={onCancel}
      onReset={() => setDraft(EMPTY)}
      onApply={() => !orderError && onApply(filtersOf(draft))}
    >
      <div className="form-row">
        <NumberField label="Experience from (years)" decimals min={0} {...field('minExperience')} />
        <NumberField
          label="Experience up to (years)"
          decimals
          min={0}
          errorMessage={orderError}
          {...field('maxExperience')}
        />
      </div>
      <div className="form-row">
        <NumberField label="Expected CTC at most (LPA)" decimals min={0} {...field('maxExpectedCtc')} />
        <NumberField label="Notice period at most (days)" min={0} {...field('maxNotice')} />
      </div>
      <TextField
        label="Location"
        placeholder="Current or preferred location"
        maxLength={CANDIDATE_LIMITS.location}
        {...field('location')}
      />
      <div className="form-row">
        <DateInputField label="Active since" {...field('activeSince')} />
        <SelectField
          label="Furthest stage reached"
          placeholder="Any stage"
          options={STAGE_OPTIONS}
          {...field('furthestStage')}
        />
      </div>
    </FilterDialog>
  );
}
