import { LoadError } from '../../ui/LoadError.tsx';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { PLANNING_MESSAGES } from '@flotte/contract/planning';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { PeriodPresetSelect } from '../../ui/dates/PeriodPresetSelect.tsx';
import { presetOf, type Period } from '../../ui/dates/periods.ts';
import { toast } from '../../ui/toast.ts';
import { driverName, vehicleLabel } from './planning-entries.ts';
import type { PlanningScope } from './planning-api.ts';
import { PlanningCalendar } from './PlanningCalendar.tsx';
import { usePlanningEntries } from './queries.ts';
import {
  defaultSchedulePeriod,
  fetchRange,
  periodFits,
  periodQuery,
  periodTitle,
  SCHEDULE_VIEW_LABELS,
  SCHEDULE_VIEWS,
  shiftPeriod,
  type ScheduleView,
} from './schedule-period.ts';
import { ScopeFilter } from './ScopeFilter.tsx';

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

const VIEW_OPTIONS = SCHEDULE_VIEWS.map((v) => ({ value: v, label: SCHEDULE_VIEW_LABELS[v] }));

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

/** The calendar tab: whose planning, the period, the view, and the entries. */
export function CalendarPanel({ parkId, scope, onScopeChange, view, onViewChange, today, canGenerate }: CalendarPanelProps) {
  const [period, setPeriod] = useState<Period>(() => defaultSchedulePeriod(today));
  const [generating, setGenerating] = useState(false);
  const [generateMounted, setGenerateMounted] = useState(false);
  const query = useMemo(() => periodQuery(fetchRange(period, view)), [period, view]);
  const entries = usePlanningEntries(scope, query);

  const applyPeriod = (next: Period | null) => {
    if (!next) return setPeriod(defaultSchedulePeriod(today)); // 'Réinitialiser'
    if (!periodFits(next)) return toast.error(PLANNING_MESSAGES.periodTooLong);
    setPeriod(next);
  };

  // The name of the filtered vehicle or driver, known from the entries before its record loads.
  const knownName = useMemo(() => {
    for (const e of entries.data ?? []) {
      if (scope.kind === 'vehicle' && e.vehicle.id === scope.id) return vehicleLabel(e.vehicle);
      if (scope.kind === 'driver' && e.type === 'planning' && e.driver.id === scope.id) return driverName(e.driver);
    }
    return null;
  }, [entries.data, scope]);
  const title = periodTitle(period);

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

      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl w={{ base: '100%', xs: 'auto' }} data={VIEW_OPTIONS} value={view} onChange={(v) => onViewChange(v as ScheduleView)} aria-label="Vue du calendrier" data-testid="planning-view" />
        <PeriodPresetSelect value={presetOf(period, today)} onChange={(_, next) => applyPeriod(next)} placeholder="Période" testId="planning-preset" />
        <DateRangePicker value={period} onChange={(r) => applyPeriod(r.start && r.end ? { start: r.start, end: r.end } : null)} testId="planning-range" />
      </Group>

      <Group justify="space-between" gap="xs" wrap="nowrap">
        <ActionIcon variant="default" size="lg" onClick={() => applyPeriod(shiftPeriod(period, -1))} aria-label="Période précédente" data-testid="planning-previous">
          <Chevron direction="left" />
        </ActionIcon>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text fw={700} size="lg" ta="center" truncate data-testid="planning-period-title">
            {title.charAt(0).toUpperCase() + title.slice(1)}
          </Text>
          {entries.isFetching ? <Loader size="xs" aria-label="Chargement" /> : null}
        </Group>
        <ActionIcon variant="default" size="lg" onClick={() => applyPeriod(shiftPeriod(period, 1))} aria-label="Période suivante" data-testid="planning-next">
          <Chevron direction="right" />
        </ActionIcon>
      </Group>

      {entries.isError ? (
        <LoadError title="Impossible de charger le planning" error={entries.error} onRetry={() => void entries.refetch()} testId="planning-error" />
      ) : entries.data ? (
        <PlanningCalendar
          view={view}
          period={period}
          today={today}
          entries={entries.data}
          hideVehicle={scope.kind === 'vehicle'}
          hideDriver={scope.kind === 'driver'}
        />
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label="Chargement du planning" />
        </Group>
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
