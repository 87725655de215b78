import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CANCEL_DEBT_MODE_LABELS, CANCEL_DEBT_MODES, CONTRACT_MESSAGES, type TCancelDebtMode, type TContractDetail } from '@flotte/contract/contracts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { cancelBody, cancelDefaults, cancelError, type CancelValues } from './contract-detail.ts';
import { contractsApi } from './contracts-api.ts';
import { invalidatedByPayment } from './queries.ts';

export interface CancelContractDialogProps {
  contract: Pick<TContractDetail, 'id' | 'reference' | 'contract_type' | 'remaining_amount' | 'overdue_amount'>;
  opened: boolean;
  onClose: () => void;
  /** After the contract was cancelled (the page then goes to the list). */
  onCancelled: () => void;
}

/**
 * 'Annuler le contrat' (issue 19 section 1): a reason (more than one character) and, for a driver
 * contract, what becomes of what he still owes (written off, or kept as his debt). Irreversible:
 * the dialog says so before the red button.
 */
export function CancelContractDialog({ contract, opened, onClose, onCancelled }: CancelContractDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CancelValues>(cancelDefaults);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setValues(cancelDefaults());
      setError(null);
    }
  }, [opened]);

  const cancel = useMutation({ mutationFn: () => contractsApi.cancel(contract.id, cancelBody(values, contract.contract_type)), meta: { errorToast: false } });
  async function submit() {
    const failed = cancelError(values);
    setError(failed);
    if (failed) return;
    try {
      await cancel.mutateAsync();
    } catch (e) {
      toastApiError(e);
      return;
    }
    toast.success(CONTRACT_MESSAGES.cancelled);
    for (const key of invalidatedByPayment) void queryClient.invalidateQueries({ queryKey: key });
    onClose();
    onCancelled();
  }

  return (
    <Modal
      opened={opened}
      onClose={() => (cancel.isPending ? undefined : onClose())}
      title={`Annuler le contrat ${contract.reference}`}
      size="md"
      fullScreen={fullScreen}
      data-testid="contract-cancel-dialog"
    >
      <Stack gap="md">
        <Textarea
          label="Motif de l'annulation"
          withAsterisk
          autosize
          minRows={3}
          maxLength={1000}
          value={values.reason}
          onChange={(e) => {
            const reason = e.currentTarget.value;
            setValues((v) => ({ ...v, reason }));
            if (error) setError(null);
          }}
          error={error}
          data-testid="contract-cancel-reason"
        />
        {contract.contract_type === 'DRIVER' && contract.remaining_amount > 0 ? (
          <Radio.Group
            label="Ce qui reste dû"
            description={
              <>
                Le chauffeur doit encore <Money amount={contract.remaining_amount} />
                {contract.overdue_amount > 0 ? (
                  <>
                    , dont <Money amount={contract.overdue_amount} /> en retard
                  </>
                ) : null}
                .
              </>
            }
            value={values.debt_mode}
            onChange={(v) => setValues((s) => ({ ...s, debt_mode: v as TCancelDebtMode }))}
            data-testid="contract-cancel-debt-mode"
          >
            <Stack gap="xs" mt={6}>
              {CANCEL_DEBT_MODES.map((m) => (
                <Radio key={m} value={m} label={CANCEL_DEBT_MODE_LABELS[m]} data-testid={`contract-cancel-debt-${m}`} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <Alert color="red" variant="light" data-testid="contract-cancel-warning">
          {CONTRACT_MESSAGES.cancelConfirm}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending} data-testid="contract-cancel-keep">
            {CONTRACT_MESSAGES.cancelKeep}
          </Button>
          <Button color="red" onClick={() => void submit()} loading={cancel.isPending} data-testid="contract-cancel-submit">
            {CONTRACT_MESSAGES.cancelButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
