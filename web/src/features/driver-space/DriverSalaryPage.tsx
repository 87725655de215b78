import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SALARY_PAYMENT_TYPE_LABELS } from '@flotte/contract/salary';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { dateTimeText, periodText } from './driver-display.ts';
import { useDriverMe, useDriverSalary } from './queries.ts';

/** His own words for how a salary was paid (the park's label reads 'Espèces (caisse)'). */
const PAID_AS: Record<keyof typeof SALARY_PAYMENT_TYPE_LABELS, string> = { cash: 'En espèces', sold: 'Sur votre solde' };

/** Salaire: his salary statements, latest period first. */
export default function DriverSalaryPage() {
  const me = useDriverMe();
  const currency = me.data?.park.currency ?? null;
  const salary = useDriverSalary();

  return (
    <Stack gap="md" data-testid="driver-salary">
      <div>
        <Title order={1} fz="h3">
          Salaire
        </Title>
        <Text size="sm" c="dimmed">
          Vos fiches de salaire, la plus récente en premier.
        </Text>
      </div>
      {salary.isPending ? (
        <Skeleton h={160} />
      ) : salary.isError ? (
        <LoadError title="Impossible de charger vos salaires" error={salary.error} onRetry={() => void salary.refetch()} />
      ) : salary.data.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" data-testid="driver-salary-empty">
            Aucun salaire payé pour l'instant.
          </Text>
        </Paper>
      ) : (
        salary.data.map((s) => (
          <Paper key={s.id} withBorder radius="md" p="sm" data-testid="driver-salary-record">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600}>Période {periodText(s.start_date, s.end_date)}</Text>
                <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                  {PAID_AS[s.payment_type]}
                </Badge>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">Brut</Text>
                <Money amount={s.gross} currency={currency} size="sm" />
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">Pénalités</Text>
                <Money amount={s.penalties ? -s.penalties : 0} currency={currency} size="sm" c={s.penalties ? 'red.8' : undefined} />
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={700}>
                  Net payé
                </Text>
                <Money amount={s.net} currency={currency} fw={700} />
              </Group>
              {s.reason ? (
                <Text size="xs" c="dimmed">
                  {s.reason}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                Payé le {dateTimeText(s.created_at)}
              </Text>
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
