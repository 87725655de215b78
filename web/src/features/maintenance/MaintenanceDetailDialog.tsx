import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Image, Loader, Modal, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_MESSAGES, MAINTENANCE_STATE_LABELS } from '@flotte/contract/maintenance';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { maintenanceApi } from './maintenance-api.ts';
import { invoiceSize, MAINTENANCE_STATE_COLORS, maintenanceActions, maintenancePeriod, maintenanceVehicle } from './maintenance-display.ts';
import { invalidatedBySchedule, useMaintenance } from './queries.ts';

// The completion form (file drop, caisses) downloads when someone finishes a maintenance.
const FinishMaintenanceDialog = lazy(() => import('./FinishMaintenanceDialog.tsx').then((m) => ({ default: m.FinishMaintenanceDialog })));

/** Spec 002 wording for an action the person's roles don't allow. */
const NOT_ALLOWED = "Vous n'avez pas les permissions nécessaires pour effectuer cette action";

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

/** A disabled button fires no pointer events: the wrapper carries the tooltip saying why. */
function Allowed({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return (
    <Tooltip label={NOT_ALLOWED} disabled={allowed} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}

export interface MaintenanceDetailDialogProps {
  maintenanceId: string;
  onClose: () => void;
}

/**
 * The maintenance detail (spec 002 section 2): the vehicle, its dates, the supplier, the components
 * per repair type with their estimate and what was paid, the pictures, the invoice, the caisse and
 * the operations it wrote. 'Terminer' and 'Annuler' only while it is available; without
 * MANAGE_MAINTENANCE they are disabled with the spec's words.
 */
export function MaintenanceDetailDialog({ maintenanceId, onClose }: MaintenanceDetailDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const canManage = usePermissions().can('MANAGE_MAINTENANCE');
  const query = useMaintenance(maintenanceId);
  const m = query.data;
  const [finishing, setFinishing] = useState(false);
  const [finishMounted, setFinishMounted] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const cancel = useMutation({ mutationFn: () => maintenanceApi.update(maintenanceId, { status: 'canceled' }), meta: { errorToast: false } });
  async function onCancel() {
    try {
      await cancel.mutateAsync();
    } catch (error) {
      toastApiError(error);
      throw error; // keeps the confirmation open for a retry
    }
    toast.success(MAINTENANCE_MESSAGES.canceled);
    for (const key of invalidatedBySchedule) void queryClient.invalidateQueries({ queryKey: key });
  }

  const actions = m ? maintenanceActions(m, canManage) : { shown: false, allowed: false };
  const finished = m?.status === 'finished';

  return (
    <>
      <Modal
        opened={!finishing && !cancelling}
        onClose={onClose}
        title="Détail de l'entretien"
        size="lg"
        fullScreen={fullScreen}
        data-testid="maintenance-detail"
      >
        {!m ? (
          <Group justify="center" py="xl">
            {query.isError ? <Text c="red">{query.error.message}</Text> : <Loader size="sm" />}
          </Group>
        ) : (
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {finished ? 'Montant payé' : 'Montant estimé'}
                </Text>
                <Money amount={m.amount} fz="xl" fw={700} td={m.status === 'canceled' ? 'line-through' : undefined} data-testid="maintenance-detail-amount" />
              </Stack>
              <Badge color={MAINTENANCE_STATE_COLORS[m.state]} variant="light" size="lg" tt="none" data-testid="maintenance-detail-state">
                {MAINTENANCE_STATE_LABELS[m.state]}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label="Véhicule">{maintenanceVehicle(m.vehicle)}</Field>
              <Field label="Période">{maintenancePeriod(m)}</Field>
              <Field label="Prestataire">{m.supplier?.name}</Field>
              <Field label="Caisse">{m.caisse?.name}</Field>
              {finished ? <Field label="Montant estimé">{<Money amount={m.estimated_amount} span />}</Field> : null}
              {m.mileage !== null ? <Field label="Kilométrage">{`${m.mileage.toLocaleString('en-US')} km`}</Field> : null}
            </SimpleGrid>
            <Field label="Description">{m.description}</Field>

            <Stack gap="xs" data-testid="maintenance-detail-components">
              {m.components.map((g) => (
                <Stack key={g.repair_type_id} gap={4}>
                  <Text size="sm" fw={600}>
                    {g.repair_type.name}
                  </Text>
                  <Table withTableBorder verticalSpacing={6} fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Élément</Table.Th>
                        <Table.Th ta="right">{finished ? 'Payé' : 'Estimation'}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {g.car_component.map((c) => (
                        <Table.Tr key={c.component_id}>
                          <Table.Td>{c.name}</Table.Td>
                          <Table.Td ta="right">
                            <Money amount={finished ? c.amount : c.estimated_amount} span />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Stack>
              ))}
            </Stack>

            {m.images.length ? (
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  Images
                </Text>
                <Group gap="sm">
                  {m.images.map((src, i) => (
                    <Anchor key={src} href={src} target="_blank" rel="noopener" aria-label={`Ouvrir l'image ${i + 1}`}>
                      <Image src={src} alt="" w={88} h={88} radius="md" fit="cover" />
                    </Anchor>
                  ))}
                </Group>
              </Stack>
            ) : null}

            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label="Facture">
                {m.facture_image ? (
                  <Anchor href={m.facture_image.link} target="_blank" rel="noopener" data-testid="maintenance-detail-invoice">
                    {m.facture_image.name} ({invoiceSize(m.facture_image.size)})
                  </Anchor>
                ) : null}
              </Field>
              <Field label="Opérations">
                {m.operations.length ? (
                  <Stack gap={2} data-testid="maintenance-detail-operations">
                    {m.operations.map((o) => (
                      <Group key={o.id} gap={6} wrap="nowrap" justify="space-between">
                        <Text size="sm" span>
                          {o.sub_account.name}
                        </Text>
                        <Money amount={o.amount} span c="red" />
                      </Group>
                    ))}
                  </Stack>
                ) : null}
              </Field>
            </SimpleGrid>

            {actions.shown ? (
              <Group justify="flex-end" gap="sm">
                <Allowed allowed={actions.allowed}>
                  <Button variant="default" color="red" disabled={!actions.allowed} onClick={() => setCancelling(true)} data-testid="maintenance-cancel">
                    Annuler
                  </Button>
                </Allowed>
                <Allowed allowed={actions.allowed}>
                  <Button
                    disabled={!actions.allowed}
                    onClick={() => {
                      setFinishMounted(true);
                      setFinishing(true);
                    }}
                    data-testid="maintenance-finish"
                  >
                    Terminer
                  </Button>
                </Allowed>
              </Group>
            ) : null}
          </Stack>
        )}
      </Modal>
      {m ? (
        <>
          <ConfirmDialog
            opened={cancelling}
            onClose={() => setCancelling(false)}
            title="Annuler l'entretien"
            message={MAINTENANCE_MESSAGES.cancelConfirm}
            confirmLabel={MAINTENANCE_MESSAGES.cancelButton}
            cancelLabel={MAINTENANCE_MESSAGES.cancelKeep}
            danger
            onConfirm={onCancel}
            testId="maintenance-cancel-dialog"
          />
          {finishMounted ? (
            <Suspense fallback={null}>
              <FinishMaintenanceDialog maintenance={m} opened={finishing} onClose={() => setFinishing(false)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </>
  );
}
