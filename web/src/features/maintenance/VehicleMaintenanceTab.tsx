import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { MAINTENANCE_TITLES, type TMaintenance } from '@flotte/contract/maintenance';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableFetch } from '../../ui/data-table/types.ts';
import { usePermissions } from '../auth/permissions.ts';
import { maintenanceApi } from './maintenance-api.ts';
import { maintenanceColumns } from './maintenance-columns.tsx';
import { maintenanceKeys } from './queries.ts';

const ScheduleMaintenanceDialog = lazy(() => import('./ScheduleMaintenanceDialog.tsx').then((m) => ({ default: m.ScheduleMaintenanceDialog })));
const MaintenanceDetailDialog = lazy(() => import('./MaintenanceDetailDialog.tsx').then((m) => ({ default: m.MaintenanceDetailDialog })));

const COLUMNS = maintenanceColumns({ withVehicle: false });

export interface VehicleMaintenanceTabProps {
  vehicle: { id: string; registration_number: string };
  /**
   * Told when a maintenance dialog opens over the vehicle's details and when it closes: every open
   * Mantine modal closes on Escape (a window listener), so the details must not while one is open.
   */
  onNestedDialog?: (open: boolean) => void;
}

/**
 * The vehicle details' 'Entretiens' tab: its maintenance history, latest first (cards on a phone),
 * and 'Programmer un entretien' for it. Loaded when the tab is first opened.
 */
export default function VehicleMaintenanceTab({ vehicle, onNestedDialog }: VehicleMaintenanceTabProps) {
  const canManage = usePermissions().can('MANAGE_MAINTENANCE');
  const [scheduling, setScheduling] = useState(false);
  const [scheduleMounted, setScheduleMounted] = useState(false);
  const [inspecting, setInspecting] = useState<string | null>(null);
  const nested = scheduling || inspecting !== null;
  useEffect(() => {
    onNestedDialog?.(nested);
  }, [nested]);
  useEffect(() => () => onNestedDialog?.(false), []);
  const filters = useMemo(() => ({ vehicle_id: vehicle.id }), [vehicle.id]);
  const fetchPage: DataTableFetch<TMaintenance> = useCallback(
    (query, signal) =>
      maintenanceApi.list({ page: query.page, itemPerPage: query.itemPerPage, vehicle_id: query.filters.vehicle_id as string }, signal).then((p) => ({ items: p.items, meta: p.meta })),
    [],
  );

  return (
    <Stack gap="sm" data-testid="vehicle-maintenance">
      <DataTable<TMaintenance>
        columns={COLUMNS}
        fetchPage={fetchPage}
        queryKey={maintenanceKeys.list()}
        filters={filters}
        searchable={false}
        defaultPageSize={10}
        onRowClick={(m) => setInspecting(m.id)}
        emptyText="Aucun entretien pour ce véhicule"
        minWidth={720}
        actions={
          canManage ? (
            <Button
              onClick={() => {
                setScheduleMounted(true);
                setScheduling(true);
              }}
              data-testid="vehicle-maintenance-add"
            >
              {MAINTENANCE_TITLES.schedule}
            </Button>
          ) : null
        }
        testId="vehicle-maintenance-table"
      />
      <Suspense fallback={null}>
        {scheduleMounted ? (
          <ScheduleMaintenanceDialog opened={scheduling} onClose={() => setScheduling(false)} vehicle={vehicle} onCreated={(m) => setInspecting(m.id)} />
        ) : null}
        {inspecting ? <MaintenanceDetailDialog maintenanceId={inspecting} onClose={() => setInspecting(null)} /> : null}
      </Suspense>
    </Stack>
  );
}
