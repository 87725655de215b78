import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PickedDriver } from '../drivers/DriverPicker.tsx';
import type { PickedVehicle } from './VehiclePicker.tsx';

// The pickers load on the first click that opens one: a list's first paint stays within its weight.
const VehiclePicker = lazy(() => import('./VehiclePicker.tsx').then((m) => ({ default: m.VehiclePicker })));
const DriverPicker = lazy(() => import('../drivers/DriverPicker.tsx').then((m) => ({ default: m.DriverPicker })));

type Which = 'vehicle' | 'driver';

/**
 * The vehicle and driver pickers of a list's filters (contracts, courses): `open` shows one,
 * `pickers` renders them (outside the phone's filter sheet, so they open over it), each mounted on
 * its first opening only.
 */
export function useFleetFilterPickers(p: {
  vehicleId: string | undefined;
  driverId: string | undefined;
  onVehicle: (vehicle: PickedVehicle | null) => void;
  onDriver: (driver: PickedDriver | null) => void;
}): { open: (which: Which) => void; pickers: ReactNode } {
  const [picking, setPicking] = useState<Which | null>(null);
  const [mounted, setMounted] = useState<ReadonlySet<Which>>(new Set());
  const open = (which: Which) => {
    if (!mounted.has(which)) setMounted(new Set([...mounted, which]));
    setPicking(which);
  };
  const pickers = (
    <Suspense fallback={null}>
      {mounted.has('vehicle') ? (
        <VehiclePicker
          opened={picking === 'vehicle'}
          onClose={() => setPicking(null)}
          value={p.vehicleId ? [p.vehicleId] : undefined}
          allowCreate={false}
          onConfirm={(picked) => {
            p.onVehicle(picked[0] ?? null);
            setPicking(null);
          }}
        />
      ) : null}
      {mounted.has('driver') ? (
        <DriverPicker
          opened={picking === 'driver'}
          onClose={() => setPicking(null)}
          value={p.driverId ? [p.driverId] : undefined}
          onConfirm={(picked) => {
            p.onDriver(picked[0] ?? null);
            setPicking(null);
          }}
        />
      ) : null}
    </Suspense>
  );
  return { open, pickers };
}
