import { Badge, Box, Group, Text } from '@mantine/core';
import {
  driverName,
  entryTitle,
  INTERIM_LABEL,
  isMaintenance,
  MAINTENANCE_LABEL,
  maintenanceSpan,
  SALARY_DAY_LABEL,
  SLOT_LABELS,
  slotHours,
  vehicleLabel,
} from './planning-entries.ts';
import type { TCalendarEntry, TPlanningEntry } from './planning-types.ts';

export interface PlanningEntryCardProps {
  entry: TCalendarEntry;
  /** The month grid's cells: fewer words, one line each. */
  compact?: boolean;
  /** Hide the vehicle (the calendar of one vehicle) or the driver (of one driver). */
  hideVehicle?: boolean;
  hideDriver?: boolean;
}

/** Compact cells name the slot briefly; the full day's slot reads in the card's title. */
const SHORT_SLOT: Record<TPlanningEntry['slot'], string> = { full: 'Journée', first: '1re moitié', second: '2e moitié' };

/**
 * One planning entry: the vehicle, the driver, the slot and its hours, with the salary-day and
 * interim badges; a maintenance reads 'Entretien' on yellow, with its dates outside the month grid.
 */
export function PlanningEntryCard({ entry, compact = false, hideVehicle = false, hideDriver = false }: PlanningEntryCardProps) {
  const maintenance = isMaintenance(entry);
  const accent = maintenance ? 'yellow' : entry.role === 'interim' ? 'grape' : 'brand';
  return (
    <Box
      px={compact ? 6 : 'sm'}
      py={compact ? 2 : 'xs'}
      bg={maintenance ? 'yellow.1' : `${accent}.0`}
      title={entryTitle(entry)}
      data-testid={maintenance ? 'planning-maintenance' : 'planning-entry'}
      data-slot={maintenance ? undefined : entry.slot}
      style={{
        borderLeft: `3px solid var(--mantine-color-${accent}-${maintenance ? 5 : 6})`,
        borderRadius: 'var(--mantine-radius-sm)',
        minWidth: 0,
      }}
    >
      {maintenance ? (
        <>
          <Text size="xs" fw={700} c="yellow.9">
            {MAINTENANCE_LABEL}
          </Text>
          <Text size={compact ? 'xs' : 'sm'} truncate>
            {vehicleLabel(entry.vehicle)}
          </Text>
          {!compact && maintenanceSpan(entry) ? (
            <Text size="xs" c="dimmed" data-testid="planning-maintenance-dates">
              {maintenanceSpan(entry)}
            </Text>
          ) : null}
        </>
      ) : (
        <>
          {hideVehicle ? null : (
            <Text size={compact ? 'xs' : 'sm'} fw={600} truncate>
              {compact ? entry.vehicle.registration_number : vehicleLabel(entry.vehicle)}
            </Text>
          )}
          {hideDriver ? null : (
            <Text size={compact ? 'xs' : 'sm'} truncate fw={hideVehicle ? 600 : undefined}>
              {driverName(entry.driver)}
            </Text>
          )}
          <Text size="xs" c="dimmed" truncate={compact ? true : undefined}>
            {compact ? SHORT_SLOT[entry.slot] : SLOT_LABELS[entry.slot]}
            {slotHours(entry) && !compact ? ` · ${slotHours(entry)}` : ''}
          </Text>
          {entry.is_salary_day || entry.role === 'interim' ? (
            <Group gap={4} mt={2} wrap="wrap">
              {entry.is_salary_day ? (
                <Badge size="xs" color="teal" variant="light" tt="none" data-testid="planning-salary-day">
                  {SALARY_DAY_LABEL}
                </Badge>
              ) : null}
              {entry.role === 'interim' ? (
                <Badge size="xs" color="grape" variant="light" tt="none" data-testid="planning-interim">
                  {INTERIM_LABEL}
                </Badge>
              ) : null}
            </Group>
          ) : null}
        </>
      )}
    </Box>
  );
}
