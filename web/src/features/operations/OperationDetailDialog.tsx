import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATION_MESSAGES, OPERATION_SUCCESS } from '@flotte/contract/operations';
import { PNL_TYPE_LABELS } from '@flotte/contract/pnl';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { collectLabel, OPERATION_STATUS_COLORS, operationActions, personName, vehicleName, wireDateTime } from './operation-display.ts';
import { operationsApi } from './operations-api.ts';
import { invalidatedByOperations, useOperation } from './queries.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

export interface OperationDetailDialogProps {
  operationId: string;
  onClose: () => void;
}

/**
 * The operation detail dialog (spec 001 section 2.9): everything about one operation, with
 * 'Confirmer' for the owner while it is pending and 'Annuler' (CANCEL_OPERATION, a reason
 * required, 'Cette action est irréversible') while it stands.
 */
export function OperationDetailDialog({ operationId, onClose }: OperationDetailDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const { isOwner, can } = usePermissions();
  const query = useOperation(operationId);
  const op = query.data;
  const [cancelling, setCancelling] = useState(false);
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState(false);

  const refresh = () => {
    for (const key of invalidatedByOperations) void queryClient.invalidateQueries({ queryKey: key });
  };
  const confirm = useMutation({ mutationFn: () => operationsApi.confirm(operationId), meta: { errorToast: false } });
  const cancel = useMutation({ mutationFn: () => operationsApi.cancel(operationId, comment.trim()), meta: { errorToast: false } });
  const actions = op ? operationActions(op, { isOwner, canCancel: can('CANCEL_OPERATION') }) : { confirm: false, cancel: false };

  async function onConfirm() {
    try {
      await confirm.mutateAsync();
      toast.success(OPERATION_SUCCESS.confirmed);
      refresh();
    } catch (error) {
      toastApiError(error);
    }
  }

  async function onCancel() {
    try {
      await cancel.mutateAsync();
    } catch (error) {
      toastApiError(error);
      throw error; // keeps the confirmation open for a retry
    }
    toast.success(OPERATION_SUCCESS.canceled);
    refresh();
    setCancelling(false);
    setComment('');
  }

  return (
    <>
      <Modal opened onClose={onClose} title="Détail de l'opération" size="lg" fullScreen={fullScreen} data-testid="operation-detail">
        {!op ? (
          <Group justify="center" py="xl">
            {query.isError ? <Text c="red">Le chargement a échoué</Text> : <Loader size="sm" />}
          </Group>
        ) : (
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Money amount={op.amount} fz="xl" fw={700} c={op.type === 'profit' ? 'teal' : 'red'} td={op.canceled_at ? 'line-through' : undefined} />
              <Badge color={OPERATION_STATUS_COLORS[op.status]} variant="light" size="lg" tt="none" data-testid="operation-detail-status">
                {op.status_label}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Field label="Type">{PNL_TYPE_LABELS[op.type]}</Field>
              <Field label="Catégorie">{[op.category?.name, op.sub_category.name].filter(Boolean).join(' › ')}</Field>
              <Field label="Date de l'opération">{wireDateTime(op.operation_date)}</Field>
              <Field label="Date d'enregistrement">{wireDateTime(op.created_at)}</Field>
              <Field label="Caisse">{op.caisse.name}</Field>
              <Field label="Moyen de paiement">{collectLabel(op.collect_method)}</Field>
              <Field label="Chauffeur">{personName(op.driver)}</Field>
              <Field label="Véhicule">{vehicleName(op.vehicle)}</Field>
              {op.supplier ? <Field label="Prestataire">{op.maintenance_id ? `${op.supplier.name} · entretien` : op.supplier.name}</Field> : null}
              <Field label="Initiateur">{personName(op.profile_initiator)}</Field>
              {op.confirmed_at ? <Field label="Confirmée le">{wireDateTime(op.confirmed_at)}</Field> : null}
              {op.type_carburant ? <Field label="Carburant">{`${op.type_carburant.name}${op.litre_carburant !== null ? ` · ${op.litre_carburant} L` : ''}`}</Field> : null}
              <Field label="Justificatif">
                {op.file_link ? (
                  <Anchor href={op.file_link} target="_blank" rel="noopener">
                    Ouvrir le document
                  </Anchor>
                ) : null}
              </Field>
            </SimpleGrid>
            <Field label="Commentaire">{op.comment}</Field>
            {op.components.length ? (
              <Table withTableBorder data-testid="operation-detail-components">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Élément</Table.Th>
                    <Table.Th ta="right">Montant</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {op.components.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.name}</Table.Td>
                      <Table.Td ta="right">
                        <Money amount={c.amount} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {op.canceled_at ? (
              <Text size="sm" c="red" data-testid="operation-detail-cancel">
                {op.status === 'refused' ? 'Refusée' : 'Annulée'} le {wireDateTime(op.canceled_at)}
                {op.cancel_comment ? ` : ${op.cancel_comment}` : ''}
              </Text>
            ) : null}

            {cancelling ? (
              <Stack gap="xs">
                <Textarea
                  label="Motif de l'annulation"
                  withAsterisk
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={comment}
                  onChange={(e) => setComment(e.currentTarget.value)}
                  data-testid="operation-cancel-comment-input"
                />
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setCancelling(false)}>
                    Retour
                  </Button>
                  <Button
                    color="red"
                    onClick={() => {
                      if (!comment.trim()) toast.error(OPERATION_MESSAGES.cancelComment);
                      else setAsking(true);
                    }}
                    data-testid="operation-cancel-submit"
                  >
                    Annuler l'opération
                  </Button>
                </Group>
              </Stack>
            ) : actions.confirm || actions.cancel ? (
              <Group justify="flex-end">
                {actions.cancel ? (
                  <Button variant="light" color="red" onClick={() => setCancelling(true)} data-testid="operation-cancel">
                    Annuler
                  </Button>
                ) : null}
                {actions.confirm ? (
                  <Button onClick={() => void onConfirm()} loading={confirm.isPending} data-testid="operation-confirm">
                    Confirmer
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title="Annuler l'opération"
        message={OPERATION_MESSAGES.cancelConfirm}
        confirmLabel="Annuler l'opération"
        cancelLabel="Retour"
        danger
        onConfirm={onCancel}
        testId="operation-cancel-confirm"
      />
    </>
  );
}
