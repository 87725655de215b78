import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { RECIPE_COLLECTION_MESSAGES as M, type TRecipe, type TRecipePaymentMethod } from '@flotte/contract/recipes';
import type { TTransactionValidation } from '@flotte/contract/payins';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { PaymentMeansFields, type PaymentMeans } from './PaymentMeansFields.tsx';
import { useRefreshAfterRecipes } from './queries.ts';
import {
  availablePaymentTypes,
  emptyPaymentValues,
  isOpenEnded,
  keepAvailable,
  needsAmount,
  paymentBody,
  paymentCapacity,
  paymentError,
  paymentRoute,
  validationOf,
  type RecipePaymentValues,
} from './recipe-payment.ts';
import { recipesApi } from './recipes-api.ts';
import { TransactionValidationCard } from '../payins/TransactionValidationCard.tsx';
import { totalRemaining } from './recipe-grouping.ts';
import { useYangoDebit, YangoDebitFields } from '../yango/YangoDebitFields.tsx';

export interface RecipePaymentFormProps {
  /** The recipes to pay (a snapshot of the selection). */
  recipes: readonly TRecipe[];
  /** 'manual': the driver dialog's 'Encaisser manuellement' (POST accept-cash-payment). */
  source?: 'unpaid' | 'manual';
  /** The form starts afresh each time this turns true (its dialog opening). */
  active: boolean;
  /** Cash or the driver's balance went through: the caller closes its dialog. */
  onCollected: () => void;
  /** The driver validated a mobile-money payment (the form is back at step 1, the lists refreshed). */
  onMobileCompleted?: () => void;
}

/**
 * The payment form of 'Règlement complet/partiel des recettes' (spec 001 sections 2.6, 4, 5), also
 * the collection dialog's encaiss mode: how many recipes and how much, the payment mode, a
 * partial amount, a comment, 'Procéder au paiement'. Cash and the driver's balance are collected
 * at once; mobile money asks the driver's operator and shows the transaction validation card as
 * step 2, from which completing or cancelling comes back to the form. For one recipe of a driver
 * linked to Yango, 'Solde Yango' debits his Yango balance (features/yango/YangoDebitFields).
 */
export function RecipePaymentForm({ recipes, source = 'unpaid', active, onCollected, onMobileCompleted }: RecipePaymentFormProps) {
  const { can } = usePermissions();
  const cashAccess = can('ACCESS_CAISSE_CASH');
  const refresh = useRefreshAfterRecipes();
  const [values, setValues] = useState<RecipePaymentValues>(emptyPaymentValues);
  const [validation, setValidation] = useState<TTransactionValidation | null>(null);
  const single = recipes.length === 1 ? recipes[0]! : null;
  // 'Solde Yango' (issue 21): one recipe whose driver is linked to Yango, debited through its own route.
  const yango = useYangoDebit(single, { onPaid: onCollected });
  const types = useMemo(() => availablePaymentTypes(recipes, { yango: yango.available }), [recipes, yango.available]);
  const set = (patch: Partial<RecipePaymentValues>) => setValues((v) => ({ ...v, ...patch }));

  useEffect(() => {
    if (active) {
      setValues(emptyPaymentValues());
      setValidation(null);
      yango.reset();
    }
  }, [active]);
  // A selection that gains an expected recipe can no longer be paid from the driver's balance.
  useEffect(() => setValues((v) => keepAvailable(v, types)), [types]);

  const total = totalRemaining(recipes);
  const openEnded = recipes.some(isOpenEnded);
  const typed = needsAmount(values, recipes);
  const capacity = paymentCapacity(recipes);

  const pay = useMutation({
    mutationFn: () => {
      const route = paymentRoute(recipes, source);
      return recipesApi.pay(route, paymentBody(values, recipes, route));
    },
    meta: { errorToast: false },
  });

  async function submit() {
    if (values.payment_type === 'yango') {
      await yango.submit(values);
      return;
    }
    const failed = paymentError(values, recipes, { cashAccess });
    if (failed) {
      toast.error(failed.message);
      return;
    }
    try {
      const answer = await pay.mutateAsync();
      const card = validationOf<TTransactionValidation>(answer);
      if (card) {
        toast.success(M.mobileMoneyStarted);
        setValidation(card);
        return;
      }
      toast.success(M.collected);
      void refresh();
      onCollected();
    } catch (error) {
      toastApiError(error);
    }
  }

  if (validation) {
    return (
      <TransactionValidationCard
        validation={validation}
        onCompleted={() => {
          setValidation(null);
          setValues(emptyPaymentValues());
          void refresh();
          onMobileCompleted?.();
        }}
        onCancelled={() => setValidation(null)}
      />
    );
  }

  const means: PaymentMeans<TRecipePaymentMethod> = { payment_type: values.payment_type, caisse: values.caisse, operator_id: values.operator_id, phone: values.phone };
  return (
    <Stack gap="md" data-testid="recipe-payment-form">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" data-testid="recipe-payment-count">
            {recipes.length} recette(s)
          </Text>
          <Money amount={total} fw={700} size="lg" data-testid="recipe-payment-total" />
        </Group>
        {single ? (
          <Text size="xs" c="dimmed" mt={4}>
            Objectif <Money amount={single.objective} /> · déjà encaissé <Money amount={single.actual_recipe} />
          </Text>
        ) : null}
      </Paper>

      <PaymentMeansFields types={types} value={means} onChange={set} active={active} testId="recipe-payment" />
      {yango.available ? <YangoDebitFields state={yango} selected={values.payment_type === 'yango'} /> : null}

      {openEnded ? null : (
        <Switch
          label="Paiement partiel"
          checked={values.partial}
          onChange={(e) => set({ partial: e.currentTarget.checked, amount: null })}
          data-testid="recipe-payment-partial"
        />
      )}
      {typed ? (
        <AmountInput
          label="Montant à encaisser"
          description={
            Number.isFinite(capacity) ? (
              <>
                Au plus <Money amount={capacity} />
                {recipes.length > 1 ? ', réparti de la plus ancienne recette à la plus récente' : ''}
              </>
            ) : (
              "L'objectif de cette recette est fixé par le montant encaissé"
            )
          }
          value={values.amount}
          onChange={(amount) => set({ amount })}
          required
          testId="recipe-payment-amount"
        />
      ) : null}

      <Textarea
        label="Commentaire"
        placeholder="Facultatif"
        autosize
        minRows={2}
        maxLength={1000}
        value={values.comment}
        onChange={(e) => set({ comment: e.currentTarget.value })}
        data-testid="recipe-payment-comment"
      />

      <Button
        fullWidth
        onClick={() => void submit()}
        loading={pay.isPending || yango.sending}
        // While Yango has not answered a debit of this recipe, another one waits: 'Vérifier' first.
        disabled={recipes.length === 0 || (values.payment_type === 'yango' && yango.pending !== null)}
        data-testid="recipe-payment-submit"
      >
        {M.proceed}
      </Button>
    </Stack>
  );
}
