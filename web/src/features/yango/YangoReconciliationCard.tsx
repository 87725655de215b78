import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { TYangoReconciliation } from '@flotte/contract/yango';
import { PeriodPresetSelect } from '../../ui/dates/PeriodPresetSelect.tsx';
import type { PeriodPreset } from '../../ui/dates/periods.ts';
import { RecordCard } from '../../ui/data-table/RecordCard.tsx';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { parkToday } from '../accounting/reporting-period.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useYangoConnection } from './useYangoConnection.ts';
import { useYangoReconciliation } from './activity-api.ts';
import { reconcile, wirePeriod, YANGO_PERIOD_PRESETS, yangoPresetPeriod } from './yango-activity.ts';

/** Vehicles shown before 'Voir tous les véhicules'. */
const FIRST_VEHICLES = 5;

/**
 * The dashboard's Yango reconciliation (issue 21 section 4), for READ_FINANCE holders of a park
 * connected to Yango: over today, this week or this month, what Yango says the linked drivers
 * earned beside what the park expected and collected, for the park and per vehicle. Nothing at all
 * for a park without a Yango connection.
 */
export function YangoReconciliationCard() {
  const { can } = usePermissions();
  const park = useActingPark();
  // The connection is read when the profile may (VIEW_DRIVERS); otherwise the answer says it.
  const connection = useYangoConnection(can('VIEW_DRIVERS'));
  const notConnected = connection.data !== undefined && !connection.data.connected;
  const [preset, setPreset] = useState<PeriodPreset>('ThisMonth');
  const today = parkToday(park?.time_zone);
  // A new object each render, but the query's key is made of its two strings.
  const wire = wirePeriod(yangoPresetPeriod(preset, today));
  const query = useYangoReconciliation(wire, !notConnected && !connection.isLoading);

  if (notConnected || (query.data && !query.data.connected)) return null;
  const data = query.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid="yango-reconciliation-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} fz="h4">
              Yango et recettes
            </Title>
            <Text size="sm" c="dimmed">
              {data ? `${data.linked_drivers} chauffeur${data.linked_drivers > 1 ? 's' : ''} lié${data.linked_drivers > 1 ? 's' : ''} à Yango` : 'Revenu Yango des chauffeurs liés et recettes du parc'}
            </Text>
          </div>
          <PeriodPresetSelect
            value={preset}
            onChange={(p) => p && setPreset(p)}
            presets={YANGO_PERIOD_PRESETS}
            label="Période"
            testId="yango-reconciliation-period"
          />
        </Group>
        {query.isError && !data ? (
          <LoadError title="Impossible de charger le rapprochement Yango" error={query.error} onRetry={() => void query.refetch()} testId="yango-reconciliation-error" />
        ) : !data ? (
          <Stack gap="sm" aria-busy="true" data-testid="yango-reconciliation-loading">
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={64} radius="md" />
              ))}
            </SimpleGrid>
            <Skeleton h={120} radius="md" />
          </Stack>
        ) : (
          <ReconciliationBody data={data} fetching={query.isFetching} />
        )}
      </Stack>
    </Card>
  );
}

export default YangoReconciliationCard;

function ReconciliationBody({ data, fetching }: { data: TYangoReconciliation; fetching: boolean }) {
  const isPhone = useIsPhone();
  const [all, setAll] = useState(false);
  const t = reconcile({ amount: data.totals.yango_revenue, currency: data.yango_currency }, { ...data.totals, currency: data.currency });
  const vehicles = [...data.vehicles].sort((a, b) => b.yango_revenue - a.yango_revenue);
  const shown = all ? vehicles : vehicles.slice(0, FIRST_VEHICLES);
  const yc = data.yango_currency;
  return (
    <Stack gap="sm" style={{ opacity: fetching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={fetching || undefined}>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Total label="Revenu Yango" testId="yango-rec-revenue">
          <Money amount={t.yangoRevenue} currency={yc} inherit />
        </Total>
        <Total label="Attendu par le parc" testId="yango-rec-expected">
          <Money amount={t.expected} currency={data.currency} inherit />
        </Total>
        <Total label="Encaissé" testId="yango-rec-collected">
          <Money amount={t.collected} currency={data.currency} inherit />
        </Total>
        <Total label="Écart (Yango − encaissé)" testId="yango-rec-gap">
          {t.gap === null ? '—' : <Money amount={t.gap} currency={yc} inherit />}
        </Total>
      </SimpleGrid>
      {vehicles.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="yango-rec-empty">
          Aucune activité Yango sur cette période
        </Alert>
      ) : isPhone ? (
        <Stack gap="xs" data-testid="yango-rec-vehicles">
          {shown.map((v) => (
            <RecordCard
              key={v.vehicle_id}
              testId="yango-rec-vehicle"
              title={v.label ?? v.registration_number}
              figure={<Money amount={v.yango_revenue} currency={yc} inherit />}
              lines={[
                v.label ? v.registration_number : null,
                <>
                  Attendu <Money amount={v.expected} currency={data.currency} inherit /> · encaissé <Money amount={v.collected} currency={data.currency} inherit />
                </>,
              ]}
            />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover data-testid="yango-rec-vehicles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Véhicule</Table.Th>
                <Table.Th ta="right">Revenu Yango</Table.Th>
                <Table.Th ta="right">Attendu</Table.Th>
                <Table.Th ta="right">Encaissé</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((v) => (
                <Table.Tr key={v.vehicle_id} data-testid="yango-rec-vehicle">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {v.label ?? v.registration_number}
                    </Text>
                    {v.label ? (
                      <Text size="xs" c="dimmed">
                        {v.registration_number}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={v.yango_revenue} currency={yc} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={v.expected} currency={data.currency} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={v.collected} currency={data.currency} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {vehicles.length > FIRST_VEHICLES ? (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={() => setAll((v) => !v)} data-testid="yango-rec-toggle">
            {all ? 'Voir moins' : `Voir tous les véhicules (${vehicles.length})`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function Total({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={2} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} size="md" style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
