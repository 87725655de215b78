import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { formatMoney } from '../../ui/format.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { CASH_OPTION } from './fund-movement-form.ts';
import { useOperationCaisses } from './queries.ts';

/**
 * The caisse a payment goes into or comes out of (a course's revenue, an owner's instalment): the
 * named caisses with their balance, and the default cash account (CASH_OPTION, or nothing chosen)
 * only for a holder of ACCESS_CAISSE_CASH.
 */
export function CaisseSelect({ value, onChange, cashAccess, enabled, testId }: { value: string | null; onChange: (v: string | null) => void; cashAccess: boolean; enabled: boolean; testId: string }) {
  const { parkId } = useSession();
  const park = useActingPark();
  const caisses = useOperationCaisses(parkId, enabled);
  const options = useMemo(
    () =>
      (caisses.data ?? [])
        .filter((c) => !c.is_default || cashAccess)
        .map((c) => ({ value: c.is_default ? CASH_OPTION : c.id, label: `${c.name} · ${formatMoney(c.sold, park?.currency)}` })),
    [caisses.data, cashAccess, park?.currency],
  );
  return (
    <Select
      label="Caisse"
      withAsterisk={!cashAccess}
      placeholder={cashAccess ? 'Compte cash par défaut' : 'Choisir une caisse'}
      data={options}
      value={value}
      onChange={onChange}
      clearable
      nothingFoundMessage="Aucune caisse"
      error={caisses.isError ? caisses.error.message : undefined}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
