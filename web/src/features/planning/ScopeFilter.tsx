import { lazy, Suspense, useState } from 'react';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDriver } from '../drivers/queries.ts';
import { vehicleKeys } from '../vehicles/queries.ts';
import { vehiclesApi } from '../vehicles/vehicles-api.ts';
import { driverName, vehicleLabel } from './planning-entries.ts';
import type { PlanningScope } from './planning-api.ts';

// The pickers load when first opened.
const VehiclePicker = lazy(() => import('../vehicles/VehiclePicker.tsx').then((m) => ({ default: m.VehiclePicker })));
const DriverPicker = lazy(() => import('../drivers/DriverPicker.tsx').then((m) => ({ default: m.DriverPicker })));

export interface ScopeFilterProps {
  scope: PlanningScope;
  /** null: the whole park. */
  onChange: (scope: { kind: 'vehicle' | 'driver'; id: string } | null) => void;
  /** A name already known from the entries, shown while the record loads. */
  knownName?: string | null;
}

/** The vehicle's or driver's name for the filter chip (the URL only carries its id). */
function useScopeName(scope: PlanningScope): string | null {
  const vehicleId = scope.kind === 'vehicle' ? scope.id : null;
  const vehicle = useQuery({
    queryKey: [...vehicleKeys.all, 'detail', vehicleId ?? ''],
    queryFn: ({ signal }) => vehiclesApi.get(vehicleId!, signal),
    enabled: vehicleId !== null,
    staleTime: 60_000,
  });
  const driver = useDriver(scope.kind === 'driver' ? scope.id : null);
  if (scope.kind === 'vehicle') return vehicle.data ? vehicleLabel(vehicle.data) : null;
  if (scope.kind === 'driver') return driver.data ? driverName(driver.data) : null;
  return null;
}

/**
 * 'Véhicule' and 'Chauffeur' chips: the calendar of one vehicle (its work programme) or of one
 * driver, or, with neither, of the whole park. One at a time, as the URL says (?vehicle_id= or
 * ?driver_id=).
 */
export function ScopeFilter({ scope, onChange, knownName }: ScopeFilterProps) {
  const [picking, setPicking] = useState<'vehicle' | 'driver' | null>(null);
  const [pickerMounted, setPickerMounted] = useState<'vehicle' | 'driver' | null>(null);
  const name = useScopeName(scope) ?? knownName ?? '…';
  const open = (kind: 'vehicle' | 'driver') => {
    setPickerMounted(kind);
    setPicking(kind);
  };

  const chip = (kind: 'vehicle' | 'driver', label: string) =>
    scope.kind === kind ? (
      <Group gap={4} wrap="nowrap" data-testid={`schedule-${kind}-filter`}>
        <Button variant="light" onClick={() => open(kind)} maw={240}>
          <Text span size="sm" truncate>
            {name}
          </Text>
        </Button>
        <CloseButton aria-label={`Retirer le filtre ${label.toLowerCase()}`} onClick={() => onChange(null)} data-testid={`schedule-${kind}-filter-clear`} />
      </Group>
    ) : (
      <Button variant="default" onClick={() => open(kind)} data-testid={`schedule-${kind}-filter`}>
        {label}
      </Button>
    );

  return (
    <>
      <Group gap="xs">
        {chip('vehicle', 'Véhicule')}
        {chip('driver', 'Chauffeur')}
      </Group>
      <Suspense fallback={null}>
        {pickerMounted === 'vehicle' ? (
          <VehiclePicker
            opened={picking === 'vehicle'}
            onClose={() => setPicking(null)}
            allowCreate={false}
            value={scope.kind === 'vehicle' ? [scope.id] : undefined}
            onConfirm={(picked) => {
              if (picked[0]) onChange({ kind: 'vehicle', id: picked[0].id });
            }}
          />
        ) : null}
        {pickerMounted === 'driver' ? (
          <DriverPicker
            opened={picking === 'driver'}
            onClose={() => setPicking(null)}
            value={scope.kind === 'driver' ? [scope.id] : undefined}
            onConfirm={(picked) => {
              if (picked[0]) onChange({ kind: 'driver', id: picked[0].id });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
