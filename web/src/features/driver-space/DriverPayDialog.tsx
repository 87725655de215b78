import { useState } from 'react';
import { Alert, Button, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { TRecipe } from '@flotte/contract';
import type { TTransactionValidation } from '@flotte/contract/payins';
import { ApiError } from '../../api/api-error.ts';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toastApiError } from '../../ui/toast.ts';
import { usePending } from '../../ui/usePending.ts';
import { driverApi, driverKeys } from './driver-api.ts';
import { DriverPayinCard } from './DriverPayinCard.tsx';
import { dayTitle, remainingOf } from './driver-display.ts';
import { checkPay, type PayErrors } from './pay-form.ts';
import { useDriverOperators } from './queries.ts';
import { RECIPE_KIND_LABELS } from './recipe-labels.ts';

export interface DriverPayDialogProps {
  recipe: TRecipe | null;
  currency: string;
  /** His own number, the one offered first. */
  phone: string;
  onClose: () => void;
}

/**
 * 'Payer' one of his recipes by mobile money: the operator of his country, the number to pay
 * from (his own unless he changes it) and the amount (all that remains unless he pays less),
 * then the validation card until he says 'J'ai validé' or 'Annuler'.
 */
export function DriverPayDialog({ recipe, currency, phone, onClose }: DriverPayDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={recipe !== null} onClose={onClose} title="Payer par mobile money" size="md" fullScreen={fullScreen} data-testid="driver-pay-dialog">
      {recipe ? <PayBody key={recipe.id} recipe={recipe} currency={currency} phone={phone} onClose={onClose} /> : null}
    </Modal>
  );
}

function PayBody({ recipe, currency, phone: ownPhone, onClose }: { recipe: TRecipe; currency: string; phone: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const operators = useDriverOperators(true);
  const remaining = remainingOf(recipe);
  const [operatorId, setOperatorId] = useState('');
  const [phone, setPhone] = useState(ownPhone);
  const [amount, setAmount] = useState<number | null>(remaining);
  const [errors, setErrors] = useState<PayErrors>({});
  const [validation, setValidation] = useState<TTransactionValidation | null>(null);
  const pay = usePending(driverApi.pay);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: driverKeys.all });

  if (validation) {
    return (
      <DriverPayinCard
        validation={validation}
        onCompleted={refresh}
        onClosed={() => {
          refresh();
          onClose();
        }}
      />
    );
  }

  async function submit() {
    const checked = checkPay(recipe.id, remaining, { operatorId, phone, amount });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      const answer = await pay.run(checked.body);
      setValidation(answer.validation);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : [];
      const found: PayErrors = {};
      for (const f of fields) {
        if (f.field === 'operator_id') found.operator ??= f.message;
        else if (f.field === 'phone') found.phone ??= f.message;
        else if (f.field === 'amount') found.amount ??= f.message;
      }
      if (Object.keys(found).length) setErrors(found);
      else toastApiError(failure);
    }
  }

  const options = [{ value: '', label: 'Choisissez votre opérateur' }, ...(operators.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <div>
          <Text fw={600}>
            {RECIPE_KIND_LABELS[recipe.kind]} · {dayTitle(recipe.date)}
          </Text>
          <Text size="sm" c="dimmed">
            Reste à payer : <Money amount={remaining} currency={currency} fw={600} c="dark" />
          </Text>
        </div>
        {operators.isError ? (
          <Alert color="red" title="Impossible de charger les opérateurs">
            <Button size="xs" variant="light" onClick={() => void operators.refetch()}>
              Réessayer
            </Button>
          </Alert>
        ) : null}
        <NativeSelect
          label="Opérateur"
          data={options}
          value={operatorId}
          onChange={(event) => {
            setOperatorId(event.currentTarget.value);
            setErrors((e) => ({ ...e, operator: undefined }));
          }}
          error={errors.operator}
          disabled={operators.isPending}
          required
          data-testid="driver-pay-operator"
        />
        <PhoneInput
          label="Numéro qui paie"
          description="Le vôtre par défaut ; vous pouvez en saisir un autre."
          value={phone}
          onChange={(value) => {
            setPhone(value);
            setErrors((e) => ({ ...e, phone: undefined }));
          }}
          error={errors.phone}
          required
          testId="driver-pay-phone"
        />
        <AmountInput
          label="Montant"
          description="Tout le reste par défaut ; vous pouvez payer moins."
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
          error={errors.amount}
          currency={currency}
          testId="driver-pay-amount"
        />
        <Button type="submit" fullWidth loading={pay.pending} data-testid="driver-pay-submit">
          Payer
        </Button>
      </Stack>
    </form>
  );
}
