import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  /** Spec defaults: 'Confirmer' and 'Annuler'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for what cannot be undone (delete, cancel a ride ...). */
  danger?: boolean;
  /**
   * Runs on confirm; the dialog closes when it resolves. When it throws the dialog stays open so
   * the person can try again: show the failure there (a mutation's error toast does it already).
   */
  onConfirm: () => unknown;
  testId?: string;
}

/** Asks before doing something; the confirm button spins while the action runs and cannot send it twice. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  message,
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  danger = false,
  onConfirm,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  // State updates are not synchronous: a double tap would read `pending` false twice. The ref is.
  const busy = useRef(false);

  useEffect(() => {
    if (opened) setPending(false);
  }, [opened]);

  async function confirm() {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // Shown by whoever raised it (see onConfirm); keep the dialog for a retry.
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={() => (busy.current ? undefined : onClose())}
      title={title}
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
      withCloseButton={!pending}
      data-testid={testId}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-testid={`${testId}-cancel`}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={() => void confirm()} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
