import { Label, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';

export interface RangeSliderProps {
  label: string;
  minValue: number;
  maxValue: number;
  step?: number;
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
  /** The text beside the label, e.g. "5 - 20 LPA". */
  formatValue?: (value: [number, number]) => string;
  /** Names of the two thumbs for screen readers (default Minimum / Maximum). */
  thumbLabels?: [string, string];
}

/** A two-thumb range slider (minimum and maximum), keyboard and touch friendly. */
export function RangeSlider({
  label,
  minValue,
  maxValue,
  step = 1,
  value,
  onChange,
  formatValue,
  thumbLabels = ['Minimum', 'Maximum'],
}: RangeSliderProps) {
  return (
    <Slider
      className="range-slider"
      minValue={minValue}
      maxValue={maxValue}
      step={step}
      value={[...value]}
      onChange={(v) => onChange([v[0] ?? minValue, v[1] ?? maxValue])}
    >
      <div className="range-slider-head">
        <Label className="field-label">{label}</Label>
        <SliderOutput className="range-slider-output">
          {({ state }) => {
            const current: [number, number] = [state.values[0] ?? minValue, state.values[1] ?? maxValue];
            return formatValue ? formatValue(current) : `${current[0]} - ${current[1]}`;
          }}
        </SliderOutput>
      </div>
      <SliderTrack className="range-slider-track">
        {({ state }) => (
          <>
            <div className="range-slider-rail" />
            <div
              className="range-slider-fill"
              style={{
                left: `${state.getThumbPercent(0) * 100}%`,
                width: `${(state.getThumbPercent(1) - state.getThumbPercent(0)) * 100}%`,
              }}
            />
            <SliderThumb index={0} aria-label={thumbLabels[0]} className="range-slider-thumb" />
            <SliderThumb index={1} aria-label={thumbLabels[1]} className="range-slider-thumb" />
          </>
        )}
      </SliderTrack>
    </Slider>
  );
}
