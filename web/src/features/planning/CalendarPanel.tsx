import { LoadError } from '../../ui/LoadError.tsx';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PLANNING_MESSAGES } from '@flotte/contract/planning';
import { endOfDay, startOfDay, type Period } from '../../ui/dates/periods.ts';
import { toast } from '../../ui/toast.ts';
import { daysBetween, type CalendarDay } from './calendar-grid.ts';
import { DayView } from './DayView.tsx';
import { PeriodToolbar } from './PeriodToolbar.tsx';
import { driverName, vehicleLabel } from './planning-entries.ts';
import type { PlanningScope } from './planning-api.ts';
import { PlanningCalendar } from './PlanningCalendar.tsx';
import type { TPlanningEntry, TPlanningVehicleRef } from './planning-types.ts';
import { usePlanningEntries } from './queries.ts';
import { defaultViewPeriod, periodFits, periodQuery, PHONE_QUERY, shownDays, type ScheduleView } from './schedule-period.ts';
import { ScopeFilter } from './ScopeFilter.tsx';
import { buildTimelineRows } from './timeline.ts';

// Opened by the few who plan: loads on the first click.
const GeneratePlanningDialog = lazy(() => import('./GeneratePlanningDialog.tsx').then((m) => ({ default: m.GeneratePlanningDialog })));

export interface CalendarPanelProps {
  parkId: string;
  scope: PlanningScope;
  onScopeChange: (scope: { kind: 'vehicle' | 'driver'; id: string } | null) => void;
  view: ScheduleView;
  onViewChange: (view: ScheduleView) => void;
  /** Today in the park. */
  today: Date;
  canGenerate: boolean;
}

/**
 * The calendar tab: whose planning, then on a computer the view and its period, on a phone the
 * day. A phone reads one day at a time: a day of 1,000 vehicles is some 2 MB (the server adds a day
 * each side), their month 16 MB.
 */
export function CalendarPanel({ parkId, scope, onScopeChange, view, onViewChange, today, canGenerate }: CalendarPanelProps) {
  // Read at once, not after a first desktop render, so a phone never asks for the month.
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const [period, setPeriod] = useState<Period>(() => defaultViewPeriod(view, today));
  const [day, setDay] = useState<Date>(() => startOfDay(today));
  const [generating, setGenerating] = useState(false);
  const [generateMounted, setGenerateMounted] = useState(false);

  const query = useMemo(() => periodQuery(phone ? { start: day, end: endOfDay(day) } : period), [phone, day, period]);
  const entries = usePlanningEntries(scope, query);
  const rows = useMemo(() => (entries.data ? buildTimelineRows(entries.data, { from: query.start_date, to: query.end_date }) : null), [entries.data, query]);
  const days = useMemo(() => (phone ? daysBetween(day, day, today) : shownDays(period, view, today)), [phone, day, period, view, today]);
  // While the next period loads, the previous answer stays (placeholder): its rows are not this period's.
  const loading = entries.isPlaceholderData || (entries.isFetching && !entries.data);

  const changeView = (next: ScheduleView) => {
    onViewChange(next);
    setPeriod(defaultViewPeriod(next, today));
  };
  const applyPeriod = (next: Period | null) => {
    if (!next) return setPeriod(defaultViewPeriod(view, today)); // 'Réinitialiser'
    if (!periodFits(next)) return toast.error(PLANNING_MESSAGES.periodTooLong);
    setPeriod(next);
  };
  const openDay = (d: CalendarDay) => {
    onViewChange('agenda');
    setPeriod({ start: d.date, end: endOfDay(d.date) });
  };
  const openVehicle = (vehicle: TPlanningVehicleRef) => onScopeChange({ kind: 'vehicle', id: vehicle.id });
  // A driver's own planning opens the vehicle instead: he is already the one shown.
  const openEntry = (entry: TPlanningEntry) =>
    scope.kind === 'driver' ? onScopeChange({ kind: 'vehicle', id: entry.vehicle.id }) : onScopeChange({ kind: 'driver', id: entry.driver.id });

  // The name of the filtered vehicle or driver, known from the entries before its record loads.
  const knownName = useMemo(() => {
    for (const e of entries.data ?? []) {
      if (scope.kind === 'vehicle' && e.vehicle.id === scope.id) return vehicleLabel(e.vehicle);
      if (scope.kind === 'driver' && e.type === 'planning' && e.driver.id === scope.id) return driverName(e.driver);
    }
    return null;
  }, [entries.data, scope]);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-end">
        <ScopeFilter scope={scope} onChange={onScopeChange} knownName={knownName} />
        {canGenerate ? (
          <Button
            onClick={() => {
              setGenerateMounted(true);
              setGenerating(true);
            }}
            data-testid="planning-generate"
          >
            Générer le planning
          </Button>
        ) : null}
      </Group>

      {phone ? null : <PeriodToolbar view={view} onViewChange={changeView} period={period} onPeriodChange={applyPeriod} today={today} fetching={entries.isFetching} />}

      {entries.isError ? (
        <LoadError title="Impossible de charger le planning" error={entries.error} onRetry={() => void entries.refetch()} testId="planning-error" />
      ) : phone ? (
        <DayView
          day={day}
          today={today}
          // The server pads a read by a day each side: the day before's or after's answer already
          // holds this day's planning, shown at once while its own read runs.
          rows={loading && (!rows || rows.length === 0) ? null : rows}
          loading={entries.isFetching}
          onDayChange={(d) => setDay(startOfDay(d))}
          onOpenVehicle={openVehicle}
          onOpenEntry={openEntry}
        />
      ) : (
        <PlanningCalendar view={view} days={days} rows={loading ? [] : (rows ?? [])} loading={loading || !rows} onOpenVehicle={openVehicle} onOpenEntry={openEntry} onOpenDay={openDay} />
      )}

      {canGenerate && generateMounted ? (
        <Suspense fallback={null}>
          <GeneratePlanningDialog
            opened={generating}
            onClose={() => setGenerating(false)}
            parkId={parkId}
            today={today}
            initialVehicleIds={scope.kind === 'vehicle' ? [scope.id] : []}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
