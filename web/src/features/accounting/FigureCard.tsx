import { Card, Group, Stack, Text } from '@mantine/core';
import type { TComparedAmount } from '@flotte/contract/accounting';
import { Money } from '../../ui/Money.tsx';
import type { FigureKind } from './trend.ts';
import { TrendMark } from './TrendMark.tsx';

/** One headline figure (revenue, expenses or result) with last month's and the trend. */
export function FigureCard({ label, figure, kind, currency, testId }: { label: string; figure: TComparedAmount; kind: FigureKind; currency: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Group gap="xs" align="baseline" wrap="nowrap" justify="space-between">
          <Money amount={figure.amount} currency={currency} fz="xl" fw={700} c={kind === 'result' && figure.amount < 0 ? 'red' : undefined} data-testid={`${testId}-amount`} />
          <TrendMark figure={figure} kind={kind} testId={`${testId}-trend`} />
        </Group>
        <Text size="xs" c="dimmed">
          Période précédente : <Money amount={figure.previous} currency={currency} size="xs" />
        </Text>
      </Stack>
    </Card>
  );
}
