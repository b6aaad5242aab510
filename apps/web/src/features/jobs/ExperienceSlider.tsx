import { JOB_LIMITS } from '@portal/contracts';
import { RangeSlider } from '@portal/ui';

/** Years of experience, 0 to 20 in whole years: the form's range and the filter's. */
export function ExperienceSlider({
  label,
  value,
  onChange,
}: {
  label: string;
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
}) {
  return (
    <RangeSlider
      label={label}
      minValue={JOB_LIMITS.experienceMin}
      maxValue={JOB_LIMITS.experienceMax}
      value={value}
      onChange={onChange}
      thumbLabels={['Minimum experience', 'Maximum experience']}
      formatValue={([a, b]) => `${a} - ${b} years`}
    />
  );
}
