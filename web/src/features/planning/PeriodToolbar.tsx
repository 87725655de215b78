import { ActionIcon, Group, Loader, SegmentedControl, Text } from '@mantine/core';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { PeriodPresetSelect } from '../../ui/dates/PeriodPresetSelect.tsx';
import { presetOf, type Period } from '../../ui/dates/periods.ts';
import { periodTitle, SCHEDULE_VIEW_LABELS, SCHEDULE_VIEWS, shiftPeriod, type ScheduleView } from './schedule-period.ts';

const VIEW_OPTIONS = SCHEDULE_VIEWS.map((v) => ({ value: v, label: SCHEDULE_VIEW_LABELS[v] }));

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6'} />
    </svg>
  );
}

export interface PeriodToolbarProps {
  view: ScheduleView;
  onViewChange: (view: ScheduleView) => void;
  period: Period;
  /** null: back to the view's default ('Réinitialiser'). */
  onPeriodChange: (period: Period | null) => void;
  today: Date;
  fetching: boolean;
}

/** The computer's controls: the view, the period (preset or range), and the arrows around its title. */
export function PeriodToolbar({ view, onViewChange, period, onPeriodChange, today, fetching }: PeriodToolbarProps) {
  const title = periodTitle(period);
  return (
    <>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl data={VIEW_OPTIONS} value={view} onChange={(v) => onViewChange(v as ScheduleView)} aria-label="Vue du calendrier" data-testid="planning-view" />
        <PeriodPresetSelect value={presetOf(period, today)} onChange={(_, next) => onPeriodChange(next)} placeholder="Période" testId="planning-preset" />
        <DateRangePicker value={period} onChange={(r) => onPeriodChange(r.start && r.end ? { start: r.start, end: r.end } : null)} testId="planning-range" />
      </Group>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <ActionIcon variant="default" size="lg" onClick={() => onPeriodChange(shiftPeriod(period, -1))} aria-label="Période précédente" data-testid="planning-previous">
          <Chevron direction="left" />
        </ActionIcon>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text fw={700} size="lg" ta="center" truncate data-testid="planning-period-title">
            {title.charAt(0).toUpperCase() + title.slice(1)}
          </Text>
          {fetching ? <Loader size="xs" aria-label="Chargement" /> : null}
        </Group>
        <ActionIcon variant="default" size="lg" onClick={() => onPeriodChange(shiftPeriod(period, 1))} aria-label="Période suivante" data-testid="planning-next">
          <Chevron direction="right" />
        </ActionIcon>
      </Group>
    </>
  );
}
