import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { SUPPLIER_MESSAGES, ZSupplierContact, type TSupplierContact, type TSupplierContactInput } from '@flotte/contract/suppliers';
import { EmailInput } from '../../ui/inputs/EmailInput.tsx';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { toast } from '../../ui/toast.ts';
import { EMPTY_CONTACT } from './supplier-form.ts';

export const CONTACT_DIALOG_TITLE = 'Ajouter un correspondant';

type ContactValues = Required<TSupplierContactInput>;
const resolver: Resolver<ContactValues, unknown, TSupplierContact> = zodResolver(ZSupplierContact as unknown as ZodType<TSupplierContact, ContactValues>);

/**
 * 'Ajouter un correspondant' (spec 002 section 2): name, number, email and function, all four
 * required ('Entrez des informations valides'). The correspondent joins the supplier's form and
 * is saved with it; 'Correspondant ajouté' says it was taken.
 */
export function SupplierContactDialog({ opened, onClose, onAdd }: { opened: boolean; onClose: () => void; onAdd: (contact: TSupplierContact) => void }) {
  const { register, control, handleSubmit, reset, formState } = useForm<ContactValues, unknown, TSupplierContact>({ resolver, defaultValues: EMPTY_CONTACT });
  useEffect(() => {
    if (opened) reset(EMPTY_CONTACT);
  }, [opened, reset]);
  const errors = formState.errors;

  const onSubmit = handleSubmit((contact) => {
    onAdd(contact);
    toast.success(SUPPLIER_MESSAGES.contactAdded);
    onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title={CONTACT_DIALOG_TITLE} centered zIndex={310} data-testid="supplier-contact-dialog">
      {/* Opened over the supplier's form: its submit must not reach the outer form. */}
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          void onSubmit(e);
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput label="Nom" withAsterisk {...register('name')} error={errors.name?.message} data-testid="supplier-contact-name" />
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneInput label="Numéro" required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="supplier-contact-phone" />
            )}
          />
          <Controller
            control={control}
            name="email"
            render={({ field, fieldState }) => (
              <EmailInput required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="supplier-contact-email" />
            )}
          />
          <TextInput label="Fonction" withAsterisk {...register('function')} error={errors.function?.message} data-testid="supplier-contact-function" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" data-testid="supplier-contact-submit">
              Ajouter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
