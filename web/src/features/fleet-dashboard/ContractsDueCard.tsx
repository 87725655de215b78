import { Skeleton } from '@mantine/core';
import { useContractStats } from '../contracts/queries.ts';
import { Money } from '../../ui/Money.tsx';
import { FLEET_CARD_HEIGHT, FleetCard } from './FleetCard.tsx';

/**
 * 'Échéances ce mois' (issue 19 section 3): the contract instalments falling due this month and not
 * yet paid, what they amount to, and the way to the contracts. Shown only with VIEW_CONTRACTS (the
 * caller decides); its place is a card's size while the statistics load.
 */
export function ContractsDueCard({ currency }: { currency: string | null }) {
  const stats = useContractStats();
  if (!stats.data && !stats.isError) return <Skeleton h={FLEET_CARD_HEIGHT} radius="md" data-testid="card-contracts-due-loading" />;
  const due = stats.data?.echeances_ce_mois;
  return (
    <FleetCard
      testId="card-contracts-due"
      title="Échéances ce mois"
      value={due ? <Money amount={due.amount} currency={currency} inherit /> : '—'}
      detail={due ? `${due.count} échéance${due.count > 1 ? 's' : ''} de contrat à régler ce mois-ci` : stats.error?.message}
      link={{ to: '/dashboard/contracts', label: 'Voir les contrats' }}
    />
  );
}
