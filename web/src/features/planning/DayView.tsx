import { useMemo } from 'react';
import { Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { toDayString } from '../../ui/dates/periods.ts';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { AgendaList } from './AgendaList.tsx';
import { longDay } from './day-labels.ts';
import { stepDay, stepWeek, stripDays, stripLabel } from './day-strip.ts';
import type { TPlanningEntry, TPlanningVehicleRef } from './planning-types.ts';
import { rowsOnDay, type AgendaItem, type TimelineRow } from './timeline.ts';
import css from './timeline.module.css';

export interface DayViewProps {
  day: Date;
  today: Date;
  /** The rows of the day read (see buildTimelineRows). */
  rows: readonly TimelineRow[] | null;
  loading: boolean;
  onDayChange: (day: Date) => void;
  onOpenVehicle: (vehicle: TPlanningVehicleRef) => void;
  onOpenEntry: (entry: TPlanningEntry) => void;
}

function Arrow({ direction, onClick, label }: { direction: -1 | 1; onClick: () => void; label: string }) {
  return (
    <button type="button" className={css.stripArrow} onClick={onClick} aria-label={label} data-testid={direction < 0 ? 'planning-strip-previous' : 'planning-strip-next'}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d={direction < 0 ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
      </svg>
    </button>
  );
}

/**
 * The phone's planning: one day at a time, today first, a strip of the week's days to tap through
 * (arrows for the weeks around), and each vehicle of the day on a line with its drivers.
 */
export function DayView({ day, today, rows, loading, onDayChange, onOpenVehicle, onOpenEntry }: DayViewProps) {
  const key = toDayString(day);
  const strip = useMemo(() => stripDays(day, today), [day, today]);
  const items = useMemo<AgendaItem[]>(() => {
    const calendarDay = strip.find((d) => d.key === key)!;
    return rowsOnDay(rows ?? [], key).map((row) => ({ kind: 'vehicle', day: calendarDay, row, cell: row.cells.get(key) }));
  }, [rows, key, strip]);
  const isToday = key === toDayString(today);

  return (
    <Stack gap="sm" data-testid="planning-day-view" data-day={key}>
      <nav className={css.strip} aria-label="Jours de la semaine" data-testid="planning-strip">
        <Arrow direction={-1} onClick={() => onDayChange(stepWeek(day, -1))} label="Semaine précédente" />
        {strip.map((d) => {
          const label = stripLabel(d);
          return (
            <button
              key={d.key}
              type="button"
              className={css.stripDay}
              aria-pressed={d.key === key}
              data-today={d.isToday || undefined}
              data-testid="planning-strip-day"
              data-day={d.key}
              onClick={() => onDayChange(d.date)}
            >
              {/* The full date by hidden text: an aria-label would have to contain the short 'jeu. 26' shown (axe). */}
              <VisuallyHidden>{`${longDay(d.date)}${d.isToday ? ', aujourd’hui' : ''}`}</VisuallyHidden>
              <span aria-hidden>{label.weekday}</span>
              <strong aria-hidden>{label.number}</strong>
            </button>
          );
        })}
        <Arrow direction={1} onClick={() => onDayChange(stepWeek(day, 1))} label="Semaine suivante" />
      </nav>

      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text fw={700} truncate data-testid="planning-day-title">
            {longDay(day)}
          </Text>
          {loading ? <Loader size="xs" aria-label="Chargement" /> : null}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button variant="subtle" size="compact-sm" onClick={() => onDayChange(stepDay(day, -1))} aria-label="Jour précédent" data-testid="planning-day-previous">
            ‹
          </Button>
          {isToday ? (
            <Text size="xs" fw={700} c="brand" px={4}>
              Aujourd’hui
            </Text>
          ) : (
            <Button variant="light" size="compact-sm" onClick={() => onDayChange(today)} data-testid="planning-today">
              Aujourd’hui
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" onClick={() => onDayChange(stepDay(day, 1))} aria-label="Jour suivant" data-testid="planning-day-next">
            ›
          </Button>
        </Group>
      </Group>

      {rows === null ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Chargement du planning" />
        </Group>
      ) : items.length === 0 ? (
        <EmptyPlaceholder text="Aucun planning ce jour-là" testId="planning-empty" />
      ) : (
        <AgendaList items={items} stacked onOpenVehicle={onOpenVehicle} onOpenEntry={onOpenEntry} label={`Planning du ${longDay(day)}`} testId="planning-day-lines" />
      )}
    </Stack>
  );
}
