import { useCallback, useMemo, useState } from 'react';
import { Badge, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PHONE_GPS_HISTORY_PAGE_SIZE, type TGpsPhone, type TGpsPhones, type TPhoneHistory } from '@flotte/contract/phone-gps';
import type { Page } from '@flotte/contract';
import { api } from '../../api/client.ts';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import { DateRangePicker, FrenchDatesProvider } from '../../ui/dates/DateRangePicker.tsx';
import { EMPTY_RANGE, toDayString, type DateRange } from '../../ui/dates/periods.ts';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { FleetMap, type FleetMapMarker } from '../../ui/map/index.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { formatCoordinates, formatFixAge, formatSpeed } from './gps-display.ts';
import { PagePicker } from '../../ui/PagePicker.tsx';

/** On duty: green; off duty: grey (both 4.5:1 under white text, as the vehicle map's). */
const ON_DUTY = '#237a36';
const OFF_DUTY = '#495057';

const phoneKeys = {
  all: (parkId: string | null) => ['gps', 'phones', parkId] as const,
  history: (parkId: string | null, id: string, page: number, start: string, end: string) => ['gps', 'phones', parkId, 'history', id, page, start, end] as const,
};

const nameOf = (p: TGpsPhone) => `${p.driver.first_name} ${p.driver.last_name}`.trim();
/** Wire datetime 'yyyy-MM-ddTHH:mm:ss' as 'dd/MM/yyyy HH:mm:ss', read as written (the park's zone). */
function wireText(wire: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(wire);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : wire;
}

function markerOf(p: TGpsPhone): FleetMapMarker | null {
  if (!p.last_position) return null;
  const parts = [nameOf(p), p.on_duty ? 'En service' : 'Hors service', formatFixAge(p.age_seconds)];
  return { id: p.driver.id, latitude: p.last_position.latitude, longitude: p.last_position.longitude, label: p.driver.first_name || nameOf(p), color: p.on_duty ? ON_DUTY : OFF_DUTY, title: parts.filter(Boolean).join(' · ') };
}

const COLUMNS: DataTableColumn<TGpsPhone>[] = [
  { key: 'driver', header: 'Chauffeur', card: 'title', render: (p) => <Text size="sm" fw={600}>{nameOf(p)}</Text>, cardRender: nameOf },
  { key: 'phone', header: 'Téléphone', card: 'subtitle', render: (p) => p.driver.phone },
  {
    key: 'duty',
    header: 'Service',
    card: 'status',
    render: (p) => (
      <Badge color={p.on_duty ? 'green' : 'gray'} variant="light" tt="none">
        {p.on_duty ? 'En service' : 'Hors service'}
      </Badge>
    ),
  },
  { key: 'age', header: 'Dernière position', card: 'date', render: (p) => (p.last_position ? formatFixAge(p.age_seconds) : 'Aucune position'), cardRender: (p) => (p.last_position ? formatFixAge(p.age_seconds) : 'Aucune position') },
  { key: 'place', header: 'Coordonnées', card: 'meta', render: (p) => (p.last_position ? formatCoordinates(p.last_position.latitude, p.last_position.longitude) : '—'), cardRender: (p) => (p.last_position ? formatCoordinates(p.last_position.latitude, p.last_position.longitude) : null) },
];

/**
 * /dashboard/gps/phones (tab view VIEW_PHONE_GPS, READ_GEOLOCALISATION): the drivers who share
 * their phone's position, each one's last position on a map and in a list (cards on a phone),
 * asked again every 30 s; a tap on a driver opens his history, 5 positions a page, between two days.
 */
export default function PhoneGpsPage() {
  const { can } = usePermissions();
  if (!can('READ_GEOLOCALISATION')) return <AccessDenied />;
  return <PhonesScreen />;
}

function PhonesScreen() {
  const { parkId } = useSession();
  const phone = useIsPhone();
  const [chosen, setChosen] = useState<TGpsPhone | null>(null);
  const phones = useQuery({
    queryKey: phoneKeys.all(parkId),
    queryFn: ({ signal }) => api.get<TGpsPhones>('/gps/phones', undefined, signal),
    refetchInterval: 30_000,
  });
  const items = useMemo(() => phones.data?.items ?? [], [phones.data]);
  const markers = useMemo(() => items.flatMap((p) => markerOf(p) ?? []), [items]);
  const byId = useMemo(() => new Map(items.map((p) => [p.driver.id, p])), [items]);

  const fetchPage: DataTableFetch<TGpsPhone> = useCallback(
    async (query) => {
      const q = (query.search ?? '').trim().toLowerCase();
      const found = q ? items.filter((p) => `${nameOf(p)} ${p.driver.phone}`.toLowerCase().includes(q)) : items;
      const start = (query.page - 1) * query.itemPerPage;
      return { items: found.slice(start, start + query.itemPerPage), meta: { page: query.page, itemPerPage: query.itemPerPage, total: found.length } } satisfies Page<TGpsPhone>;
    },
    [items],
  );

  return (
    <Stack gap="md" data-testid="phone-gps-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          GPS téléphones
        </Title>
        <Text c="dimmed" size="sm">
          La dernière position des chauffeurs qui la partagent pendant leur service, mise à jour toutes les 30 secondes.
        </Text>
      </div>
      {phones.isError ? (
        <LoadError title="Impossible de charger les positions" error={phones.error} onRetry={() => void phones.refetch()} testId="phone-gps-error" />
      ) : !phones.data ? (
        <Stack gap="md">
          <Skeleton h={phone ? 280 : 420} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      ) : (
        <>
          <FleetMap
            markers={markers}
            onMarkerClick={(id) => setChosen(byId.get(id) ?? null)}
            height={phone ? 280 : 420}
            label={`Carte des téléphones\u00a0: ${markers.length} chauffeur${markers.length > 1 ? 's' : ''} positionné${markers.length > 1 ? 's' : ''}`}
            testId="phone-gps-map"
          />
          <DataTable<TGpsPhone>
            columns={COLUMNS}
            fetchPage={fetchPage}
            queryKey={[...phoneKeys.all(parkId), 'list', phones.dataUpdatedAt]}
            getRowId={(p) => p.driver.id}
            onRowClick={setChosen}
            searchPlaceholder="Rechercher un chauffeur"
            defaultPageSize={20}
            emptyText="Aucun chauffeur ne partage sa position pour l'instant"
            minWidth={640}
            testId="phone-gps-list"
          />
          <Text size="xs" c="dimmed">
            Les positions sont effacées après {phones.data.retention_days} jours.
          </Text>
        </>
      )}
      <HistoryDialog phone={chosen} onClose={() => setChosen(null)} />
    </Stack>
  );
}

/** A driver's positions, newest first, 5 a page, over a period (optional). */
function HistoryDialog({ phone, onClose }: { phone: TGpsPhone | null; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={phone !== null} onClose={onClose} title={phone ? `Historique de ${nameOf(phone)}` : ''} size="lg" fullScreen={fullScreen} data-testid="phone-gps-history">
      {phone ? (
        <FrenchDatesProvider>
          <History key={phone.driver.id} phone={phone} />
        </FrenchDatesProvider>
      ) : null}
    </Modal>
  );
}

function History({ phone }: { phone: TGpsPhone }) {
  const { parkId } = useSession();
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<DateRange>(EMPTY_RANGE);
  const start = range.start ? toDayString(range.start) : '';
  const end = range.end ? toDayString(range.end) : '';
  const id = phone.driver.profile_id ?? phone.driver.id;
  const history = useQuery({
    queryKey: phoneKeys.history(parkId, id, page, start, end),
    queryFn: ({ signal }) =>
      api.get<TPhoneHistory>(`/driver/position-history/${id}`, { itemPerPage: PHONE_GPS_HISTORY_PAGE_SIZE, page, start_date: start || undefined, end_date: end || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const items = history.data?.items ?? [];
  const pages = history.data ? Math.max(1, Math.ceil(history.data.meta.total / history.data.meta.itemPerPage)) : 1;
  const markers: FleetMapMarker[] = items.map((p, i) => ({
    id: p.id,
    latitude: p.latitude,
    longitude: p.longitude,
    label: String((page - 1) * PHONE_GPS_HISTORY_PAGE_SIZE + i + 1),
    color: '#1971c2',
    title: wireText(p.recorded_at),
    shape: 'round',
  }));

  return (
    <Stack gap="sm">
      <DateRangePicker
        label="Période"
        value={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
        noFuture
        testId="phone-gps-history-period"
      />
      {history.isError ? (
        <LoadError title="Impossible de charger l'historique" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Skeleton h={200} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="phone-gps-history-empty">
          Aucune position sur cette période.
        </Text>
      ) : (
        <>
          <FleetMap markers={markers} route={items.map((p) => [p.latitude, p.longitude] as [number, number])} height={220} label="Carte des positions de cette page" testId="phone-gps-history-map" />
          {items.map((p, i) => (
            <Paper key={p.id} withBorder radius="md" p="xs" data-testid="phone-gps-history-item">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600}>
                  {(page - 1) * PHONE_GPS_HISTORY_PAGE_SIZE + i + 1}. {wireText(p.recorded_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.speed !== null ? formatSpeed(p.speed) : ''}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {formatCoordinates(p.latitude, p.longitude)} · précision {Math.round(p.accuracy)}{'\u00a0'}m
              </Text>
            </Paper>
          ))}
          <PagePicker pages={pages} page={page} onChange={setPage} testId="phone-gps-history-pages" />
        </>
      )}
    </Stack>
  );
}
