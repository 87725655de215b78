import { useEffect, useState, type ReactNode } from 'react';
import { NumberInput, Text } from '@mantine/core';
import { useActingPark } from '../useActingPark.ts';

export interface AmountInputProps {
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  error?: ReactNode;
  /** Overrides the park's currency shown at the end of the field; `null` shows none. */
  currency?: string | null;
  /** Allows amounts below zero (adjustments); amounts are positive by default. */
  allowNegative?: boolean;
  disabled?: boolean;
  testId?: string;
}

function toAmount(raw: string | number): number | null {
  const number = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(number) ? number : null;
}

/**
 * Amount field written the way amounts are shown (comma thousands, at most 2 decimals, spec 002
 * section 9), with the park's currency beside it and the numeric keypad on phones.
 */
export function AmountInput({
  value,
  onChange,
  onBlur,
  label,
  description,
  placeholder = '0',
  required,
  error,
  currency,
  allowNegative = false,
  disabled,
  testId = 'amount-input',
}: AmountInputProps) {
  const park = useActingPark();
  const shownCurrency = currency === undefined ? park?.currency : currency;
  // What is being typed ('12.' or '-' are not numbers yet) lives here; the caller gets numbers only.
  const [raw, setRaw] = useState<string | number>(value ?? '');
  const rawNumber = toAmount(raw);
  useEffect(() => {
    if (value !== rawNumber) setRaw(value ?? ''); // set from outside (a reset, a loaded record)
  }, [value]);
  return (
    <NumberInput
      label={label}
      description={description}
      placeholder={placeholder}
      required={required}
      value={raw}
      onChange={(next) => {
        setRaw(next);
        onChange(toAmount(next));
      }}
      onBlur={onBlur}
      error={error}
      thousandSeparator=","
      decimalSeparator="."
      decimalScale={2}
      allowNegative={allowNegative}
      hideControls
      inputMode="decimal"
      rightSection={shownCurrency ? <Text size="xs" c="dimmed">{shownCurrency}</Text> : undefined}
      rightSectionWidth={shownCurrency ? 48 : undefined}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
