import { useEffect } from 'react';
import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, TextInput, Input } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { OWNER_TYPE_LABELS, OWNER_TYPES, ZOwnerInput, type TOwner, type TOwnerInputParsed, type TOwnerType } from '@flotte/contract/owners';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { showFormError } from '../../ui/form-errors.ts';
import { EmailInput } from '../../ui/inputs/EmailInput.tsx';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { toast } from '../../ui/toast.ts';
import { vehicleKeys } from './queries.ts';
import { vehiclesApi } from './vehicles-api.ts';

export const OWNER_DIALOG_TITLE = 'Ajouter un nouveau propriétaire';

interface OwnerFormValues {
  type: TOwnerType;
  first_name: string;
  last_name: string;
  park_id: string;
  business_name: string;
  email: string;
  phone: string;
  street: string;
  cni_number: string;
  driver_licence_number: string;
}
const OWNER_FIELDS = ['type', 'first_name', 'last_name', 'business_name', 'email', 'phone', 'street', 'cni_number', 'driver_licence_number'] as const;

const ownerResolver: Resolver<OwnerFormValues, unknown, TOwnerInputParsed> = zodResolver(ZOwnerInput as unknown as ZodType<TOwnerInputParsed, OwnerFormValues>);

const defaults = (parkId: string): OwnerFormValues => ({
  type: 'individuel',
  first_name: '',
  last_name: '',
  park_id: parkId,
  business_name: '',
  email: '',
  phone: '',
  street: '',
  cni_number: '',
  driver_licence_number: '',
});

/** 'Ajouter un nouveau propriétaire' (spec 002 'Owner form'): a person or a company who owns vehicles of the fleet. */
export function OwnerFormDialog({ opened, parkId, onClose, onCreated }: { opened: boolean; parkId: string; onClose: () => void; onCreated: (owner: TOwner) => void }) {
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, reset, setError, watch, formState } = useForm<OwnerFormValues, unknown, TOwnerInputParsed>({
    resolver: ownerResolver,
    defaultValues: defaults(parkId),
  });
  useEffect(() => {
    if (opened) reset(defaults(parkId));
  }, [opened, parkId, reset]);

  const save = useMutation({ mutationFn: (body: TOwnerInputParsed) => vehiclesApi.addOwner(body), meta: { errorToast: false } });
  const isCompany = watch('type') === 'entreprise';
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const owner = await save.mutateAsync(values);
      toast.success(SUCCESS_MESSAGES.OWNER_ADDED);
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.owners(parkId) });
      onCreated(owner);
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, OWNER_FIELDS);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={OWNER_DIALOG_TITLE} size="lg" centered data-testid="owner-dialog">
      {/* A form inside the vehicle form's dialog: stop the submit from reaching the outer form. */}
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          void onSubmit(e);
        }}
        noValidate
      >
        <Stack gap="md">
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Input.Wrapper label="Type de propriétaire" withAsterisk>
                <SegmentedControl
                  fullWidth
                  mt={4}
                  value={field.value}
                  onChange={(v) => field.onChange(v as TOwnerType)}
                  data={OWNER_TYPES.map((t) => ({ value: t, label: OWNER_TYPE_LABELS[t] }))}
                  data-testid="owner-type"
                />
              </Input.Wrapper>
            )}
          />
          {isCompany ? (
            <TextInput label="Raison sociale" {...register('business_name')} error={errors.business_name?.message} data-testid="owner-business-name" />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Prénom" withAsterisk {...register('first_name')} error={errors.first_name?.message} data-testid="owner-first-name" />
            <TextInput label="Nom de famille" withAsterisk {...register('last_name')} error={errors.last_name?.message} data-testid="owner-last-name" />
            <Controller
              control={control}
              name="email"
              render={({ field, fieldState }) => (
                <EmailInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="owner-email" />
              )}
            />
            <Controller
              control={control}
              name="phone"
              render={({ field, fieldState }) => (
                <PhoneInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="owner-phone" />
              )}
            />
            <TextInput label="Numéro de CNI" {...register('cni_number')} error={errors.cni_number?.message} />
            <TextInput label="Numéro de permis" {...register('driver_licence_number')} error={errors.driver_licence_number?.message} />
          </SimpleGrid>
          <TextInput label="Adresse" {...register('street')} error={errors.street?.message} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="owner-submit">
              Confirmer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
