import { useEffect, useState } from 'react';
import { Button, CloseButton, Divider, Group, Modal, MultiSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { SUPPLIER_MESSAGES, ZSupplierInput, type TSupplier, type TSupplierInputParsed } from '@flotte/contract/suppliers';
import { showFormError } from '../../ui/form-errors.ts';
import { AddBesideButton } from '../../ui/inputs/AddBesideButton.tsx';
import { EmailInput } from '../../ui/inputs/EmailInput.tsx';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { toast } from '../../ui/toast.ts';
import { ImageUpload } from '../../ui/uploads/ImageUpload.tsx';
import { NewCategoryDialog, NEW_CATEGORY_TITLE } from './NewCategoryDialog.tsx';
import { CONTACT_DIALOG_TITLE, SupplierContactDialog } from './SupplierContactDialog.tsx';
import { supplierKeys, useSupplierCategories } from './queries.ts';
import { SUPPLIER_FIELDS, supplierDefaults, supplierFormData, type SupplierFormValues } from './supplier-form.ts';
import { suppliersApi } from './suppliers-api.ts';

export const SUPPLIER_ADD_TITLE = 'Ajouter un prestataire';
export const SUPPLIER_EDIT_TITLE = 'Modifier les informations du prestataire';

const resolver: Resolver<SupplierFormValues, unknown, TSupplierInputParsed> = zodResolver(ZSupplierInput as unknown as ZodType<TSupplierInputParsed, SupplierFormValues>);

/**
 * The supplier form (spec 002 section 2): logo, company name, RCCM, NIU, phone, email,
 * categories (with 'Ajouter une nouvelle catégorie'), city, district and the correspondents.
 * Validated with the server's schema; the server's field errors land under their fields.
 */
export function SupplierFormDialog({ opened, supplier, onClose }: { opened: boolean; supplier: TSupplier | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const categories = useSupplierCategories(opened);
  const { register, control, handleSubmit, reset, setError, setValue, getValues, formState } = useForm<SupplierFormValues, unknown, TSupplierInputParsed>({
    resolver,
    defaultValues: supplierDefaults(supplier),
  });
  const contacts = useFieldArray({ control, name: 'contacts' });
  const [logo, setLogo] = useState<File[]>([]);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [addingCategory, setAddingCategory] = useState(false);
  const [addingContact, setAddingContact] = useState(false);

  useEffect(() => {
    if (!opened) return;
    reset(supplierDefaults(supplier));
    setLogo([]);
    setRemoveLogo(false);
  }, [opened, supplier, reset]);

  const save = useMutation({
    mutationFn: (body: FormData) => (supplier ? suppliersApi.update(supplier.id, body) : suppliersApi.create(body)),
    meta: { errorToast: false },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(supplierFormData(values, logo[0] ?? null, removeLogo));
      toast.success(supplier ? SUPPLIER_MESSAGES.updated : SUPPLIER_MESSAGES.added);
      await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, SUPPLIER_FIELDS);
    }
  });

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const existingLogo = supplier?.logo && !removeLogo ? [supplier.logo] : [];
  const contactsError = errors.contacts?.message ?? errors.contacts?.root?.message;

  return (
    <>
      <Modal opened={opened} onClose={onClose} title={supplier ? SUPPLIER_EDIT_TITLE : SUPPLIER_ADD_TITLE} size="lg" centered data-testid="supplier-form-dialog">
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            <ImageUpload
              label="Logo"
              value={logo}
              onChange={setLogo}
              existingUrls={existingLogo}
              onRemoveExisting={() => setRemoveLogo(true)}
              testId="supplier-logo"
            />
            <TextInput label="Nom de l'entreprise" withAsterisk {...register('name')} error={errors.name?.message} data-testid="supplier-name" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="RCCM" {...register('rccm')} error={errors.rccm?.message} data-testid="supplier-rccm" />
              <TextInput label="Numéro de contribuable (NIU)" {...register('niu')} error={errors.niu?.message} data-testid="supplier-niu" />
              <Controller
                control={control}
                name="phone"
                render={({ field, fieldState }) => (
                  <PhoneInput required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="supplier-phone" />
                )}
              />
              <Controller
                control={control}
                name="email"
                render={({ field, fieldState }) => (
                  <EmailInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} testId="supplier-email" />
                )}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="categories"
              render={({ field, fieldState }) => (
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <MultiSelect
                    label="Catégories"
                    withAsterisk
                    placeholder={field.value.length ? undefined : 'Choisissez une ou plusieurs catégories'}
                    data={categoryOptions}
                    value={field.value}
                    onChange={field.onChange}
                    searchable
                    nothingFoundMessage={categories.isPending ? 'Chargement…' : SUPPLIER_MESSAGES.noCategories}
                    error={fieldState.error?.message}
                    comboboxProps={{ withinPortal: true }}
                    style={{ flex: 1, minWidth: 0 }}
                    data-testid="supplier-categories"
                  />
                  <AddBesideButton label={NEW_CATEGORY_TITLE} onClick={() => setAddingCategory(true)} hasError={!!fieldState.error} testId="supplier-category-add-beside" />
                </Group>
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Ville" {...register('city')} error={errors.city?.message} data-testid="supplier-city" />
              <TextInput label="Quartier" {...register('street')} error={errors.street?.message} data-testid="supplier-street" />
            </SimpleGrid>

            <Divider label="Correspondants" labelPosition="left" />
            {contacts.fields.length === 0 ? (
              <Text size="sm" c="dimmed">
                Aucun correspondant ajouté.
              </Text>
            ) : (
              contacts.fields.map((c, i) => (
                <Paper key={c.id} withBorder radius="md" p="xs" data-testid="supplier-contact-item">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {c.name} · {c.function}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {c.phone} · {c.email}
                      </Text>
                    </div>
                    <CloseButton aria-label={`Retirer le correspondant ${c.name}`} onClick={() => contacts.remove(i)} />
                  </Group>
                </Paper>
              ))
            )}
            {contactsError ? (
              <Text size="sm" c="red">
                {contactsError}
              </Text>
            ) : null}
            <Group>
              <Button variant="light" onClick={() => setAddingContact(true)} data-testid="supplier-contact-add">
                {CONTACT_DIALOG_TITLE}
              </Button>
            </Group>

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Annuler
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="supplier-submit">
                {supplier ? 'Enregistrer' : 'Ajouter'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <NewCategoryDialog
        opened={addingCategory}
        onClose={() => setAddingCategory(false)}
        onCreated={(c) => setValue('categories', [...getValues('categories'), c.id], { shouldValidate: formState.isSubmitted })}
      />
      <SupplierContactDialog opened={addingContact} onClose={() => setAddingContact(false)} onAdd={(c) => contacts.append(c)} />
    </>
  );
}
