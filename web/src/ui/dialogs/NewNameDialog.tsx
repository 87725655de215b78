import { useEffect } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error.ts';
import { showFormError } from '../form-errors.ts';
import { toast } from '../toast.ts';

export interface NewNameDialogProps<T> {
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  /** The contract's `{ name }` schema, with its French message for an empty name. */
  schema: z.ZodType<{ name: string }, { name: string }>;
  save: (name: string) => Promise<T>;
  successMessage: string;
  /** Called with what the server created, before the dialog closes. */
  onCreated?: (created: T) => void;
  /** Prefix of the dialog's test ids: `<prefix>-dialog`, `-name`, `-submit`. */
  testId: string;
}

/**
 * A park's own reference entry that only has a name (document type, contract type): one field,
 * the contract's message when empty, and a name already taken (409) shown under the field.
 * It opens over another form's dialog, hence its z-index and the stopped submit event.
 */
export function NewNameDialog<T>({ opened, onClose, title, label, schema, save, successMessage, onCreated, testId }: NewNameDialogProps<T>) {
  const { register, handleSubmit, reset, setError, formState } = useForm<{ name: string }>({ resolver: zodResolver(schema), defaultValues: { name: '' } });
  useEffect(() => {
    if (opened) reset({ name: '' });
  }, [opened, reset]);

  const mutation = useMutation({ mutationFn: save, meta: { errorToast: false } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const created = await mutation.mutateAsync(name);
      toast.success(successMessage);
      onCreated?.(created);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
      else showFormError(error, setError, {}, ['name']);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered zIndex={310} data-testid={`${testId}-dialog`}>
      {/* A form nested in another form's DOM would submit both: stop the event here. */}
      <form
        onSubmit={(e) => {
          e.stopPropagation();
          void onSubmit(e);
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput label={label} withAsterisk autoFocus {...register('name')} error={formState.errors.name?.message} data-testid={`${testId}-name`} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid={`${testId}-submit`}>
              Confirmer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
