import { useMemo } from 'react';
import { Group, Loader, Stack } from '@mantine/core';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import type { CalendarDay } from './calendar-grid.ts';
import { AgendaList } from './AgendaList.tsx';
import { PlanningLegend } from './PlanningLegend.tsx';
import type { TPlanningEntry, TPlanningVehicleRef } from './planning-types.ts';
import type { ScheduleView } from './schedule-period.ts';
import { agendaItems, type TimelineRow } from './timeline.ts';
import { TimelineGrid } from './TimelineGrid.tsx';

export const EMPTY_PERIOD_TEXT = 'Aucun planning sur cette période';

export interface PlanningCalendarProps {
  view: ScheduleView;
  /** The days the view shows (Monday to Friday for the work week). */
  days: readonly CalendarDay[];
  rows: readonly TimelineRow[];
  /** The next period is loading: the empty text waits for it. */
  loading: boolean;
  onOpenVehicle: (vehicle: TPlanningVehicleRef) => void;
  onOpenEntry: (entry: TPlanningEntry) => void;
  onOpenDay: (day: CalendarDay) => void;
}

/**
 * The planning on a computer, three ways: 'Mois' a grid of every day (initials in each driver's
 * colour), 'Semaine de travail' Monday to Friday with names and hours, 'Agenda' a list by day
 * from today.
 */
export function PlanningCalendar({ view, days, rows, loading, onOpenVehicle, onOpenEntry, onOpenDay }: PlanningCalendarProps) {
  const items = useMemo(() => (view === 'agenda' ? agendaItems(rows, days) : []), [view, rows, days]);
  if (rows.length === 0) {
    return loading ? (
      <Group justify="center" py="xl">
        <Loader aria-label="Chargement du planning" />
      </Group>
    ) : (
      <EmptyPlaceholder text={EMPTY_PERIOD_TEXT} testId="planning-empty" />
    );
  }
  if (view === 'agenda') {
    return <AgendaList items={items} onOpenVehicle={onOpenVehicle} onOpenEntry={onOpenEntry} label="Agenda du planning" testId="planning-agenda" />;
  }
  return (
    <Stack gap="xs">
      <PlanningLegend initials={view === 'month'} />
      <TimelineGrid layout={view} rows={rows} days={days} onOpenVehicle={onOpenVehicle} onOpenEntry={onOpenEntry} onOpenDay={onOpenDay} />
    </Stack>
  );
}
