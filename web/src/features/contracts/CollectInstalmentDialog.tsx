import { useEffect, useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_MESSAGES, type TContractDetail } from '@flotte/contract/contracts';
import type { TTransactionValidation } from '@flotte/contract/payins';
import { RECIPE_COLLECTION_MESSAGES, RECIPE_PAYMENT_TYPES } from '@flotte/contract/recipes';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { TransactionValidationCard } from '../payins/TransactionValidationCard.tsx';
import { PaymentMeansFields, type PaymentMeans } from '../recipes/PaymentMeansFields.tsx';
import { collectBody, collectDefaults, collectError, collectValidation, type CollectValues } from './contract-collect.ts';
import { collectDefaultAmount } from './contract-detail.ts';
import { contractsApi } from './contracts-api.ts';
import { contractKeys, invalidatedByPayment } from './queries.ts';

export interface CollectInstalmentDialogProps {
  contract: TContractDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Encaisser' on a driver contract (issue 19 section 1): the amount (what is overdue, else the
 * next instalment), applied by the server to the oldest unpaid instalments, paid as a recipe is:
 * cash into a caisse, the driver's balance, or mobile money, which then shows the recipes'
 * validation card (polled until the operator answers) in place of the form.
 */
export function CollectInstalmentDialog({ contract, opened, onClose }: CollectInstalmentDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const cashAccess = usePermissions().can('ACCESS_CAISSE_CASH');
  const [values, setValues] = useState<CollectValues>(() => collectDefaults(collectDefaultAmount(contract), contract.driver?.phone ?? ''));
  const [validation, setValidation] = useState<TTransactionValidation | null>(null);
  const set = (patch: Partial<CollectValues>) => setValues((v) => ({ ...v, ...patch }));
  useEffect(() => {
    if (opened) {
      setValues(collectDefaults(collectDefaultAmount(contract), contract.driver?.phone ?? ''));
      setValidation(null);
    }
  }, [opened]);

  const refresh = () => {
    for (const key of invalidatedByPayment) void queryClient.invalidateQueries({ queryKey: key });
  };
  const collect = useMutation({ mutationFn: () => contractsApi.collect(contract.id, collectBody(values)), meta: { errorToast: false } });

  async function submit() {
    const failed = collectError(values, { cashAccess, remaining: contract.remaining_amount });
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      const result = await collect.mutateAsync();
      queryClient.setQueryData(contractKeys.detail(contract.id), result.contract);
      const card = collectValidation(result);
      if (card) {
        toast.success(RECIPE_COLLECTION_MESSAGES.mobileMoneyStarted);
        setValidation(card);
        return;
      }
      toast.success(CONTRACT_MESSAGES.paid);
      refresh();
      onClose();
    } catch (error) {
      toastApiError(error);
    }
  }

  const means: PaymentMeans = { payment_type: values.payment_type, caisse: values.caisse, operator_id: values.operator_id, phone: values.phone };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Encaisser · ${contract.reference}`}
      size="md"
      fullScreen={fullScreen}
      data-testid="contract-collect-dialog"
    >
      {validation ? (
        <TransactionValidationCard
          validation={validation}
          onCompleted={() => {
            setValidation(null);
            refresh();
            onClose();
          }}
          onCancelled={() => setValidation(null)}
        />
      ) : (
        <Stack gap="md" data-testid="contract-collect-form">
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {contract.driver?.name ?? 'Chauffeur'}
              </Text>
              <Text size="sm" ta="right">
                Reste <Money amount={contract.remaining_amount} fw={700} data-testid="contract-collect-remaining" />
              </Text>
            </Group>
            {contract.overdue_amount > 0 ? (
              <Text size="xs" c="red" mt={4}>
                Dont <Money amount={contract.overdue_amount} /> en retard
              </Text>
            ) : null}
          </Paper>
          <AmountInput
            label="Montant à encaisser"
            description="Réparti de la plus ancienne échéance impayée à la plus récente"
            value={values.amount}
            onChange={(amount) => set({ amount })}
            required
            testId="contract-collect-amount"
          />
          <PaymentMeansFields types={RECIPE_PAYMENT_TYPES} value={means} onChange={set} active={opened} testId="contract-collect" />
          <Textarea
            label="Commentaire"
            placeholder="Facultatif"
            autosize
            minRows={2}
            maxLength={500}
            value={values.comment}
            onChange={(e) => set({ comment: e.currentTarget.value })}
            data-testid="contract-collect-comment"
          />
          <Button fullWidth onClick={() => void submit()} loading={collect.isPending} data-testid="contract-collect-submit">
            {RECIPE_COLLECTION_MESSAGES.proceed}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
