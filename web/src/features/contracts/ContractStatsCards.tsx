import type { ReactNode } from 'react';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TContractStats } from '@flotte/contract/contracts';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { useContractStats } from './queries.ts';

/** Every card has this height, loaded or not: the figure's skeleton takes the figure's line. */
const CARD_HEIGHT = { base: 84, sm: 92 } as const;
const VALUE_SIZE = { base: 'md', sm: 'xl' } as const;
/** The figure's line box at each size (theme line height 1.55): what its skeleton covers. */
const VALUE_LINE = { base: 25, sm: 31 } as const;

interface StatCard {
  key: string;
  title: string;
  value: (s: TContractStats) => ReactNode;
  detail?: (s: TContractStats) => ReactNode;
}

const CARDS: StatCard[] = [
  { key: 'total', title: 'Contrats', value: (s) => s.total, detail: (s) => `${s.contracts_by_type.PARTNER} partenaire${s.contracts_by_type.PARTNER > 1 ? 's' : ''}, ${s.contracts_by_type.DRIVER} chauffeur${s.contracts_by_type.DRIVER > 1 ? 's' : ''}` },
  { key: 'active', title: 'Actifs', value: (s) => s.active },
  { key: 'pending', title: 'En attente de signature', value: (s) => s.pending },
  { key: 'expired', title: 'Terminés', value: (s) => s.expired },
  { key: 'cancelled', title: 'Annulés', value: (s) => s.cancelled },
  {
    key: 'due-this-month',
    title: 'Échéances ce mois',
    value: (s) => s.echeances_ce_mois.count,
    detail: (s) => <Money amount={s.echeances_ce_mois.amount} inherit />,
  },
  { key: 'collected', title: 'Montant encaissé', value: (s) => <Money amount={s.montant_encaisse} inherit /> },
  { key: 'remaining', title: 'Reste à payer', value: (s) => <Money amount={s.montant_restant} inherit /> },
];

/**
 * The contracts' figures (GET /contract/stats): how many in each status, what the drivers paid,
 * what remains due and what falls due this month. Two columns on a phone, four on a computer; the
 * cards are drawn at once with their titles and only the figures wait, so nothing moves.
 */
export function ContractStatsCards() {
  const stats = useContractStats();
  if (stats.isError) return <LoadError title="Les chiffres des contrats n'ont pas pu être chargés" error={stats.error} onRetry={() => void stats.refetch()} testId="contract-stats-error" />;
  const s = stats.data;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} data-testid="contract-stats" aria-busy={!s}>
      {CARDS.map((card) => (
        <Card key={card.key} withBorder radius="md" padding="sm" h={CARD_HEIGHT} data-testid={`contract-stat-${card.key}`}>
          <Text size="xs" c="dimmed" fw={500} truncate>
            {card.title}
          </Text>
          {s ? (
            <Text fz={VALUE_SIZE} fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid={`contract-stat-${card.key}-value`}>
              {card.value(s)}
            </Text>
          ) : (
            <Skeleton h={VALUE_LINE} w="60%" my={0} />
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
      ))}
    </SimpleGrid>
  );
}
