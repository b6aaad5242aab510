import { I18nProvider, Input, NumberField } from 'react-aria-components';
import { FieldLabel, FieldMessages } from './FieldParts.tsx';

export interface MoneyFieldProps {
  label: string;
  /** Whole rupees; null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  isRequired?: boolean;
  errorMessage?: string | undefined;
  /** Shown under the field, e.g. the amount in words. */
  description?: string | undefined;
  maxValue?: number;
  placeholder?: string;
}

const RUPEES = { style: 'currency', currency: 'INR', maximumFractionDigits: 0 } as const;

/** An amount in rupees, shown with the rupee sign in Indian grouping and no decimals (₹12,00,000). */
export function MoneyField({
  label,
  value,
  onChange,
  isRequired,
  errorMessage,
  description,
  maxValue,
  placeholder,
}: MoneyFieldProps) {
  return (
    <I18nProvider locale="en-IN">
      <NumberField
        className="field"
        value={value ?? Number.NaN}
        onChange={(v) => onChange(Number.isNaN(v) ? null : Math.round(v))}
        minValue={0}
        maxValue={maxValue}
        formatOptions={RUPEES}
        isRequired={isRequired}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
      >
        <FieldLabel label={label} isRequired={isRequired} />
        <Input className="input" placeholder={placeholder} />
        <FieldMessages description={description} errorMessage={errorMessage} />
      </NumberField>
    </I18nProvider>
  );
}
