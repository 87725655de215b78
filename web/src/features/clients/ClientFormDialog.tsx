import { useEffect } from 'react';
import { Button, CloseButton, Divider, Group, Modal, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, type Control, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { CLIENT_MESSAGES, CLIENT_SEXES, ZClientInput, type TClient, type TClientInputParsed } from '@flotte/contract/clients';
import { ApiError } from '../../api/api-error.ts';
import { showFormError } from '../../ui/form-errors.ts';
import { EmailInput } from '../../ui/inputs/EmailInput.tsx';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { AddressPicker } from '../../ui/map/AddressPicker.tsx';
import { toast } from '../../ui/toast.ts';
import { clientsApi } from './clients-api.ts';
import { CLIENT_FIELDS, EMPTY_ADDRESS, EMPTY_CONTACT, clientBody, clientDefaults, clientErrorPaths, draftToPicker, pickerToDraft, type ClientFormValues } from './client-form.ts';
import { invalidatedByChange } from './queries.ts';

export const CLIENT_ADD_TITLE = 'Ajouter un client';
export const CLIENT_EDIT_TITLE = CLIENT_MESSAGES.edit;

const resolver: Resolver<ClientFormValues, unknown, TClientInputParsed> = zodResolver(ZClientInput as unknown as ZodType<TClientInputParsed, ClientFormValues>);

/** Civility: two radios (a screen reader reads the choice and the group's name). */
function SexField({ control, name, testId }: { control: Control<ClientFormValues, unknown, TClientInputParsed>; name: Path<ClientFormValues>; testId: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Radio.Group label="Civilité" withAsterisk value={(field.value as string) || null} onChange={field.onChange} error={fieldState.error?.message} data-testid={testId}>
          <Group gap="md" mt={6}>
            {CLIENT_SEXES.map((s) => (
              <Radio key={s} value={s} label={s} data-testid={`${testId}-${s}`} />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/** The message of an address, in the order the picker wants it (name, then the point). */
function addressMessage(errors: FieldErrors<ClientFormValues>, i: number): string | undefined {
  const e = errors.addresses?.[i];
  return e?.name?.message ?? e?.latitude?.message ?? e?.longitude?.message ?? e?.description?.message ?? e?.message;
}

/**
 * The client form (spec 000 sections 2 and 5): the client's identity and company details, the
 * contact persons, and the usual addresses each picked on the map. Validated with the server's
 * schema; the server's field errors land under their fields (addresses and contacts included).
 */
export function ClientFormDialog({ opened, client, onClose, onSaved }: { opened: boolean; client: TClient | null; onClose: () => void; onSaved?: (client: TClient) => void }) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ClientFormValues, unknown, TClientInputParsed>({
    resolver,
    defaultValues: clientDefaults(client),
  });
  const contacts = useFieldArray({ control, name: 'contacts' });
  const addresses = useFieldArray({ control, name: 'addresses' });

  useEffect(() => {
    if (opened) reset(clientDefaults(client));
  }, [opened, client, reset]);

  const save = useMutation({
    mutationFn: (values: TClientInputParsed) => (client ? clientsApi.update(client.id, clientBody(values)) : clientsApi.create(clientBody(values))),
    meta: { errorToast: false },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(client ? CLIENT_MESSAGES.updated : CLIENT_MESSAGES.added);
      await Promise.all(invalidatedByChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const known = error instanceof ApiError ? clientErrorPaths(error.fieldErrors.map((f) => f.field)) : [];
      showFormError(error, setError, {}, [...CLIENT_FIELDS, ...known] as Path<ClientFormValues>[]);
    }
  });

  const listError = (e: { message?: string; root?: { message?: string } } | undefined) => e?.message ?? e?.root?.message;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={client ? CLIENT_EDIT_TITLE : CLIENT_ADD_TITLE}
      size="lg"
      centered
      fullScreen={fullScreen}
      data-testid="client-form-dialog"
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <TextInput label="Nom du client" withAsterisk {...register('name')} error={errors.name?.message} data-testid="client-name" />
          <SexField control={control} name="sex" testId="client-sex" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={control}
              name="phone"
              render={({ field, fieldState }) => (
                <PhoneInput required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="client-phone" />
              )}
            />
            <Controller
              control={control}
              name="email"
              render={({ field, fieldState }) => (
                <EmailInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="client-email" />
              )}
            />
            <TextInput label="Numéro de contribuable (NIU)" {...register('niu')} error={errors.niu?.message} data-testid="client-niu" />
            <TextInput label="RCCM" {...register('rccm')} error={errors.rccm?.message} data-testid="client-rccm" />
          </SimpleGrid>
          <TextInput label="Raison sociale" {...register('business_name')} error={errors.business_name?.message} data-testid="client-business-name" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Ville" {...register('city')} error={errors.city?.message} data-testid="client-city" />
            <TextInput label="Quartier" {...register('street')} error={errors.street?.message} data-testid="client-street" />
          </SimpleGrid>
          <TextInput label="Adresse" {...register('address')} error={errors.address?.message} data-testid="client-address" />

          <Divider label="Personnes à contacter" labelPosition="left" />
          {contacts.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucun contact ajouté.
            </Text>
          ) : (
            contacts.fields.map((c, i) => (
              <Paper key={c.id} withBorder radius="md" p="sm" data-testid="client-contact-item">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      Contact {i + 1}
                    </Text>
                    <CloseButton aria-label={`Retirer le contact ${i + 1}`} onClick={() => contacts.remove(i)} data-testid="client-contact-remove" />
                  </Group>
                  <TextInput label="Nom" withAsterisk {...register(`contacts.${i}.name`)} error={errors.contacts?.[i]?.name?.message} data-testid="client-contact-name" />
                  <SexField control={control} name={`contacts.${i}.sex`} testId="client-contact-sex" />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <Controller
                      control={control}
                      name={`contacts.${i}.phone`}
                      render={({ field, fieldState }) => (
                        <PhoneInput required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="client-contact-phone" />
                      )}
                    />
                    <Controller
                      control={control}
                      name={`contacts.${i}.email`}
                      render={({ field, fieldState }) => (
                        <EmailInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="client-contact-email" />
                      )}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            ))
          )}
          {listError(errors.contacts) ? (
            <Text size="sm" c="red">
              {listError(errors.contacts)}
            </Text>
          ) : null}
          <Group>
            <Button variant="light" onClick={() => contacts.append({ ...EMPTY_CONTACT })} data-testid="client-contact-add">
              Ajouter un contact
            </Button>
          </Group>

          <Divider label="Adresses" labelPosition="left" />
          {addresses.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucune adresse ajoutée.
            </Text>
          ) : (
            addresses.fields.map((a, i) => (
              <Stack key={a.id} gap={4} data-testid="client-address-item">
                <Group justify="flex-end">
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => addresses.remove(i)} data-testid="client-address-remove">
                    Retirer l'adresse {i + 1}
                  </Button>
                </Group>
                <Controller
                  control={control}
                  name={`addresses.${i}`}
                  render={({ field }) => (
                    <AddressPicker
                      label={`Adresse ${i + 1}`}
                      required
                      value={draftToPicker(field.value)}
                      onChange={(v) => field.onChange(pickerToDraft(v))}
                      error={addressMessage(errors, i)}
                      testId={`client-address-${i}`}
                    />
                  )}
                />
              </Stack>
            ))
          )}
          {listError(errors.addresses) ? (
            <Text size="sm" c="red">
              {listError(errors.addresses)}
            </Text>
          ) : null}
          <Group>
            <Button variant="light" onClick={() => addresses.append({ ...EMPTY_ADDRESS })} data-testid="client-address-add">
              Ajouter une adresse
            </Button>
          </Group>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="client-submit">
              {client ? 'Enregistrer' : 'Ajouter'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
