// The calendar's styles load with the picker, not with the first screen: the sign-in path never
// pays for @mantine/dates (keep these imports here, never in main.tsx or App.tsx).
import '@mantine/dates/styles.css';
import '../dayjs.ts'; // registers dayjs's French locale, which the calendar's month and day names use
import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Group, Input, Popover, Stack } from '@mantine/core';
import { DatePicker, DatesProvider, type DatesRangeValue } from '@mantine/dates';
import {
  completeRange,
  EMPTY_RANGE,
  formatPeriod,
  fromDayString,
  toDayString,
  type DateRange,
} from './periods.ts';

type DraftRange = DatesRangeValue<string>;

export interface DateRangePickerProps {
  /** The applied period: whole days, `end` at 23:59:59.999 (see periods.ts). */
  value: DateRange;
  /** Called on 'Appliquer' (with a complete range) and on 'Réinitialiser' (with an empty one). */
  onChange: (range: DateRange) => void;
  /** Forbids days after today (the spec's period picker). */
  noFuture?: boolean;
  label?: ReactNode;
  /** Text of the button while nothing is applied. */
  placeholder?: string;
  disabled?: boolean;
  error?: ReactNode;
  /** Prefix of the data-testid of the button, the popover and its buttons. */
  testId?: string;
}

export const DATE_RANGE_PLACEHOLDER = 'Choisir une période';

const ARIA_LABELS = {
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  previousYear: 'Année précédente',
  nextYear: 'Année suivante',
  previousDecade: 'Décennie précédente',
  nextDecade: 'Décennie suivante',
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: "Choisir l'année",
};

/** Calendar settings every date widget of the app shares: French names, weeks from Monday. */
export function FrenchDatesProvider({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </svg>
  );
}

function toDraft(range: DateRange): DraftRange {
  return [range.start ? toDayString(range.start) : null, range.end ? toDayString(range.end) : null];
}

/**
 * A button showing the applied period (dd/MM/yyyy – dd/MM/yyyy) that opens a French calendar in a
 * popover. Clicks only change a draft: nothing reaches `onChange` until 'Appliquer', so a person
 * can click around (and close the popover) without reloading a list at every click. One click
 * then Apply is a one-day period; two clicks are a range.
 */
export function DateRangePicker({
  value,
  onChange,
  noFuture = false,
  label,
  placeholder = DATE_RANGE_PLACEHOLDER,
  disabled,
  error,
  testId = 'date-range',
}: DateRangePickerProps) {
  const id = useId();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<DraftRange>(() => toDraft(value));
  const today = toDayString(new Date());

  const open = () => {
    setDraft(toDraft(value)); // a closed popover forgets unapplied clicks
    setOpened(true);
  };
  const apply = () => {
    const [start, end] = draft;
    onChange(completeRange({ start: start ? fromDayString(start) : null, end: end ? fromDayString(end) : null }));
    setOpened(false);
  };
  const reset = () => {
    setDraft([null, null]);
    onChange(EMPTY_RANGE);
    setOpened(false);
  };

  const text = formatPeriod(value);
  return (
    <Input.Wrapper label={label} error={error} id={id}>
      {/* A block of its own, so the button sits under its label like any other field. */}
      <Box>
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-start"
          shadow="md"
          trapFocus
          returnFocus
          withinPortal
        >
          <Popover.Target>
            <Button
              id={id}
              variant="default"
              fw={400}
              leftSection={<CalendarIcon />}
              onClick={() => (opened ? setOpened(false) : open())}
              disabled={disabled}
              aria-haspopup="dialog"
              aria-expanded={opened}
              data-testid={testId}
              c={text ? undefined : 'dimmed'}
              bd={error ? '1px solid var(--mantine-color-error)' : undefined}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              {text || placeholder}
            </Button>
          </Popover.Target>
          <Popover.Dropdown p="sm" data-testid={`${testId}-popover`}>
            <FrenchDatesProvider>
              <Stack gap="sm">
                <DatePicker
                  type="range"
                  allowSingleDateInRange
                  value={draft}
                  onChange={setDraft}
                  maxDate={noFuture ? today : undefined}
                  defaultDate={draft[0] ?? today}
                  ariaLabels={ARIA_LABELS}
                  highlightToday
                />
                <Group justify="space-between" gap="xs">
                  <Button variant="subtle" color="gray" onClick={reset} data-testid={`${testId}-reset`}>
                    Réinitialiser
                  </Button>
                  <Button onClick={apply} data-testid={`${testId}-apply`}>
                    Appliquer
                  </Button>
                </Group>
              </Stack>
            </FrenchDatesProvider>
          </Popover.Dropdown>
        </Popover>
      </Box>
    </Input.Wrapper>
  );
}
