import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { TAccountingTotals } from '@flotte/contract/accounting';
import type { ExportColumn } from '../../ui/export/export-table.ts';
import { Money } from '../../ui/Money.tsx';
import { FigureCard } from './FigureCard.tsx';
import { useAccountingTotals } from './queries.ts';
import { ReportExportButton } from './ReportExportButton.tsx';
import { wireDay } from './reporting-period.ts';

type Holding = { name: string; sold: number };
const EXPORT_COLUMNS: ExportColumn<Holding>[] = [
  { header: 'Compte', value: (h) => h.name },
  { header: 'Solde', value: (h) => h.sold, money: true },
];

function Holdings({ data }: { data: TAccountingTotals }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {[
        { label: 'Total détenu', amount: data.total_balance, testId: 'balance-total' },
        { label: 'Caisses', amount: data.caisses_total, testId: 'balance-caisses' },
        { label: 'Solde du parc (mobile money)', amount: data.park_balance, testId: 'balance-park' },
      ].map((c) => (
        <Card key={c.testId} withBorder radius="md" padding="md" data-testid={c.testId}>
          <Text size="sm" c="dimmed" fw={500}>
            {c.label}
          </Text>
          <Money amount={c.amount} currency={data.currency} fz="xl" fw={700} />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * 'Soldes': what the park holds (each caisse, the park balance, the sum) and this month's figures
 * so far against the same days of last month, from GET /accounting/total-data.
 */
export function BalancePanel({ parkId }: { parkId: string }) {
  const totals = useAccountingTotals(parkId);
  const data = totals.data;
  const rows: Holding[] | undefined = data ? [...data.caisses, { name: 'Solde du parc (mobile money)', sold: data.park_balance }, { name: 'Total détenu', sold: data.total_balance }] : undefined;

  if (totals.isError)
    return (
      <Alert color="red" title="Impossible de charger les soldes" data-testid="balance-error">
        {totals.error.message}
      </Alert>
    );
  if (!data) return <Skeleton h={300} radius="md" />;
  return (
    <Stack gap="md" data-testid="balance-view">
      <Group justify="flex-end">
        <ReportExportButton fileName="Soldes" title="Soldes des comptes" columns={EXPORT_COLUMNS} rows={rows} testId="balance" />
      </Group>
      <Holdings data={data} />
      <Card withBorder radius="md" padding={0}>
        <Table verticalSpacing="sm" data-testid="balance-caisses-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Caisse</Table.Th>
              <Table.Th ta="right">Solde</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.caisses.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm">{c.name}</Text>
                    {c.default ? (
                      <Badge size="xs" variant="light">
                        Par défaut
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={c.sold} currency={data.currency} size="sm" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Title order={3} fz="h4">
        Ce mois-ci
      </Title>
      <Text size="sm" c="dimmed">
        Du {wireDay(data.this_month.period.start_date)} à aujourd'hui, comparé aux mêmes jours du mois précédent. Mois précédent entier : revenus{' '}
        <Money amount={data.last_month.revenue} currency={data.currency} size="sm" />, dépenses <Money amount={data.last_month.expenses} currency={data.currency} size="sm" />.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FigureCard label="Revenus" figure={data.evolution.revenue} kind="revenue" currency={data.currency} testId="month-revenue" />
        <FigureCard label="Dépenses" figure={data.evolution.expenses} kind="expenses" currency={data.currency} testId="month-expenses" />
        <FigureCard label="Résultat" figure={data.evolution.result} kind="result" currency={data.currency} testId="month-result" />
      </SimpleGrid>
    </Stack>
  );
}
