import { NumberInput } from '@mantine/core';
import { SUBSCRIPTION_MAX_VEHICLES } from '@flotte/contract/subscriptions';

export interface VehicleCountInputProps {
  label: string;
  description?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  error?: string | null;
  testId: string;
}

/** A whole number of vehicles (or periods), the numeric keypad on phones; empty reads null. */
export function VehicleCountInput({ label, description, value, onChange, min = 1, max = SUBSCRIPTION_MAX_VEHICLES, error, testId }: VehicleCountInputProps) {
  return (
    <NumberInput
      label={label}
      description={description}
      value={value ?? ''}
      onChange={(v) => onChange(typeof v === 'number' && Number.isFinite(v) ? v : null)}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
      withAsterisk
      error={error ?? undefined}
      data-testid={testId}
    />
  );
}
