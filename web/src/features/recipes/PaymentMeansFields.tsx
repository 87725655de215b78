import { useMemo } from 'react';
import { Group, Radio, Select, Stack } from '@mantine/core';
import { RECIPE_PAYMENT_METHOD_LABELS, type TRecipePaymentMethod, type TRecipePaymentType } from '@flotte/contract/recipes';
import { formatMoney } from '../../ui/format.ts';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { CASH_OPTION } from '../operations/fund-movement-form.ts';
import { useOperationCaisses } from '../operations/queries.ts';
import { useOperators } from './queries.ts';

/** `T`: the modes a form handles ('Solde Yango' only in the recipe payment form). */
export interface PaymentMeans<T extends TRecipePaymentMethod = TRecipePaymentType> {
  payment_type: T | null;
  caisse: string | null;
  operator_id: string | null;
  phone: string;
}

export interface PaymentMeansFieldsProps<T extends TRecipePaymentMethod = TRecipePaymentType> {
  /** The modes the selection allows, in the order shown. */
  types: readonly T[];
  value: PaymentMeans<T>;
  onChange: (patch: Partial<PaymentMeans<T>>) => void;
  /** Loads the caisses and operators only while the dialog is open. */
  active: boolean;
  testId: string;
}

/**
 * How a recipe is paid: the mode (cash, the driver's balance, mobile money, and for one recipe of a
 * driver linked to Yango his Yango balance, whose fields the caller draws), then for cash the
 * caisse (the operations' caisse select: 'Compte cash par défaut' only with ACCESS_CAISSE_CASH),
 * for mobile money the operator (GET /operator) and the number the driver pays from.
 */
export function PaymentMeansFields<T extends TRecipePaymentMethod = TRecipePaymentType>({ types, value, onChange, active, testId }: PaymentMeansFieldsProps<T>) {
  const { parkId } = useSession();
  const park = useActingPark();
  const { can } = usePermissions();
  const cashAccess = can('ACCESS_CAISSE_CASH');
  const type = value.payment_type;
  const caisses = useOperationCaisses(parkId, active && type === 'cash');
  const operators = useOperators(active && type === 'mobile_money');

  const caisseOptions = useMemo(
    () =>
      (caisses.data ?? [])
        .filter((c) => !c.is_default || cashAccess)
        .map((c) => (c.is_default ? { value: CASH_OPTION, label: `${c.name} (${formatMoney(c.sold, park?.currency)})` } : { value: c.id, label: c.name })),
    [caisses.data, cashAccess, park?.currency],
  );
  const operatorOptions = useMemo(() => (operators.data ?? []).map((o) => ({ value: String(o.id), label: o.name })), [operators.data]);

  return (
    <Stack gap="sm">
      <Radio.Group
        label="Mode de paiement"
        value={type ?? ''}
        onChange={(v) => onChange({ payment_type: v as T } as Partial<PaymentMeans<T>>)}
        withAsterisk
        data-testid={`${testId}-type`}
      >
        <Group gap="md" mt={6}>
          {types.map((t) => (
            <Radio key={t} value={t} label={RECIPE_PAYMENT_METHOD_LABELS[t]} data-testid={`${testId}-type-${t}`} />
          ))}
        </Group>
      </Radio.Group>

      {type === 'cash' ? (
        <Select
          label="Caisse"
          placeholder={cashAccess ? 'Compte cash par défaut' : 'Choisir une caisse'}
          data={caisseOptions}
          value={value.caisse}
          onChange={(v) => onChange({ caisse: v })}
          clearable
          withAsterisk={!cashAccess}
          nothingFoundMessage="Aucun élément trouvé"
          error={caisses.isError ? caisses.error.message : undefined}
          comboboxProps={{ withinPortal: true }}
          data-testid={`${testId}-caisse`}
        />
      ) : null}

      {type === 'mobile_money' ? (
        <>
          <Select
            label="Opérateur"
            placeholder="Choisir l'opérateur"
            data={operatorOptions}
            value={value.operator_id}
            onChange={(v) => onChange({ operator_id: v })}
            withAsterisk
            nothingFoundMessage="Aucun moyen de paiement trouvé"
            error={operators.isError ? operators.error.message : undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid={`${testId}-operator`}
          />
          <PhoneInput label="Téléphone du chauffeur" value={value.phone} onChange={(phone) => onChange({ phone })} required testId={`${testId}-phone`} />
        </>
      ) : null}
    </Stack>
  );
}
