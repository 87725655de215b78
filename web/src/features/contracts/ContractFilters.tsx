import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import type { TContractStatus, TContractType } from '@flotte/contract/contracts';
import { PickedFilter } from '../../ui/data-table/PickedFilter.tsx';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { EMPTY_RANGE, toDayString, type DateRange } from '../../ui/dates/periods.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import type { PickedDriver } from '../drivers/DriverPicker.tsx';
import { useOwners } from '../vehicles/queries.ts';
import type { PickedVehicle } from '../vehicles/VehiclePicker.tsx';
import { useFleetFilterPickers } from '../vehicles/FleetFilterPickers.tsx';
import { CONTRACT_STATUS_OPTIONS, CONTRACT_TYPE_OPTIONS } from './contract-display.ts';


interface Values {
  type: TContractType | null;
  status: TContractStatus | null;
  vehicle: PickedVehicle | null;
  driver: PickedDriver | null;
  owner: string | null;
  range: DateRange;
}

const NONE: Values = { type: null, status: null, vehicle: null, driver: null, owner: null, range: EMPTY_RANGE };

/**
 * The contracts list's filters (type, status, vehicle, driver, owner, period) and the query they
 * send. `slot` goes in the DataTable's toolbar (folded into 'Filtres' on a phone); `pickers` are the
 * vehicle and driver pickers, kept outside the phone's filter sheet so they open over it.
 */
export function useContractFilters() {
  const { parkId } = useSession();
  const [v, setValues] = useState<Values>(NONE);
  const set = (patch: Partial<Values>) => setValues((old) => ({ ...old, ...patch }));
  const { open: setPicking, pickers } = useFleetFilterPickers({
    vehicleId: v.vehicle?.id,
    driverId: v.driver?.id,
    onVehicle: (vehicle) => set({ vehicle }),
    onDriver: (driver) => set({ driver }),
  });
  const owners = useOwners(parkId);

  const query = useMemo(
    () => ({
      contract_type: v.type ?? undefined,
      contract_status: v.status ?? undefined,
      vehicle_id: v.vehicle?.id,
      driver_id: v.driver?.id,
      vehicle_owner_id: v.owner ?? undefined,
      start_date: v.range.start ? toDayString(v.range.start) : undefined,
      end_date: v.range.end ? toDayString(v.range.end) : undefined,
    }),
    [v],
  );

  const slot = (
    <>
      <Select
        aria-label="Type de contrat"
        placeholder="Type"
        data={CONTRACT_TYPE_OPTIONS}
        value={v.type}
        onChange={(type) => set({ type: type as TContractType | null })}
        clearable
        w={{ base: '100%', sm: 250 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="contracts-type-filter"
      />
      <Select
        aria-label="Statut"
        placeholder="Statut"
        data={CONTRACT_STATUS_OPTIONS}
        value={v.status}
        onChange={(status) => set({ status: status as TContractStatus | null })}
        clearable
        w={{ base: '100%', sm: 220 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="contracts-status-filter"
      />
      <PickedFilter label="Véhicule" value={v.vehicle?.registration_number ?? null} onOpen={() => setPicking('vehicle')} onClear={() => set({ vehicle: null })} testId="contracts-vehicle-filter" />
      <PickedFilter
        label="Chauffeur"
        value={v.driver ? `${v.driver.first_name} ${v.driver.last_name}` : null}
        onOpen={() => setPicking('driver')}
        onClear={() => set({ driver: null })}
        testId="contracts-driver-filter"
      />
      <Select
        aria-label="Propriétaire"
        placeholder="Propriétaire"
        data={(owners.data ?? []).map((o) => ({ value: o.id, label: o.display_name }))}
        value={v.owner}
        onChange={(owner) => set({ owner })}
        searchable
        clearable
        nothingFoundMessage={owners.isPending ? 'Chargement…' : 'Aucun propriétaire'}
        w={{ base: '100%', sm: 220 }}
        comboboxProps={{ withinPortal: true }}
        data-testid="contracts-owner-filter"
      />
      <DateRangePicker value={v.range} onChange={(range) => set({ range })} testId="contracts-period" />
    </>
  );


  return { query, slot, pickers, reset: () => setValues(NONE) };
}
