import { useState } from 'react';
import { Button, Divider, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { driversApi, type DriverRecord } from './drivers-api.ts';
import { driverKeys } from './queries.ts';

type StatusAction = 'suspend' | 'remove-suspension' | 'deactivate' | 'activate';

const ACTIONS: Record<StatusAction, { title: string; label: string; done: string; danger: boolean }> = {
  suspend: { title: 'Suspendre le chauffeur', label: 'Suspendre', done: 'Chauffeur suspendu', danger: true },
  'remove-suspension': { title: 'Lever la suspension', label: 'Lever la suspension', done: 'Suspension levée', danger: false },
  deactivate: { title: 'Désactiver le chauffeur', label: 'Désactiver', done: 'Chauffeur désactivé', danger: true },
  activate: { title: 'Activer le chauffeur', label: 'Activer', done: 'Chauffeur activé', danger: false },
};

/** What each status allows: a suspension is lifted, a deactivation undone by activating. */
export function statusActions(status: DriverRecord['status']): StatusAction[] {
  if (status === 'active') return ['suspend', 'deactivate'];
  if (status === 'suspended') return ['remove-suspension', 'deactivate'];
  return ['activate'];
}

function consequence(action: StatusAction, name: string): string {
  switch (action) {
    case 'suspend':
      return `${name} ne pourra plus être affecté à un véhicule tant que la suspension n'est pas levée.`;
    case 'remove-suspension':
      return `${name} redevient actif et peut de nouveau être affecté à un véhicule.`;
    case 'deactivate':
      return `${name} ne fera plus partie des chauffeurs actifs du parc et ne pourra plus être affecté à un véhicule.`;
    case 'activate':
      return `${name} redevient actif et peut de nouveau être affecté à un véhicule.`;
  }
}

/** 'Paramètres' (MANAGE_DRIVER_VEHICLE): edit, status changes, and the withdrawal switch. */
export function DriverSettingsTab({ driver, onEdit }: { driver: DriverRecord; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const { parkId } = useSession();
  const [action, setAction] = useState<StatusAction | null>(null);
  const [reason, setReason] = useState('');
  const name = `${driver.first_name} ${driver.last_name}`.trim();

  const refresh = (updated: DriverRecord) => {
    queryClient.setQueryData(driverKeys.detail(driver.id), updated);
    void queryClient.invalidateQueries({ queryKey: driverKeys.all });
  };

  const changeStatus = useMutation({
    mutationFn: (a: StatusAction) => {
      switch (a) {
        case 'suspend':
          return driversApi.suspend(driver.id, reason.trim() || undefined);
        case 'remove-suspension':
          return driversApi.removeSuspension(driver.id);
        case 'deactivate':
          return driversApi.deactivate(driver.id);
        case 'activate':
          return driversApi.activate(driver.id);
      }
    },
    onSuccess: (updated, a) => {
      toast.success(ACTIONS[a].done);
      refresh(updated);
    },
  });

  const withdraw = useMutation({
    mutationFn: (status: boolean) => driversApi.enableWithdraw(driver.id, parkId ?? driver.park_id, status),
    onSuccess: (updated, status) => {
      toast.success(status ? 'Retraits autorisés' : 'Retraits désactivés');
      refresh(updated);
    },
  });

  return (
    <Stack gap="md" data-testid="driver-settings">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Text fw={500}>Informations du chauffeur</Text>
          <Text size="sm" c="dimmed">
            Identité, contacts, type, grade, jours de repos et permis.
          </Text>
        </div>
        <Button variant="light" onClick={onEdit} data-testid="driver-edit">
          Modifier les informations
        </Button>
      </Group>
      <Divider />
      <Switch
        label="Autoriser les retraits"
        description="Le chauffeur peut demander un retrait de son solde."
        checked={driver.enable_withdraw}
        disabled={withdraw.isPending}
        onChange={(e) => withdraw.mutate(e.currentTarget.checked)}
        data-testid="driver-enable-withdraw"
      />
      <Divider />
      <Group gap="sm" wrap="wrap">
        {statusActions(driver.status).map((a) => (
          <Button
            key={a}
            variant={ACTIONS[a].danger ? 'light' : 'filled'}
            color={ACTIONS[a].danger ? 'red' : undefined}
            onClick={() => {
              setReason('');
              setAction(a);
            }}
            data-testid={`driver-action-${a}`}
          >
            {ACTIONS[a].label}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? ACTIONS[action].title : ''}
        confirmLabel={action ? ACTIONS[action].label : undefined}
        danger={action ? ACTIONS[action].danger : false}
        message={
          action ? (
            <Stack gap="sm">
              <Text size="sm">{consequence(action, name)}</Text>
              {action === 'suspend' ? (
                <Textarea
                  label="Motif de la suspension"
                  placeholder="Ex. : recette non versée depuis 3 jours"
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                  data-testid="driver-suspend-reason"
                />
              ) : null}
            </Stack>
          ) : (
            ''
          )
        }
        onConfirm={() => (action ? changeStatus.mutateAsync(action) : undefined)}
        testId="driver-status-dialog"
      />
    </Stack>
  );
}
