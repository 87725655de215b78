import type { ReactNode } from 'react';
import { Card, Grid, Skeleton, Text } from '@mantine/core';
import type { TContractStats } from '@flotte/contract/contracts';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { useContractStats } from './queries.ts';

/**
 * Every card has its height, loaded or not (the figure's skeleton takes the figure's line): on a
 * phone a card is as high as its lines, on a computer a row of cards is even.
 */
const cardHeight = (withDetail: boolean) => ({ base: withDetail ? 88 : 68, sm: 92 });
const VALUE_SIZE = { base: 'md', sm: 'xl' } as const;
/** The figure's line box at each size (theme line height 1.55): what its skeleton covers. */
const VALUE_LINE = { base: 25, sm: 31 } as const;

/** On a phone: three counts, two counts, this month's instalments, the two amounts; four a row on a computer. */
const THIRD = { base: 4, md: 3 } as const;
const HALF = { base: 6, md: 3 } as const;
const WHOLE = { base: 12, md: 3 } as const;

interface StatCard {
  key: string;
  title: string;
  span: typeof THIRD | typeof HALF | typeof WHOLE;
  value: (s: TContractStats) => ReactNode;
  detail?: (s: TContractStats) => ReactNode;
}

const CARDS: StatCard[] = [
  { key: 'total', title: 'Contrats', span: THIRD, value: (s) => s.total },
  { key: 'active', title: 'Actifs', span: THIRD, value: (s) => s.active },
  { key: 'pending', title: 'En attente', span: THIRD, value: (s) => s.pending },
  { key: 'expired', title: 'Terminés', span: HALF, value: (s) => s.expired },
  { key: 'cancelled', title: 'Annulés', span: HALF, value: (s) => s.cancelled },
  {
    key: 'due-this-month',
    title: 'Échéances ce mois',
    span: WHOLE,
    value: (s) => s.echeances_ce_mois.count,
    detail: (s) => <Money amount={s.echeances_ce_mois.amount} inherit />,
  },
  { key: 'collected', title: 'Montant encaissé', span: HALF, value: (s) => <Money amount={s.montant_encaisse} inherit /> },
  { key: 'remaining', title: 'Reste à payer', span: HALF, value: (s) => <Money amount={s.montant_restant} inherit /> },
];

/**
 * The contracts' figures (GET /contract/stats): how many in each status, what the drivers paid,
 * what remains due and what falls due this month. Small enough on a phone to leave the list in
 * sight (three rows); the cards are drawn at once with their titles and only the figures wait, so nothing moves.
 */
export function ContractStatsCards() {
  const stats = useContractStats();
  if (stats.isError) {
    return <LoadError title="Les chiffres des contrats n'ont pas pu être chargés" error={stats.error} onRetry={() => void stats.refetch()} testId="contract-stats-error" />;
  }
  const s = stats.data;
  return (
    <Grid columns={12} gap={{ base: 'xs', sm: 'md' }} data-testid="contract-stats" aria-busy={!s}>
      {CARDS.map((card) => (
        <Grid.Col key={card.key} span={card.span}>
          <Card withBorder radius="md" padding="sm" h={cardHeight(!!card.detail)} data-testid={`contract-stat-${card.key}`}>
            <Text size="xs" c="dimmed" fw={500} truncate>
              {card.title}
            </Text>
            {s ? (
              <Text fz={VALUE_SIZE} fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={`contract-stat-${card.key}-value`}>
                {card.value(s)}
              </Text>
            ) : (
              <Skeleton h={VALUE_LINE} w="60%" />
            )}
            {card.detail ? (
              s ? (
                <Text size="xs" c="dimmed" truncate data-testid={`contract-stat-${card.key}-detail`}>
                  {card.detail(s)}
                </Text>
              ) : (
                <Skeleton h={18} w="80%" />
              )
            ) : null}
          </Card>
        </Grid.Col>
      ))}
    </Grid>
  );
}
