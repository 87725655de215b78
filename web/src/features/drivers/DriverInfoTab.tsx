import type { ReactNode } from 'react';
import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime } from '../../ui/format.ts';
import { WEEK_DAYS } from './driver-form.ts';
import type { DriverRecord } from './drivers-api.ts';
import { DriverStatusBadge } from './DriverStatusBadge.tsx';
import { DriverYangoSection } from '../yango/DriverYangoSection.tsx';

const NONE = 'Non défini';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children || NONE}
      </Text>
    </div>
  );
}

export function daysOffLabel(days: readonly number[]): string {
  return WEEK_DAYS.filter((d) => days.includes(d.id))
    .map((d) => d.label)
    .join(', ');
}

/** 'Infos': who the driver is, their status, licences and the vehicle they drive. */
export function DriverInfoTab({ driver }: { driver: DriverRecord }) {
  const vehicle = driver.current_vehicle;
  return (
    <Stack gap="lg" data-testid="driver-info">
      <Group gap="md" wrap="nowrap">
        <Avatar src={driver.image} size={72} radius="xl" name={`${driver.first_name} ${driver.last_name}`} color="initials" />
        <Stack gap={4} miw={0}>
          <Title order={3} fz="h4" data-testid="driver-info-name">
            {driver.last_name} {driver.first_name}
          </Title>
          <Group gap="xs">
            <DriverStatusBadge status={driver.status} />
            {driver.grade ? (
              <Badge variant="outline" size="sm">
                {driver.grade.name}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
      {driver.status === 'suspended' ? (
        <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-orange-light)" data-testid="driver-suspension">
          <Text size="sm">
            Suspendu le {formatDateTime(driver.blocked_at)}
            {driver.block_reason ? ` : ${driver.block_reason}` : ''}
          </Text>
        </Paper>
      ) : null}
      {driver.status === 'deactivated' ? (
        <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-red-light)">
          <Text size="sm">Désactivé le {formatDateTime(driver.desactivate_at)}</Text>
        </Paper>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label="Téléphone">{driver.phone}</Field>
        <Field label="Email" testId="driver-info-email">
          {driver.email}
        </Field>
        <Field label="Numéro de CNI">{driver.cni_number}</Field>
        <Field label="Type de chauffeur">{driver.driver_type?.name}</Field>
        <Field label="Date de début de travail">{formatDate(driver.start_work_at)}</Field>
        <Field label="Jours de repos">{daysOffLabel(driver.days_off)}</Field>
      </SimpleGrid>
      <DriverYangoSection driver={driver} />
      <div>
        <Text size="xs" c="dimmed" mb={4}>
          Véhicule
        </Text>
        {vehicle ? (
          <Group gap="sm" wrap="nowrap" data-testid="driver-vehicle">
            <Avatar src={vehicle.image} radius="sm" size={40} alt="">
              <CarIcon />
            </Avatar>
            <div>
              <Text size="sm" fw={500}>
                {vehicle.registration_number}
              </Text>
              <Text size="xs" c="dimmed">
                {[vehicle.brand, vehicle.model, vehicle.label].filter(Boolean).join(' · ')}
              </Text>
            </div>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Aucun véhicule affecté
          </Text>
        )}
      </div>
      <div>
        <Text size="xs" c="dimmed" mb={4}>
          Permis de conduire
        </Text>
        {driver.permis.length === 0 ? (
          <Text size="sm" c="dimmed">
            Aucun permis enregistré
          </Text>
        ) : (
          <Stack gap={6}>
            {driver.permis.map((l) => (
              <Group key={l.id} gap="sm" wrap="nowrap" data-testid="driver-info-licence">
                <Badge variant="light" radius="sm">
                  {l.type}
                </Badge>
                <Text size="sm">
                  {l.driver_licence_number} · délivré le {formatDate(l.delivery_at)} · {l.permanent ? 'permanent' : `expire le ${formatDate(l.expire_at)}`}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function CarIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M5 17h14M5 17a2 2 0 1 0 4 0M15 17a2 2 0 1 0 4 0M3 17v-5l2-5h14l2 5v5M3 12h18" />
    </svg>
  );
}
