import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ZDocumentTypeInput, type TDocumentTypeInput } from '@flotte/contract/catalog';
import { ApiError } from '../../api/api-error.ts';
import { showFormError } from '../../ui/form-errors.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { toast } from '../../ui/toast.ts';
import { vehicleDocumentKeys } from './queries.ts';
import { vehicleDocumentsApi, type DocumentType } from './vehicle-documents-api.ts';

export const DOCUMENT_TYPE_ADDED_MESSAGE = SUCCESS_MESSAGES.DOCUMENT_TYPE_ADDED;


export interface NewDocumentTypeDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new type, so the document form can select it at once. */
  onCreated?: (type: DocumentType) => void;
}

/** 'Nouveau type de document': a park's own document type, beside the shared ones. */
export function NewDocumentTypeDialog({ opened, onClose, onCreated }: NewDocumentTypeDialogProps) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, setError, formState } = useForm<TDocumentTypeInput, unknown, { name: string }>({
    resolver: zodResolver(ZDocumentTypeInput),
    defaultValues: { name: '' },
  });
  useEffect(() => {
    if (opened) reset({ name: '' });
  }, [opened, reset]);

  const save = useMutation({ mutationFn: (name: string) => vehicleDocumentsApi.addDocumentType(name), meta: { errorToast: false } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const created = await save.mutateAsync(name);
      toast.success(DOCUMENT_TYPE_ADDED_MESSAGE);
      // Shown at once in the select, without waiting for the refetch.
      queryClient.setQueryData<DocumentType[]>(vehicleDocumentKeys.types(), (old) => (old ? [...old, created] : old));
      void queryClient.invalidateQueries({ queryKey: vehicleDocumentKeys.types() });
      onCreated?.(created);
      onClose();
    } catch (error) {
      // A name already taken (409) belongs under the field, like the 400's field errors.
      if (error instanceof ApiError && error.status === 409) setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
      else showFormError(error, setError, {}, ['name']);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Nouveau type de document" centered zIndex={310} data-testid="document-type-dialog">
      {/* A form nested in the document form's DOM would submit both: stop the event here. */}
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          void onSubmit(e);
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput label="Nom du document" withAsterisk autoFocus {...register('name')} error={formState.errors.name?.message} data-testid="document-type-name" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="document-type-submit">
              Confirmer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
