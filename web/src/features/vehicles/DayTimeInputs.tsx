import type { ReactNode } from 'react';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { FrenchDatesProvider } from '../../ui/dates/DateRangePicker.tsx';

/*
 * Dates and times of the vehicle forms as French people read them (dd/MM/yyyy, 24-hour clock),
 * whatever language the phone's own pickers speak. @mantine/dates and its styles come with the
 * vehicle dialog's chunk (through the kit's date picker), never with the first screen.
 */

const CALENDAR_LABELS = {
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  previousYear: 'Année précédente',
  nextYear: 'Année suivante',
  previousDecade: 'Décennie précédente',
  nextDecade: 'Décennie suivante',
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: "Choisir l'année",
};

export interface DayInputProps {
  label: ReactNode;
  /** yyyy-MM-dd, or '' / null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  maw?: number;
  testId?: string;
}

/** A calendar day (yyyy-MM-dd on the wire), shown dd/MM/yyyy with a French calendar. */
export function DayInput({ label, value, onChange, onBlur, error, required, maw, testId }: DayInputProps) {
  return (
    <FrenchDatesProvider>
      <DatePickerInput
        label={label}
        withAsterisk={required}
        placeholder="jj/mm/aaaa"
        valueFormat="DD/MM/YYYY"
        value={value || null}
        onChange={(v) => onChange(v || null)}
        onBlur={onBlur}
        clearable={!required}
        error={error}
        ariaLabels={CALENDAR_LABELS}
        popoverProps={{ withinPortal: true }}
        maw={maw}
        data-testid={testId}
      />
    </FrenchDatesProvider>
  );
}

export interface HourInputProps {
  label: ReactNode;
  /** HH:mm (24-hour clock). */
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  testId?: string;
}

/** A time of day, HH:mm on a 24-hour clock, with a dropdown of hours and minutes. */
export function HourInput({ label, value, onChange, error, testId }: HourInputProps) {
  return (
    <TimePicker
      label={label}
      format="24h"
      withDropdown
      value={value}
      onChange={onChange}
      error={error}
      hoursInputLabel="Heures"
      minutesInputLabel="Minutes"
      popoverProps={{ withinPortal: true }}
      data-testid={testId}
      hiddenInputProps={testId ? { 'data-testid': `${testId}-value` } : undefined}
    />
  );
}
