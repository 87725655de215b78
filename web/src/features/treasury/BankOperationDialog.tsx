import { useEffect } from 'react';
import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { CAISSE_SUCCESS, type TCaisse } from '@flotte/contract/caisses';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { showFormError } from '../../ui/form-errors.ts';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { caisseOptions } from './caisse-options.ts';
import { BANK_OPERATION_DEFAULTS, bankOperationBody, bankOperationErrors, type BankOperationFormValues } from './movement-forms.ts';
import { treasuryKeys } from './queries.ts';
import { treasuryApi } from './treasury-api.ts';

const FIELDS = ['amount', 'caisse_id', 'description'] as const;

export interface BankOperationDialogProps {
  opened: boolean;
  caisses: TCaisse[];
  parkId: string;
  onClose: () => void;
}

/** 'Opération bancaire' (CAISSE_TRANSFERT): cash withdrawn from the bank and put in a caisse. */
export function BankOperationDialog({ opened, caisses, parkId, onClose }: BankOperationDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const currency = useActingPark()?.currency;
  const { control, register, handleSubmit, reset, setError, formState } = useForm<BankOperationFormValues>({ defaultValues: BANK_OPERATION_DEFAULTS });

  useEffect(() => {
    if (opened) reset(BANK_OPERATION_DEFAULTS);
  }, [opened, reset]);

  const send = useMutation({ mutationFn: (v: BankOperationFormValues) => treasuryApi.bankOperation(bankOperationBody(v, parkId)), meta: { errorToast: false } });

  const onSubmit = handleSubmit(async (values) => {
    const errors = Object.entries(bankOperationErrors(values)) as [keyof BankOperationFormValues, string][];
    if (errors.length) {
      // Spec 001 section 5: the form's checks show as toasts; the first one is enough.
      toast.error(errors[0][1]);
      errors.forEach(([field, message], i) => setError(field, { type: 'form', message }, { shouldFocus: i === 0 }));
      return;
    }
    try {
      await send.mutateAsync(values);
      toast.success(CAISSE_SUCCESS.bankOperation);
      void queryClient.invalidateQueries({ queryKey: treasuryKeys.caisses(parkId) });
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, FIELDS);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Opération bancaire" fullScreen={fullScreen} data-testid="bank-operation-dialog">
      <form onSubmit={onSubmit} noValidate data-testid="bank-operation-form">
        <Stack gap="md">
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <AmountInput
                label="Montant retiré de la banque"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                testId="bank-operation-amount"
              />
            )}
          />
          <Controller
            control={control}
            name="caisse_id"
            render={({ field, fieldState }) => (
              <Select
                label="Caisse qui reçoit les espèces"
                withAsterisk
                placeholder="Choisissez une caisse"
                data={caisseOptions(caisses, currency)}
                value={field.value}
                onChange={field.onChange}
                searchable
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
                data-testid="bank-operation-caisse"
              />
            )}
          />
          <Textarea label="Description" autosize minRows={2} maxRows={4} {...register('description')} error={formState.errors.description?.message} data-testid="bank-operation-description" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={send.isPending} data-testid="bank-operation-submit">
              Confirmer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
