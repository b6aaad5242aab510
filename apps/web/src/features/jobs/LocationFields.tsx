import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LOCATION_MESSAGES } from '@portal/contracts';
import { SelectField, toast } from '@portal/ui';
import { fetchDistricts, locationKeys, statesQuery } from './api.ts';

export interface LocationFieldsProps {
  state: string;
  city: string;
  /** Choosing another state clears the city: the parent gets both at once. */
  onChange: (location: { state: string; city: string }) => void;
  stateError?: string | undefined;
  cityError?: string | undefined;
  isRequired?: boolean;
  /** The two labels (default State and City): a form with two locations names each. */
  labels?: readonly [string, string];
}

/** State, then city (district): the city select waits for a state and is cleared when it changes. */
export function LocationFields({
  state,
  city,
  onChange,
  stateError,
  cityError,
  isRequired,
  labels = ['State', 'City'],
}: LocationFieldsProps) {
  const states = useQuery(statesQuery());
  const districts = useQuery({
    queryKey: locationKeys.districts(state),
    queryFn: () => fetchDistricts(state),
    enabled: Boolean(state),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (states.isError) toast.error(states.error.message || LOCATION_MESSAGES.statesFailed);
  }, [states.isError, states.error]);
  useEffect(() => {
    if (districts.isError) toast.error(districts.error.message || LOCATION_MESSAGES.districtsFailed);
  }, [districts.isError, districts.error]);

  const districtOptions = (districts.data ?? []).map((d) => ({ value: d.name, label: d.name }));
  // A stored city that the list does not hold (renamed district) stays visible rather than vanishing.
  if (city && districts.data && !districtOptions.some((d) => d.value === city)) {
    districtOptions.unshift({ value: city, label: city });
  }

  return (
    <div className="form-row">
      <SelectField
        label={labels[0]}
        isRequired={isRequired}
        value={state}
        placeholder={states.isPending ? 'Loading states...' : 'Select state'}
        options={(states.data ?? []).map((s) => ({ value: s.iso2, label: s.name }))}
        onChange={(next) => onChange({ state: next, city: '' })}
        errorMessage={stateError}
      />
      <SelectField
        label={labels[1]}
        isRequired={isRequired}
        value={city}
        isDisabled={!state || districts.isPending}
        placeholder={
          !state ? 'Select a state first' : districts.isPending ? 'Loading cities...' : 'Select city'
        }
        options={districtOptions}
        onChange={(next) => onChange({ state, city: next })}
        errorMessage={cityError}
      />
    </div>
  );
}
