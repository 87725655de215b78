import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Badge, Button, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_EXPIRING_DAYS } from '@flotte/contract/vehicle-documents';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { formatDate } from '../../ui/format.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { FleetTabs } from '../fleet/FleetTabs.tsx';
import { DocumentVehiclePicker } from './DocumentVehiclePicker.tsx';
import { daysLeftText, DOCUMENT_STATUS } from './document-status.ts';
import { vehicleDocumentKeys } from './queries.ts';
import { vehicleDocumentsApi, type ExpiringDocument } from './vehicle-documents-api.ts';

// The form (and the calendar behind it) downloads when someone adds a document, not with the list.
const NewDocumentDialog = lazy(() => import('./NewDocumentDialog.tsx').then((m) => ({ default: m.NewDocumentDialog })));

const DEFAULT_FILTERS = { days: DOCUMENT_EXPIRING_DAYS };

/** The windows a person picks from, in days ahead of the park's today. */
export const EXPIRY_WINDOWS = [7, 15, 30, 60, 90] as const;

/** A renewal starts the day after the old document ends, so the cover has no gap. */
function dayAfter(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const vehicleName = (d: ExpiringDocument) => [d.vehicle.registration_number, d.vehicle.label].filter(Boolean).join(' · ');

// The state comes second, right after the vehicle; on a phone each document is a card: its type, the vehicle, how long it has left and its end date.
const BASE_COLUMNS: DataTableColumn<ExpiringDocument>[] = [
  {
    key: 'vehicle',
    header: 'Véhicule',
    card: 'subtitle',
    cardRender: vehicleName,
    exportValue: vehicleName,
    render: (d) => (
      <Stack gap={0}>
        <Text size="sm" fw={500} data-testid="expiring-vehicle">
          {d.vehicle.registration_number}
        </Text>
        {d.vehicle.label ? (
          <Text size="xs" c="dimmed">
            {d.vehicle.label}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'days_left',
    header: 'Jours restants',
    card: 'status',
    exportValue: (d) => daysLeftText(d.days_left),
    render: (d) => (
      <Badge color={DOCUMENT_STATUS[d.status].color} variant="light" data-testid="expiring-days-left" data-status={d.status}>
        {daysLeftText(d.days_left)}
      </Badge>
    ),
  },
  { key: 'document_type', header: 'Type de document', card: 'title', exportValue: (d) => d.document_type.name, render: (d) => <span data-testid="expiring-type">{d.document_type.name}</span> },
  { key: 'end_date', header: 'Date de fin', card: 'date', exportValue: (d) => formatDate(d.end_date), render: (d) => formatDate(d.end_date), cardRender: (d) => `Fin : ${formatDate(d.end_date)}` },
];

/** /dashboard/drivers/documents: the park's vehicle papers already ended or ending within the chosen window, soonest first. */
export default function ExpiringDocumentsPage() {
  const { parkId } = useSession();
  const { can } = usePermissions();
  const canAdd = can('MANAGE_DRIVER_VEHICLE');
  const [days, setDays] = useState<number>(DOCUMENT_EXPIRING_DAYS);
  const [picking, setPicking] = useState(false);
  // The document being written: for a vehicle picked in the list, or renewing a row's document.
  const [adding, setAdding] = useState<{ vehicleId: string; documentTypeId?: number; startDate?: string } | null>(null);
  const columns = useMemo<DataTableColumn<ExpiringDocument>[]>(
    () =>
      canAdd
        ? [
            ...BASE_COLUMNS,
            {
              key: 'actions',
              header: '',
              exportable: false,
              align: 'right',
              card: 'actions',
              render: (d) => (
                <Button size="xs" variant="light" onClick={() => setAdding({ vehicleId: d.vehicle.id, documentTypeId: d.document_type.id, startDate: dayAfter(d.end_date) })} data-testid="expiring-renew">
                  Renouveler
                </Button>
              ),
            },
          ]
        : BASE_COLUMNS,
    [canAdd],
  );
  const filters = useMemo(() => ({ days }), [days]);
  const phone = useIsPhone();
  const fetchPage: DataTableFetch<ExpiringDocument> = useCallback(
    (query, signal) =>
      vehicleDocumentsApi.expiring({ days: Number(query.filters.days) || DOCUMENT_EXPIRING_DAYS, page: query.page, itemPerPage: query.itemPerPage, search: query.search }, signal),
    [],
  );

  return (
    <Stack gap="md" data-testid="expiring-documents-page">
      <FleetTabs />
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Documents à renouveler
        </Title>
        <Text c="dimmed" size="sm">
          Les documents des véhicules déjà expirés ou qui expirent dans les {days} prochains jours.
        </Text>
      </div>
      <DataTable<ExpiringDocument>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={vehicleDocumentKeys.expiring()}
        filters={filters}
        defaultFilters={DEFAULT_FILTERS}
        onResetFilters={() => setDays(DOCUMENT_EXPIRING_DAYS)}
        filtersSlot={
          <SegmentedControl
            value={String(days)}
            onChange={(v) => setDays(Number(v))}
            data={EXPIRY_WINDOWS.map((n) => ({ value: String(n), label: `${n} jours` }))}
            size="xs"
            fullWidth={phone}
            aria-label="Fenêtre d'expiration"
            data-testid="expiring-days"
          />
        }
        searchPlaceholder="Rechercher un véhicule ou un document"
        emptyText="Aucun document n'expire dans cette période"
        exportFileName="Documents"
        exportTitle="Documents à renouveler"
        minWidth={640}
        actions={
          canAdd ? (
            <Button onClick={() => setPicking(true)} data-testid="document-add">
              Nouveau document
            </Button>
          ) : null
        }
        testId="expiring-documents-table"
      />
      {canAdd && parkId ? (
        <>
          <DocumentVehiclePicker opened={picking} parkId={parkId} onClose={() => setPicking(false)} onPick={(v) => setAdding({ vehicleId: v.id })} />
          {adding ? (
            <Suspense fallback={null}>
              <NewDocumentDialog vehicleId={adding.vehicleId} documentTypeId={adding.documentTypeId} startDate={adding.startDate} opened onClose={() => setAdding(null)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
