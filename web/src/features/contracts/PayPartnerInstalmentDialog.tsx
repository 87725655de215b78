import { useEffect, useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_MESSAGES, type TContractDetail, type TContractInstalment } from '@flotte/contract/contracts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { CaisseSelect } from '../operations/CaisseSelect.tsx';
import { partnerPayBody, partnerPayError } from './contract-collect.ts';
import { formatDue } from './contract-display.ts';
import { contractsApi } from './contracts-api.ts';
import { contractKeys, invalidatedByPayment } from './queries.ts';

export interface PayPartnerInstalmentDialogProps {
  contract: Pick<TContractDetail, 'id' | 'reference' | 'vehicle_owner'>;
  instalment: TContractInstalment | null;
  onClose: () => void;
}

/**
 * 'Payer' on a partner instalment that fell due (issue 19 section 1): the park pays the owner what
 * remains of it from a caisse (the default cash account only with ACCESS_CAISSE_CASH), an expense
 * in the ledger.
 */
export function PayPartnerInstalmentDialog({ contract, instalment, onClose }: PayPartnerInstalmentDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const cashAccess = usePermissions().can('ACCESS_CAISSE_CASH');
  const opened = instalment !== null;
  const [caisse, setCaisse] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  useEffect(() => {
    if (opened) {
      setCaisse(null);
      setComment('');
    }
  }, [opened, instalment?.seq]);


  const pay = useMutation({
    mutationFn: () => contractsApi.payPartnerInstalment(contract.id, instalment!.seq, partnerPayBody(caisse, comment)),
    meta: { errorToast: false },
  });
  async function submit() {
    const failed = partnerPayError(caisse, { cashAccess });
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      const detail = await pay.mutateAsync();
      queryClient.setQueryData(contractKeys.detail(contract.id), detail);
      toast.success(CONTRACT_MESSAGES.paid);
      for (const key of invalidatedByPayment) void queryClient.invalidateQueries({ queryKey: key });
      onClose();
    } catch (error) {
      toastApiError(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Payer le propriétaire" size="md" fullScreen={fullScreen} data-testid="contract-pay-dialog">
      {instalment ? (
        <Stack gap="md">
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  Échéance n° {instalment.seq} · {formatDue(instalment.due_date, instalment.due_time)}
                </Text>
                <Text size="xs" c="dimmed">
                  {contract.vehicle_owner?.name ?? 'Propriétaire'} · {contract.reference}
                </Text>
              </Stack>
              <Money amount={instalment.remaining} fw={700} size="lg" data-testid="contract-pay-amount" />
            </Group>
          </Paper>
          <CaisseSelect value={caisse} onChange={setCaisse} cashAccess={cashAccess} enabled={opened} testId="contract-pay-caisse" />
          <Textarea
            label="Commentaire"
            placeholder="Facultatif"
            autosize
            minRows={2}
            maxLength={500}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            data-testid="contract-pay-comment"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button onClick={() => void submit()} loading={pay.isPending} data-testid="contract-pay-submit">
              Payer
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
