import { useEffect } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { PNL_SUCCESS, PNL_TYPE_LABELS, PNL_TYPES, type TPnlAccount, type TPnlType } from '@flotte/contract/pnl';
import { showFormError } from '../../ui/form-errors.ts';
import { toast } from '../../ui/toast.ts';
import { ACCOUNTING_QUERY_PREFIX } from '../accounting/queries.ts';
import { CATEGORY_FIELDS, categoryDefaults, categoryResolver, type CategoryDialogMode, type TCategoryForm, type TCategoryFormParsed } from './category-form.ts';
import { pnlApi } from './pnl-api.ts';
import { parentOptions } from './pnl-tree.ts';
import { PNL_QUERY_PREFIX } from './queries.ts';

export interface CategoryFormDialogProps {
  /** null: closed. */
  mode: CategoryDialogMode | null;
  parkId: string;
  trees: Record<TPnlType, TPnlAccount[]>;
  onClose: () => void;
}

/** Adds a category or sub-category, or renames one ('Catégorie ajoutée' / 'Catégorie modifiée'). */
export function CategoryFormDialog({ mode, parkId, trees, onClose }: CategoryFormDialogProps) {
  const queryClient = useQueryClient();
  const renaming = mode?.kind === 'rename';
  const { register, control, handleSubmit, reset, setError, setValue, watch, formState } = useForm<TCategoryForm, unknown, TCategoryFormParsed>({
    resolver: categoryResolver,
    defaultValues: mode ? categoryDefaults(mode) : { name: '', type: 'profit', account_id: null },
  });
  useEffect(() => {
    if (mode) reset(categoryDefaults(mode));
  }, [mode, reset]);

  const save = useMutation({
    mutationFn: (values: TCategoryFormParsed) =>
      mode?.kind === 'rename' ? pnlApi.rename(mode.node, values.name) : pnlApi.create(parkId, { name: values.name, type: values.type, account_id: values.account_id ?? undefined }),
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(renaming ? PNL_SUCCESS.updated : PNL_SUCCESS.added);
      void queryClient.invalidateQueries({ queryKey: PNL_QUERY_PREFIX });
      void queryClient.invalidateQueries({ queryKey: ACCOUNTING_QUERY_PREFIX });
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, CATEGORY_FIELDS);
    }
  });

  const type = watch('type');
  const parentId = watch('account_id');
  const options = parentOptions(trees[type] ?? []);

  return (
    <Modal opened={mode !== null} onClose={onClose} title={renaming ? 'Renommer la catégorie' : 'Ajouter une catégorie'} centered data-testid="category-dialog">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Nom" withAsterisk autoFocus {...register('name')} error={formState.errors.name?.message} data-testid="category-name" />
          {renaming ? null : (
            <>
              <div>
                <Text size="sm" fw={500} mb={4} id="category-type-label">
                  Type
                </Text>
                <Controller
                  control={control}
                  name="type"
                  render={({ field }) => (
                    <SegmentedControl
                      fullWidth
                      aria-labelledby="category-type-label"
                      value={field.value}
                      onChange={(v) => {
                        field.onChange(v);
                        setValue('account_id', null); // a parent of the other type can't stay
                      }}
                      // A sub-category has its parent's type.
                      disabled={parentId !== null}
                      data={PNL_TYPES.map((t) => ({ value: t, label: PNL_TYPE_LABELS[t] }))}
                      data-testid="category-type"
                    />
                  )}
                />
              </div>
              <Controller
                control={control}
                name="account_id"
                render={({ field, fieldState }) => (
                  <Select
                    label="Catégorie parente"
                    description="Laissez vide pour créer une nouvelle catégorie."
                    placeholder="Aucune (nouvelle catégorie)"
                    data={options}
                    value={field.value}
                    onChange={field.onChange}
                    clearable
                    searchable
                    nothingFoundMessage="Aucun élément trouvé"
                    error={fieldState.error?.message}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="category-parent"
                  />
                )}
              />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="category-submit">
              Confirmer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
