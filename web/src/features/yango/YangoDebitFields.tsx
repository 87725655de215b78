import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { YANGO_MESSAGES, type TYangoDebit } from '@flotte/contract/yango';
import type { TRecipe } from '@flotte/contract/recipes';
import { ApiError } from '../../api/api-error.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useRecipeYangoDebits, useRefreshAfterYangoDebit, yangoActivityApi } from './activity-api.ts';
import { lastOpenDebit, YANGO_DEBIT_TEXTS as T, yangoDebitAmount, yangoDebitError } from './yango-activity.ts';

/**
 * Collecting one recipe by debiting the driver's Yango balance (issue 21 section 4): offered when
 * the recipe's driver is linked to Yango (its `driver.yango_linked`; a park whose connection was
 * removed answers so in the form). POST /yango/debit-recipe answers 'paid' (collected: the toast and the
 * refresh of any collection), 'pending' (Yango has not confirmed yet: 'Vérifier' asks again), or a
 * refusal whose reason stays in the form; the recipe stays unpaid until Yango confirms.
 */
export function useYangoDebit(recipe: TRecipe | null, opts: { onPaid: () => void }) {
  // The recipe says whether its driver is linked: a cashier needs no access to the drivers' screens.
  const available = recipe !== null && recipe.driver.yango_linked && recipe.toEncaiss > 0;
  const debits = useRecipeYangoDebits(recipe?.id ?? null, available);
  const refresh = useRefreshAfterYangoDebit();
  // What this form learnt since it opened (a fresh answer wins over the recipe's list).
  const [fresh, setFresh] = useState<TYangoDebit | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const settled = (d: TYangoDebit) => {
    setFresh(d);
    if (d.status === 'paid') {
      toast.success(YANGO_MESSAGES.debitPaid);
      setRefusal(null);
      void refresh();
      opts.onPaid();
    } else if (d.status === 'failed') {
      setRefusal(d.reason ? `${T.refusedTitle} : ${d.reason}` : T.refusedTitle);
      void debits.refetch();
    }
  };

  const debit = useMutation({
    mutationFn: (body: { recipe_id: string; amount: number; comment?: string }) => yangoActivityApi.debitRecipe(body),
    meta: { errorToast: false },
  });
  const check = useMutation({ mutationFn: (id: string) => yangoActivityApi.debit(id), meta: { errorToast: false } });

  /** Sends the debit of what remains (or the partial amount); a value the check refuses is toasted, not sent. */
  async function submit(values: { partial: boolean; amount: number | null; comment: string }): Promise<void> {
    if (!recipe) return;
    const failed = yangoDebitError(values, recipe);
    if (failed) {
      toast.error(failed);
      return;
    }
    setRefusal(null);
    try {
      const d = await debit.mutateAsync({ recipe_id: recipe.id, amount: yangoDebitAmount(values, recipe)!, comment: values.comment.trim() || undefined });
      settled(d);
    } catch (error) {
      // Yango's refusal (409) carries its reason: it stays in the form, the recipe stays unpaid.
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message);
        void debits.refetch();
      } else toastApiError(error);
    }
  }

  const pending = [fresh, lastOpenDebit(debits.data)].find((d) => d?.status === 'pending') ?? null;
  // A debit refused before this form opened: its reason is shown until another attempt.
  const lastRefused = fresh === null && refusal === null ? lastOpenDebit(debits.data) : null;

  async function recheck() {
    if (!pending) return;
    try {
      const d = await check.mutateAsync(pending.id);
      if (d.status === 'pending') {
        setFresh(d);
        toast.success(T.stillPending);
      } else settled(d);
    } catch (error) {
      toastApiError(error);
    }
  }

  const reset = () => {
    setFresh(null);
    setRefusal(null);
  };

  return {
    available,
    pending,
    refusal: refusal ?? (lastRefused?.status === 'failed' ? lastRefused.reason : null),
    refusalIsOld: refusal === null && lastRefused?.status === 'failed',
    refusedAt: lastRefused?.created_at ?? null,
    submit,
    recheck,
    reset,
    sending: debit.isPending,
    checking: check.isPending,
  };
}

export type YangoDebitState = ReturnType<typeof useYangoDebit>;

/**
 * What the form shows for the 'Solde Yango' mode: how the debit works, Yango's last refusal, and
 * a debit waiting for Yango with 'Vérifier'.
 */
export function YangoDebitFields({ state, selected }: { state: YangoDebitState; selected: boolean }) {
  return (
    <Stack gap="sm" data-testid="yango-debit">
      {state.pending ? (
        <Alert color="blue" variant="light" title={T.pendingTitle} data-testid="yango-debit-pending">
          <Stack gap="xs">
            <Text size="sm">
              <Money amount={state.pending.amount} fw={600} /> · {T.pending}
            </Text>
            <Group>
              <Button size="xs" variant="light" onClick={() => void state.recheck()} loading={state.checking} data-testid="yango-debit-check">
                {T.check}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {state.refusal && !state.pending ? (
        <Alert color="red" variant="light" title={state.refusalIsOld ? T.lastRefused : undefined} data-testid="yango-debit-refused">
          <Text size="sm">{state.refusal}</Text>
          {state.refusalIsOld && state.refusedAt ? (
            <Text size="xs" c="dimmed" mt={4}>
              {formatDateTime(state.refusedAt)}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {selected && !state.pending ? (
        <Text size="xs" c="dimmed" data-testid="yango-debit-hint">
          {T.hint}
        </Text>
      ) : null}
    </Stack>
  );
}
