import { useMemo } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Link, useParams, useSearchParams } from 'react-router';
import { GPS_MESSAGES, type TGpsStop, type TGpsVehicleDay } from '@flotte/contract/gps';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { RecordCard } from '../../ui/data-table/RecordCard.tsx';
import { FrenchDatesProvider } from '../../ui/dates/DateRangePicker.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { FleetMap, type FleetMapMarker } from '../../ui/map/index.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { todayIn } from '../recipes/today.ts';
import { dayParam, shiftDay, stopTime } from './day-params.ts';
import { useGpsVehicleDay } from './gps-api.ts';
import { formatCoordinates, formatDistance, formatDuration, formatFixAge, formatSpeed, vehicleName } from './gps-display.ts';

const STOP_COLOR = '#6741d9';
const CALENDAR_LABELS = {
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  previousYear: 'Année précédente',
  nextYear: 'Année suivante',
  previousDecade: 'Décennie précédente',
  nextDecade: 'Décennie suivante',
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: "Choisir l'année",
};

const stopPlace = (s: TGpsStop) => s.address ?? formatCoordinates(s.position.latitude, s.position.longitude);
const stopSpan = (s: TGpsStop, day: string) => `${stopTime(s.stopStartTime, day)} – ${s.ongoing ? 'en cours' : stopTime(s.stopEndTime, day)}`;

/**
 * /dashboard/gps/vehicles/:id?date= (VIEW_VEHICLE_GPS, READ_GEOLOCALISATION): a vehicle's day in
 * the park's zone: its route and stops on the map, the distance, the time moving and parked, and
 * the stops with their times, duration and address.
 */
export default function GpsVehicleDayPage() {
  const { can } = usePermissions();
  if (!can('READ_GEOLOCALISATION')) return <AccessDenied />;
  return <DayScreen />;
}

function DayScreen() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const park = useActingPark();
  const today = todayIn(park?.time_zone);
  const date = dayParam(params.get('date'), today);
  const day = useGpsVehicleDay(id, date);
  const phone = useIsPhone();
  // While another day loads, the previous one stays on screen, dimmed.
  const data = day.data;

  const setDate = (next: string | null) => {
    if (!next) return;
    const p = new URLSearchParams(params);
    p.set('date', next > today ? today : next);
    setParams(p, { replace: true });
  };

  return (
    <Stack gap="md" data-testid="gps-day-page">
      <Anchor component={Link} to="/dashboard/gps/vehicles" size="sm" data-testid="gps-day-back">
        ← Retour à la flotte
      </Anchor>
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="gps-day-title">
          {data ? `Journée de ${vehicleName(data.vehicle)}` : 'Journée du véhicule'}
        </Title>
        <Text c="dimmed" size="sm" mih={20}>
          {data ? [data.vehicle.label, data.vehicle.driver_name].filter(Boolean).join(' · ') || 'Trajet, arrêts et temps de conduite' : ''}
        </Text>
      </div>

      <Group gap="xs" align="flex-end" wrap="nowrap">
        <ActionIcon variant="default" size={36} aria-label="Jour précédent" onClick={() => setDate(shiftDay(date, -1))} data-testid="gps-day-previous">
          <Chevron left />
        </ActionIcon>
        <FrenchDatesProvider>
          <DatePickerInput
            label="Jour"
            valueFormat="DD/MM/YYYY"
            value={date}
            onChange={setDate}
            maxDate={today}
            ariaLabels={CALENDAR_LABELS}
            popoverProps={{ withinPortal: true }}
            style={{ flex: 1, maxWidth: 220 }}
            data-testid="gps-day-date"
          />
        </FrenchDatesProvider>
        <ActionIcon
          variant="default"
          size={36}
          aria-label="Jour suivant"
          disabled={date >= today}
          onClick={() => setDate(shiftDay(date, 1))}
          data-testid="gps-day-next"
        >
          <Chevron />
        </ActionIcon>
      </Group>

      {day.isError ? (
        <LoadError title="Impossible de charger la journée du véhicule" error={day.error} onRetry={() => void day.refetch()} testId="gps-day-error" />
      ) : !data ? (
        <Stack gap="md" data-testid="gps-day-loading">
          <Skeleton h={64} radius="md" />
          <Skeleton h={phone ? 280 : 400} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : (
        <DayBody data={data} date={date} phone={phone} fetching={day.isFetching} />
      )}
    </Stack>
  );
}

function DayBody({ data, date, phone, fetching }: { data: TGpsVehicleDay; date: string; phone: boolean; fetching: boolean }) {
  const markers = useMemo<FleetMapMarker[]>(() => {
    const stops = data.stops.map((s, i) => ({
      id: `stop-${i}`,
      latitude: s.position.latitude,
      longitude: s.position.longitude,
      label: String(i + 1),
      color: STOP_COLOR,
      shape: 'round' as const,
      title: `Arrêt ${i + 1} : ${stopSpan(s, date)} (${formatDuration(s.stopDuration)}) · ${stopPlace(s)}`,
    }));
    const last = data.last_position;
    return last && !data.stops.some((s) => s.ongoing)
      ? [...stops, { id: 'last', latitude: last.latitude, longitude: last.longitude, label: vehicleName(data.vehicle), color: '#1971c2', title: `Dernière position : ${formatSpeed(last.speed)}, ${formatFixAge(last.age_seconds)}` }]
      : stops;
  }, [data, date]);

  return (
    <Stack gap="md" style={{ opacity: fetching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={fetching || undefined}>
      {!data.provider_ok ? (
        <Alert color="yellow" title="Positions indisponibles" data-testid="gps-provider-down">
          {GPS_MESSAGES.providerDown}
        </Alert>
      ) : null}
      <SimpleGrid cols={3} spacing="xs" data-testid="gps-day-figures">
        <Figure label="Distance" value={formatDistance(data.distance_km)} testId="gps-day-distance" />
        <Figure label="En mouvement" value={formatDuration(data.moving_seconds)} testId="gps-day-moving" />
        <Figure label="À l'arrêt" value={formatDuration(data.parked_seconds)} testId="gps-day-parked" />
      </SimpleGrid>
      {data.provider_ok && data.positions === 0 ? (
        <Alert color="gray" variant="light" data-testid="gps-day-empty">
          {GPS_MESSAGES.noPosition} ce jour-là.
        </Alert>
      ) : (
        <FleetMap
          markers={markers}
          route={data.route}
          fitKey={`${data.vehicle.id}|${data.date}|${data.route.length}|${data.stops.length}`}
          height={phone ? 280 : 400}
          label={`Trajet du ${date.split('-').reverse().join('/')} : ${data.stops.length} arrêt${data.stops.length > 1 ? 's' : ''}`}
          testId="gps-day-map"
        />
      )}
      <Card withBorder radius="md" padding="sm">
        <Title order={2} fz="h5" mb="sm">
          Arrêts
        </Title>
        {data.stops.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="gps-day-no-stops">
            Aucun arrêt ce jour-là.
          </Text>
        ) : phone ? (
          <Stack gap="xs" data-testid="gps-day-stops">
            {data.stops.map((s, i) => (
              <RecordCard
                key={s.stopStartTime}
                testId="gps-day-stop"
                leading={<StopNumber n={i + 1} />}
                title={stopSpan(s, date)}
                figure={formatDuration(s.stopDuration)}
                lines={[stopPlace(s)]}
                status={s.ongoing ? <Badge variant="light">En cours</Badge> : undefined}
              />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="gps-day-stops">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>N°</Table.Th>
                  <Table.Th>Début – fin</Table.Th>
                  <Table.Th>Durée</Table.Th>
                  <Table.Th>Adresse</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.stops.map((s, i) => (
                  <Table.Tr key={s.stopStartTime} data-testid="gps-day-stop">
                    <Table.Td>
                      <StopNumber n={i + 1} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{stopSpan(s, date)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(s.stopDuration)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{stopPlace(s)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="xs" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Paper>
  );
}

function StopNumber({ n }: { n: number }) {
  return (
    <span
      role="img"
      aria-label={`Arrêt ${n}`}
      style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 26, height: 26, borderRadius: '50%', background: STOP_COLOR, color: '#fff', fontWeight: 700, fontSize: 12 }}
    >
      {n}
    </span>
  );
}

function Chevron({ left = false }: { left?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden style={{ transform: left ? 'scale(-1, 1)' : undefined }}>
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}
