import type { ReactNode } from 'react';
import { Select } from '@mantine/core';
import { PERIOD_PRESET_LABELS, PERIOD_PRESETS, presetPeriod, type Period, type PeriodPreset } from './periods.ts';

export interface PeriodPresetSelectProps {
  value: PeriodPreset | null;
  /** The preset and its period, computed from today at the moment of the choice. */
  onChange: (preset: PeriodPreset | null, period: Period | null) => void;
  /** The presets offered, in this order (default: all four; leave out 'Tomorrow' where the future is forbidden). */
  presets?: readonly PeriodPreset[];
  label?: ReactNode;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * The period presets (Aujourd'hui, Demain, Cette semaine, Ce mois-ci) as a plain select. It holds
 * no calendar, so screens that only need a preset don't download @mantine/dates.
 */
export function PeriodPresetSelect({
  value,
  onChange,
  presets = PERIOD_PRESETS,
  label,
  placeholder = 'Choisir une période',
  clearable = false,
  disabled,
  testId = 'period-preset',
}: PeriodPresetSelectProps) {
  return (
    <Select<PeriodPreset>
      label={label}
      placeholder={placeholder}
      data={presets.map((preset) => ({ value: preset, label: PERIOD_PRESET_LABELS[preset] }))}
      value={value}
      onChange={(preset) => onChange(preset, preset ? presetPeriod(preset) : null)}
      allowDeselect={false}
      clearable={clearable}
      disabled={disabled}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
