import { useEffect } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { CAISSE_SUCCESS, type TCaisse } from '@flotte/contract/caisses';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { showFormError } from '../../ui/form-errors.ts';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { caisseOptions } from './caisse-options.ts';
import { exceedsBalance, TRANSFER_DEFAULTS, transferBody, transferErrors, type TransferFormValues } from './movement-forms.ts';
import { treasuryKeys } from './queries.ts';
import { treasuryApi } from './treasury-api.ts';

const FIELDS = ['from_caisse_id', 'to_caisse_id', 'amount', 'comment'] as const;

export interface TransferDialogProps {
  opened: boolean;
  caisses: TCaisse[];
  parkId: string;
  onClose: () => void;
}

/** 'Transférer entre caisses' (CAISSE_TRANSFERT): from one caisse to another, an amount, a comment. */
export function TransferDialog({ opened, caisses, parkId, onClose }: TransferDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const currency = useActingPark()?.currency;
  const { control, register, handleSubmit, reset, setError, watch, formState } = useForm<TransferFormValues>({ defaultValues: TRANSFER_DEFAULTS });

  useEffect(() => {
    if (opened) reset(TRANSFER_DEFAULTS);
  }, [opened, reset]);

  const send = useMutation({ mutationFn: (v: TransferFormValues) => treasuryApi.transfer(transferBody(v, parkId)), meta: { errorToast: false } });

  const onSubmit = handleSubmit(async (values) => {
    const errors = Object.entries(transferErrors(values)) as [keyof TransferFormValues, string][];
    if (errors.length) {
      errors.forEach(([field, message], i) => setError(field, { type: 'form', message }, { shouldFocus: i === 0 }));
      return;
    }
    try {
      await send.mutateAsync(values);
      toast.success(CAISSE_SUCCESS.transferred);
      void queryClient.invalidateQueries({ queryKey: treasuryKeys.caisses(parkId) });
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, FIELDS);
    }
  });

  const values = watch();
  const from = caisses.find((c) => c.id === values.from_caisse_id);
  return (
    <Modal opened={opened} onClose={onClose} title="Transférer entre caisses" fullScreen={fullScreen} data-testid="transfer-dialog">
      <form onSubmit={onSubmit} noValidate data-testid="transfer-form">
        <Stack gap="md">
          <Controller
            control={control}
            name="from_caisse_id"
            render={({ field, fieldState }) => (
              <Select
                label="Caisse à débiter"
                withAsterisk
                placeholder="Choisissez une caisse"
                data={caisseOptions(caisses, currency)}
                value={field.value}
                onChange={field.onChange}
                searchable
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
                data-testid="transfer-from"
              />
            )}
          />
          <Controller
            control={control}
            name="to_caisse_id"
            render={({ field, fieldState }) => (
              <Select
                label="Caisse à créditer"
                withAsterisk
                placeholder="Choisissez une caisse"
                data={caisseOptions(caisses, currency, values.from_caisse_id)}
                value={field.value}
                onChange={field.onChange}
                searchable
                error={fieldState.error?.message}
                comboboxProps={{ withinPortal: true }}
                data-testid="transfer-to"
              />
            )}
          />
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <AmountInput label="Montant" required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="transfer-amount" />
            )}
          />
          {from ? (
            <Text size="xs" c={exceedsBalance(values.amount, from.sold) ? 'red' : 'dimmed'} data-testid="transfer-available">
              Solde disponible : <Money amount={from.sold} />
            </Text>
          ) : null}
          <Textarea label="Commentaire" autosize minRows={2} maxRows={4} {...register('comment')} error={formState.errors.comment?.message} data-testid="transfer-comment" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={send.isPending} data-testid="transfer-submit">
              Transférer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
