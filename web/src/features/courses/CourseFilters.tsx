import { useMemo, useState } from 'react';
import { PickedFilter } from '../../ui/data-table/PickedFilter.tsx';
import { countActiveFilters } from '../../ui/data-table/card-layout.ts';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { EMPTY_RANGE, toDayString, type DateRange } from '../../ui/dates/periods.ts';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import type { PickedDriver } from '../drivers/DriverPicker.tsx';
import type { PickedVehicle } from '../vehicles/VehiclePicker.tsx';
import { useFleetFilterPickers } from '../vehicles/FleetFilterPickers.tsx';
import type { CourseListQuery } from './courses-api.ts';


interface Values {
  client: string | null;
  vehicle: PickedVehicle | null;
  driver: PickedDriver | null;
  range: DateRange;
}

const NONE: Values = { client: null, vehicle: null, driver: null, range: EMPTY_RANGE };

export type CourseFilterQuery = Pick<CourseListQuery, 'client_id' | 'vehicle_id' | 'driver_id' | 'start_date' | 'end_date'>;

/**
 * The courses' filters (client, vehicle, driver, period), shared by the three sections. `slot`
 * holds the inputs (the page folds them into 'Filtres' on a phone); `pickers` are the vehicle and
 * driver pickers, kept outside the phone's filter sheet so they open over it.
 */
export function useCourseFilters() {
  const [v, setValues] = useState<Values>(NONE);
  const set = (patch: Partial<Values>) => setValues((old) => ({ ...old, ...patch }));
  const { open: setPicking, pickers } = useFleetFilterPickers({
    vehicleId: v.vehicle?.id,
    driverId: v.driver?.id,
    onVehicle: (vehicle) => set({ vehicle }),
    onDriver: (driver) => set({ driver }),
  });

  const query: CourseFilterQuery = useMemo(
    () => ({
      client_id: v.client ?? undefined,
      vehicle_id: v.vehicle?.id,
      driver_id: v.driver?.id,
      start_date: v.range.start ? toDayString(v.range.start) : undefined,
      end_date: v.range.end ? toDayString(v.range.end) : undefined,
    }),
    [v],
  );

  const slot = (
    <>
      <ClientPicker label="Client" value={v.client} onChange={(client) => set({ client })} testId="courses-client-filter" />
      <PickedFilter label="Véhicule" value={v.vehicle?.registration_number ?? null} onOpen={() => setPicking('vehicle')} onClear={() => set({ vehicle: null })} testId="courses-vehicle-filter" />
      <PickedFilter
        label="Chauffeur"
        value={v.driver ? `${v.driver.first_name} ${v.driver.last_name}` : null}
        onOpen={() => setPicking('driver')}
        onClear={() => set({ driver: null })}
        testId="courses-driver-filter"
      />
      <DateRangePicker value={v.range} onChange={(range) => set({ range })} testId="courses-period" />
    </>
  );


  return { query, slot, pickers, count: countActiveFilters(query), reset: () => setValues(NONE) };
}
