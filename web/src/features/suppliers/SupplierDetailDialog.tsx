import { useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Group, Loader, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_STATE_LABELS, type TMaintenancePage } from '@flotte/contract/maintenance';
import { SUPPLIER_MESSAGES, type TSupplier } from '@flotte/contract/suppliers';
import { api } from '../../api/client.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { formatDate } from '../../ui/format.ts';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { supplierKeys, useSupplier } from './queries.ts';
import { SupplierStatusBadge } from './SupplierStatusBadge.tsx';
import { suppliersApi } from './suppliers-api.ts';

/** How many of its latest maintenances the supplier's page lists (the maintenance screen has them all). */
const MAINTENANCES_SHOWN = 20;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** The supplier's maintenances, newest first: date, vehicle, state and amount (GET /api/entretien?supplier_id). */
function SupplierMaintenances({ supplierId }: { supplierId: string }) {
  const list = useQuery({
    queryKey: ['maintenance', 'by-supplier', supplierId],
    queryFn: ({ signal }) => api.get<TMaintenancePage>('/entretien', { supplier_id: supplierId, page: 1, itemPerPage: MAINTENANCES_SHOWN }, signal),
  });
  if (list.isPending) return <Skeleton height={56} radius="md" />;
  if (list.isError) return <LoadError title="Les entretiens n’ont pas pu être chargés" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucun entretien avec ce prestataire pour l’instant.
      </Text>
    );
  }
  return (
    <Stack gap={6} data-testid="supplier-maintenances">
      {list.data.items.map((m) => (
        <Paper key={m.id} withBorder radius="md" p="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {m.vehicle.registration_number}
                {m.vehicle.label ? ` · ${m.vehicle.label}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(m.start_date)} · {MAINTENANCE_STATE_LABELS[m.state]}
              </Text>
            </div>
            <Money amount={m.amount} size="sm" fw={600} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * A supplier's page, as a dialog over the list: its information, its correspondents, what the park
 * paid it this year (with READ_FINANCE), its maintenances (with the Entretiens view), and for
 * MANAGE_MAINTENANCE the edit and the suspend / reactivate actions, each confirmed first.
 */
export function SupplierDetailDialog({ supplierId, onClose, onEdit }: { supplierId: string; onClose: () => void; onEdit: (s: TSupplier) => void }) {
  const { can } = usePermissions();
  const canManage = can('MANAGE_MAINTENANCE');
  const queryClient = useQueryClient();
  const detail = useSupplier(supplierId);
  const [confirming, setConfirming] = useState(false);
  const toggle = useMutation({
    mutationFn: (s: TSupplier) => (s.desactivate_at ? suppliersApi.activate(s.id) : suppliersApi.deactivate(s.id)),
    onSuccess: async (s) => {
      toast.success(s.desactivate_at ? SUPPLIER_MESSAGES.deactivated : SUPPLIER_MESSAGES.activated);
      await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });

  const s = detail.data;
  const suspended = !!s?.desactivate_at;
  return (
    <>
      <Modal opened onClose={onClose} title="Prestataire" size="lg" centered data-testid="supplier-detail-dialog">
        {detail.isPending ? (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="Chargement du prestataire" />
          </Group>
        ) : detail.isError ? (
          <LoadError title="Le prestataire n’a pas pu être chargé" error={detail.error} onRetry={() => void detail.refetch()} />
        ) : s ? (
          <Stack gap="md">
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <Avatar src={s.logo} size={56} radius="md" name={s.name} color="initials" alt="" />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }} data-testid="supplier-detail-name">
                  {s.name}
                </Title>
                <Group gap={6} mt={4}>
                  <SupplierStatusBadge suspended={suspended} />
                  {s.categories.map((c) => (
                    <Badge key={c.supplier_category.id} variant="outline" size="sm" color="gray">
                      {c.supplier_category.name}
                    </Badge>
                  ))}
                </Group>
              </div>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {s.paid_this_year !== null ? (
                <Field label="Payé cette année">
                  <Money amount={s.paid_this_year} fw={700} data-testid="supplier-paid-this-year" />
                </Field>
              ) : null}
              <Field label="Entretiens">{String(s.maintenances_count)}</Field>
              <Field label="Téléphone">{s.phone}</Field>
              <Field label="Email">{s.email}</Field>
              <Field label="RCCM">{s.rccm}</Field>
              <Field label="Numéro de contribuable (NIU)">{s.niu}</Field>
              <Field label="Ville">{s.city}</Field>
              <Field label="Quartier">{s.street}</Field>
              {s.desactivate_at ? <Field label="Suspendu le">{formatDate(s.desactivate_at)}</Field> : null}
            </SimpleGrid>

            <div>
              <Text fw={600} size="sm" mb={6}>
                Correspondants
              </Text>
              {s.contacts.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Aucun correspondant.
                </Text>
              ) : (
                <Stack gap={6}>
                  {s.contacts.map((c, i) => (
                    <Paper key={i} withBorder radius="md" p="xs">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {c.name} · {c.function}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {c.phone} · {c.email}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
              )}
            </div>

            {can('VIEW_MAINTENANCE') ? (
              <div>
                <Text fw={600} size="sm" mb={6}>
                  Entretiens
                </Text>
                <SupplierMaintenances supplierId={s.id} />
              </div>
            ) : null}

            {canManage ? (
              <Group justify="flex-end" gap="sm">
                <Button variant="light" color={suspended ? 'green' : 'red'} onClick={() => setConfirming(true)} data-testid="supplier-toggle">
                  {suspended ? 'Réactiver' : 'Suspendre'}
                </Button>
                <Button onClick={() => onEdit(s)} data-testid="supplier-edit">
                  Modifier
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Modal>
      {s ? (
        <ConfirmDialog
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={suspended ? 'Réactiver le prestataire' : 'Suspendre le prestataire'}
          message={
            suspended
              ? `Réactiver ${s.name}\u00a0? Il sera de nouveau proposé dans les formulaires.`
              : `Suspendre ${s.name}\u00a0? Il ne sera plus proposé dans les formulaires d’entretien et de documents\u00a0; son historique reste.`
          }
          confirmLabel={suspended ? 'Réactiver' : 'Suspendre'}
          danger={!suspended}
          onConfirm={() => toggle.mutateAsync(s)}
          testId="supplier-toggle-confirm"
        />
      ) : null}
    </>
  );
}
