import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Button, CloseButton, Group, Select, Stack, Text, Title } from '@mantine/core';
import { MAINTENANCE_TITLES, type TMaintenance, type TMaintenanceStatusFilter } from '@flotte/contract/maintenance';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableFetch } from '../../ui/data-table/types.ts';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { EMPTY_RANGE, toDayString, type DateRange } from '../../ui/dates/periods.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useActiveSuppliers } from '../suppliers/queries.ts';
import { VehiclePicker, type PickedVehicle } from '../vehicles/VehiclePicker.tsx';
import { maintenanceApi } from './maintenance-api.ts';
import { maintenanceColumns } from './maintenance-columns.tsx';
import { STATE_FILTER_OPTIONS } from './maintenance-display.ts';
import { maintenanceKeys } from './queries.ts';

// The dialogs load when first opened: the list stays light on a phone.
const ScheduleMaintenanceDialog = lazy(() => import('./ScheduleMaintenanceDialog.tsx').then((m) => ({ default: m.ScheduleMaintenanceDialog })));
const MaintenanceDetailDialog = lazy(() => import('./MaintenanceDetailDialog.tsx').then((m) => ({ default: m.MaintenanceDetailDialog })));

const COLUMNS = maintenanceColumns({ withVehicle: true });

/** A filter chip: the chosen vehicle, or the button that opens its picker. */
function VehicleFilter({ value, onOpen, onClear }: { value: string | null; onOpen: () => void; onClear: () => void }) {
  return value ? (
    <Group gap={4} wrap="nowrap" data-testid="maintenance-vehicle-filter">
      <Button variant="light" onClick={onOpen} maw={220}>
        <Text span size="sm" truncate>
          {value}
        </Text>
      </Button>
      <CloseButton aria-label="Retirer le filtre véhicule" onClick={onClear} />
    </Group>
  ) : (
    <Button variant="default" onClick={onOpen} data-testid="maintenance-vehicle-filter">
      Véhicule
    </Button>
  );
}

/** /dashboard/maintenance (VIEW_MAINTENANCE): the park's maintenances, latest first, with their filters. */
export default function MaintenancePage() {
  const { can } = usePermissions();
  const canManage = can('MANAGE_MAINTENANCE');
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [status, setStatus] = useState<TMaintenanceStatusFilter | null>(null);
  const [supplier, setSupplier] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(EMPTY_RANGE);
  const [picking, setPicking] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [scheduleMounted, setScheduleMounted] = useState(false);
  const [inspecting, setInspecting] = useState<string | null>(null);
  const suppliers = useActiveSuppliers();

  const filters = useMemo(
    () => ({
      vehicle_id: vehicle?.id,
      status: status ?? undefined,
      supplier_id: supplier ?? undefined,
      start_date: range.start ? toDayString(range.start) : undefined,
      end_date: range.end ? toDayString(range.end) : undefined,
    }),
    [vehicle, status, supplier, range],
  );

  const fetchPage: DataTableFetch<TMaintenance> = useCallback(
    (query, signal) =>
      maintenanceApi.list({ page: query.page, itemPerPage: query.itemPerPage, ...(query.filters as typeof filters) }, signal).then((p) => ({ items: p.items, meta: p.meta })),
    [],
  );

  const resetFilters = () => {
    setVehicle(null);
    setStatus(null);
    setSupplier(null);
    setRange(EMPTY_RANGE);
  };

  return (
    <Stack gap="md" data-testid="maintenance-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Entretiens
        </Title>
        <Text c="dimmed" size="sm">
          Les passages des véhicules au garage : à venir, en cours et clôturés.
        </Text>
      </div>
      <DataTable<TMaintenance>
        columns={COLUMNS}
        fetchPage={fetchPage}
        queryKey={maintenanceKeys.list()}
        filters={filters}
        onResetFilters={resetFilters}
        searchable={false}
        filtersSlot={
          <>
            <VehicleFilter value={vehicle?.registration_number ?? null} onOpen={() => setPicking(true)} onClear={() => setVehicle(null)} />
            <Select
              aria-label="État"
              placeholder="État"
              data={STATE_FILTER_OPTIONS}
              value={status}
              onChange={(v) => setStatus(v as TMaintenanceStatusFilter | null)}
              clearable
              w={{ base: '100%', sm: 180 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="maintenance-state-filter"
            />
            <Select
              aria-label="Prestataire"
              placeholder="Prestataire"
              data={(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={supplier}
              onChange={setSupplier}
              searchable
              clearable
              nothingFoundMessage="Aucun élément trouvé"
              w={{ base: '100%', sm: 220 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="maintenance-supplier-filter"
            />
            <DateRangePicker value={range} onChange={setRange} testId="maintenance-period" />
          </>
        }
        onRowClick={(m) => setInspecting(m.id)}
        exportFileName="Entretiens"
        exportTitle="Entretiens"
        minWidth={1000}
        emptyText="Aucun entretien"
        actions={
          canManage ? (
            <Button
              onClick={() => {
                setScheduleMounted(true);
                setScheduling(true);
              }}
              data-testid="maintenance-add"
            >
              {MAINTENANCE_TITLES.schedule}
            </Button>
          ) : null
        }
        testId="maintenance-table"
      />
      <VehiclePicker
        opened={picking}
        onClose={() => setPicking(false)}
        value={vehicle ? [vehicle.id] : undefined}
        allowCreate={false}
        onConfirm={(picked) => {
          setVehicle(picked[0] ?? null);
          setPicking(false);
        }}
      />
      <Suspense fallback={null}>
        {scheduleMounted ? <ScheduleMaintenanceDialog opened={scheduling} onClose={() => setScheduling(false)} onCreated={(m) => setInspecting(m.id)} /> : null}
        {inspecting ? <MaintenanceDetailDialog maintenanceId={inspecting} onClose={() => setInspecting(null)} /> : null}
      </Suspense>
    </Stack>
  );
}
