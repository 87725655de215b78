import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { wallClockInZone } from '@flotte/contract/wire-date';
import { YANGO_BALANCE_LABELS, type TYangoActivity, type TYangoProfileLink } from '@flotte/contract/yango';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { PeriodPresetSelect } from '../../ui/dates/PeriodPresetSelect.tsx';
import { sameDays, type DateRange, type Period, type PeriodPreset } from '../../ui/dates/periods.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { parkToday } from '../accounting/reporting-period.ts';
import { useYangoActivity } from './activity-api.ts';
import {
  balanceLines,
  defaultYangoPeriod,
  formatKm,
  formatWorkTime,
  isEmptyActivity,
  reconcile,
  syncedAgo,
  wirePeriod,
  YANGO_PERIOD_PRESETS,
  yangoPresetPeriod,
} from './yango-activity.ts';

export interface YangoActivityDriver {
  id: string;
  yango_profile: TYangoProfileLink;
}

/**
 * The driver dialog's 'Activités VTC' tab (spec 000 section 2, spec 001 section 2 'Activity
 * summary'; issue 21 section 3), for a driver linked to his Yango profile: over a period (today,
 * this week, this month or picked days, never the future), his Yango revenue and what it is made
 * of, his work time and money per hour, his orders, his Yango balance now, and beside the revenue
 * what the park expected and collected from him. Figures from Yango are in their currency (XOF),
 * the recipes in the park's.
 */
export function YangoActivityTab({ driver }: { driver: YangoActivityDriver }) {
  const park = useActingPark();
  const today = parkToday(park?.time_zone);
  const [period, setPeriod] = useState<Period>(() => defaultYangoPeriod(today));
  const wire = useMemo(() => wirePeriod(period), [period]);
  const query = useYangoActivity(driver.yango_profile.yango_id, wire);
  const preset = YANGO_PERIOD_PRESETS.find((p) => sameDays(period, yangoPresetPeriod(p, today))) ?? null;

  const pickPreset = (p: PeriodPreset | null) => setPeriod(p ? yangoPresetPeriod(p, today) : defaultYangoPeriod(today));
  const pickRange = (r: DateRange) => setPeriod(r.start && r.end ? { start: r.start, end: r.end } : defaultYangoPeriod(today));

  const data = query.data;
  return (
    <Stack gap="md" data-testid="yango-activity-tab">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodPresetSelect value={preset} onChange={pickPreset} presets={YANGO_PERIOD_PRESETS} label="Période" placeholder="Personnalisée" testId="yango-activity-preset" />
        <DateRangePicker value={period} onChange={pickRange} noFuture label="Jours" testId="yango-activity-range" />
      </Group>
      {query.isError && !data ? (
        <LoadError title="Impossible de charger l'activité Yango" error={query.error} onRetry={() => void query.refetch()} testId="yango-activity-error" />
      ) : !data ? (
        <ActivitySkeleton />
      ) : (
        <ActivityContent data={data} fetching={query.isFetching} timeZone={park?.time_zone ?? null} />
      )}
    </Stack>
  );
}

export default YangoActivityTab;

function ActivitySkeleton() {
  return (
    <Stack gap="md" data-testid="yango-activity-loading" aria-busy="true">
      <Skeleton h={148} radius="md" />
      <Skeleton h={220} radius="md" />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={76} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ActivityContent({ data, fetching, timeZone }: { data: TYangoActivity; fetching: boolean; timeZone: string | null }) {
  const yc = data.currency;
  const rec = reconcile({ amount: data.balance.total, currency: yc }, data.recipes);
  const empty = isEmptyActivity(data);
  const now = new Date();
  const nowWall = timeZone ? wallClockInZone(now, timeZone) : '';
  return (
    <Stack gap="md" style={{ opacity: fetching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={fetching || undefined}>
      {empty ? (
        <Alert color="gray" variant="light" data-testid="yango-activity-empty">
          Aucune activité Yango sur cette période
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="md" data-testid="yango-revenue">
        <Text size="sm" c="dimmed" fw={500}>
          {YANGO_BALANCE_LABELS.total}
        </Text>
        <Money amount={data.balance.total} currency={yc} fz={28} fw={700} data-testid="yango-revenue-total" />
        <Stack gap={4} mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="yango-reconciliation">
          <Figure label="Attendu par le parc" testId="yango-expected">
            <Money amount={rec.expected} currency={data.recipes.currency} size="sm" fw={600} />
          </Figure>
          <Figure label="Encaissé" testId="yango-collected">
            <Money amount={rec.collected} currency={data.recipes.currency} size="sm" fw={600} />
          </Figure>
          <Figure label="Écart" testId="yango-gap" hint="Revenu Yango moins ce que le parc a encaissé">
            {rec.gap === null ? (
              <Text size="sm" c="dimmed">
                Devises différentes
              </Text>
            ) : (
              <Money amount={rec.gap} currency={yc} size="sm" fw={700} />
            )}
          </Figure>
        </Stack>
      </Card>

      {empty ? null : (
        <>
          <Card withBorder radius="md" padding="md" data-testid="yango-breakdown">
            <Title order={3} fz="md" mb="xs">
              Détail du revenu
            </Title>
            <Stack gap={6}>
              {balanceLines(data.balance).map((line) => (
                <Group key={line.part} justify="space-between" gap="sm" wrap="nowrap" data-testid={`yango-part-${line.part}`}>
                  <Text size="sm">{line.label}</Text>
                  <Money amount={line.amount} currency={yc} size="sm" fw={500} c={line.amount < 0 ? 'red.8' : undefined} />
                </Group>
              ))}
            </Stack>
          </Card>

          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stat label="Temps de travail" testId="yango-work-time">
              <Text fw={700} size="lg">
                {formatWorkTime(data.work_time.seconds)}
              </Text>
            </Stat>
            <Stat label="Revenu par heure" testId="yango-mph">
              <Money amount={Math.round(data.work_time.mph)} currency={yc} fw={700} size="lg" />
            </Stat>
            <Stat label="Courses terminées" testId="yango-orders" detail={formatKm(data.orders.mileage)}>
              <Text fw={700} size="lg">
                {data.orders.count_completed}
              </Text>
            </Stat>
            <Stat label="Montant des courses" testId="yango-orders-price">
              <Money amount={data.orders.price} currency={yc} fw={700} size="lg" />
            </Stat>
          </SimpleGrid>
        </>
      )}

      <Card withBorder radius="md" padding="md" data-testid="yango-balance">
        {data.yango_balance ? (
          <Group justify="space-between" align="flex-end" gap="sm">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                Solde Yango actuel
              </Text>
              <Money amount={data.yango_balance.balance} currency={data.yango_balance.currency} fz="xl" fw={700} c={data.yango_balance.balance < 0 ? 'red.8' : undefined} data-testid="yango-balance-amount" />
            </div>
            <Text size="sm" c="dimmed">
              Limite : <Money amount={data.yango_balance.balance_limit} currency={data.yango_balance.currency} fw={600} c="var(--mantine-color-text)" />
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="yango-balance-unavailable">
            Solde Yango indisponible
          </Text>
        )}
      </Card>

      <Stack gap="xs">
        <Text size="xs" c="dimmed" data-testid="yango-synced">
          {syncedAgo(data.synced_at, now, nowWall)}
        </Text>
        {data.sync_error ? (
          <Alert color="orange" variant="light" title="La dernière synchronisation a échoué" data-testid="yango-sync-error">
            {data.sync_error}
          </Alert>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** One line of the reconciliation: what it is on the left, the amount on the right (readable at 360 px). */
function Figure({ label, hint, testId, children }: { label: string; hint?: string; testId: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" data-testid={testId}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm">{label}</Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </div>
      {children}
    </Group>
  );
}

function Stat({ label, detail, testId, children }: { label: string; detail?: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}
