import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { YANGO_MESSAGES, type TDriver } from '@flotte/contract';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useDisconnectYangoDriver, useUpdateYangoDriverLink } from './link-api.ts';
import { useYangoConnection } from './useYangoConnection.ts';
import { collectOptions, linkOptionsBody, type CollectOptions } from './yango-import-steps.ts';
import { YangoOptionsFields } from './YangoOptionsFields.tsx';

const YangoImportDialog = lazy(() => import('./YangoImportDialog.tsx').then((m) => ({ default: m.YangoImportDialog })));

export const YANGO_LINK_UPDATED = 'Options Yango enregistrées';
export const YANGO_LINK_REMOVED = YANGO_MESSAGES.disconnected;

function Field({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The driver's Yango row (issue 21): linked, his Yango id, 'Recette Yango' and collect time, with
 * the options to edit and the disconnection; not linked (and the park connected), 'Connecter le
 * compte Yango'. Changing any of it needs MANAGE_DRIVER_VEHICLE (its tooltip otherwise).
 */
export function DriverYangoSection({ driver }: { driver: Pick<TDriver, 'id' | 'phone' | 'yango_profile'> }) {
  const { can } = usePermissions();
  const allowed = can('MANAGE_DRIVER_VEHICLE');
  const connection = useYangoConnection();
  const link = driver.yango_profile ?? null;
  const [connecting, setConnecting] = useState(false);
  const connectMounted = useRef(false);
  if (connecting) connectMounted.current = true;
  const [editing, setEditing] = useState(false);
  const [options, setOptions] = useState<CollectOptions>(collectOptions(link?.collect_time, link?.use_yango_recipe));
  const [disconnecting, setDisconnecting] = useState(false);
  const update = useUpdateYangoDriverLink(driver.id);
  const disconnect = useDisconnectYangoDriver(driver.id);

  useEffect(() => {
    if (editing) setOptions(collectOptions(link?.collect_time, link?.use_yango_recipe));
  }, [editing, link?.collect_time, link?.use_yango_recipe]);

  if (!link && connection.data?.connected !== true) return null;

  const guarded = (button: ReactElement) =>
    allowed ? (
      button
    ) : (
      <Tooltip label={YANGO_MESSAGES.noPermission} multiline w={240}>
        {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
        <span style={{ display: 'inline-block' }}>{button}</span>
      </Tooltip>
    );

  return (
    <Paper withBorder p="sm" radius="md" data-testid="driver-yango">
      <Group justify="space-between" gap="xs" mb={link ? 'xs' : 4} wrap="wrap">
        <Text fw={600} size="sm">
          Yango
        </Text>
        <Badge size="sm" variant="light" color={link ? 'teal' : 'gray'}>
          {link ? 'Compte lié' : 'Non lié'}
        </Badge>
      </Group>
      {link ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="Identifiant Yango">{link.yango_id}</Field>
            <Field label="Recette Yango">{link.use_yango_recipe ? `Oui, collecte à ${link.collect_time}` : 'Non'}</Field>
            <Field label="Lié le">{formatDateTime(link.linked_at) || '—'}</Field>
            <Field label="Dernière synchronisation">{formatDateTime(link.synced_at) || 'Pas encore'}</Field>
          </SimpleGrid>
          {link.sync_error ? (
            <Alert color="orange" p="xs" data-testid="driver-yango-sync-error">
              <Text size="sm">{link.sync_error}</Text>
            </Alert>
          ) : null}
          <Group gap="sm">
            {guarded(
              <Button size="xs" variant="light" disabled={!allowed} onClick={() => setEditing(true)} data-testid="driver-yango-edit">
                Modifier les options
              </Button>,
            )}
            {guarded(
              <Button size="xs" variant="subtle" color="red" disabled={!allowed} onClick={() => setDisconnecting(true)} data-testid="driver-yango-disconnect">
                Déconnecter
              </Button>,
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Liez ce chauffeur à son compte Yango pour suivre son activité et encaisser ses recettes Yango.
          </Text>
          <div>
            {guarded(
              <Button size="xs" variant="light" disabled={!allowed} onClick={() => setConnecting(true)} data-testid="driver-yango-connect">
                {YANGO_MESSAGES.connectTitle}
              </Button>,
            )}
          </div>
        </Stack>
      )}

      <Modal opened={editing} onClose={() => setEditing(false)} title="Options Yango" centered data-testid="driver-yango-options-dialog">
        <Stack gap="md">
          <YangoOptionsFields value={options} onChange={setOptions} disabled={update.isPending} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setEditing(false)}>
              Annuler
            </Button>
            <Button
              loading={update.isPending}
              onClick={() =>
                update.mutate(linkOptionsBody(options), {
                  onSuccess: () => {
                    toast.success(YANGO_LINK_UPDATED);
                    setEditing(false);
                  },
                })
              }
              data-testid="driver-yango-options-save"
            >
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={disconnecting}
        onClose={() => setDisconnecting(false)}
        title="Déconnecter le compte Yango"
        confirmLabel="Déconnecter"
        danger
        message="Le chauffeur reste dans Flotte, mais son activité Yango ne sera plus suivie et ses recettes ne pourront plus être encaissées sur son solde Yango."
        onConfirm={async () => {
          await disconnect.mutateAsync();
          toast.success(YANGO_LINK_REMOVED);
        }}
        testId="driver-yango-disconnect-dialog"
      />
      <Suspense fallback={null}>
        {connecting || connectMounted.current ? (
          <YangoImportDialog opened={connecting} mode="connect" driver={{ id: driver.id, phone: driver.phone }} onClose={() => setConnecting(false)} />
        ) : null}
      </Suspense>
    </Paper>
  );
}
