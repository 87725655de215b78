import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { formatMoney } from '../../ui/format.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';
import { useOperationCaisses } from '../operations/queries.ts';

/**
 * The caisse a course's money goes into, as the other money dialogs pick it: the named caisses
 * with their balance, and the default cash account only for a holder of ACCESS_CAISSE_CASH.
 */
export function CourseCaisseSelect({ value, onChange, cashAccess, enabled, testId }: { value: string | null; onChange: (v: string | null) => void; cashAccess: boolean; enabled: boolean; testId: string }) {
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
