import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRIGGER_MESSAGES, type TPenaltyTrigger } from '@flotte/contract/penalty-triggers';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { triggerKeys, triggersApi } from './trigger-api.ts';
import { triggerCounts, triggerScope, triggerSummary } from './trigger-summary.ts';
import { GEOLOCK_DENIED_TEXT, TriggerWriteButton } from './TriggerWriteButton.tsx';

// The two-step dialog loads on the first click that opens it, not with the list.
const TriggerFormDialog = lazy(() => import('./TriggerFormDialog.tsx').then((m) => ({ default: m.TriggerFormDialog })));

export const NEW_TRIGGER_LABEL = 'Nouveau déclencheur';
const NBSP = '\u00a0';

/** What deleting a trigger does, said before: its history stays, and so do the locks it applied. */
function deleteMessage(t: TPenaltyTrigger): string {
  const question = `Supprimer le déclencheur «${NBSP}${t.title}${NBSP}»${NBSP}? Il n'agira plus sur les impayés${NBSP}; son historique est conservé.`;
  return t.active_count > 0 ? `${question} Les véhicules qu'il a bloqués le restent jusqu'à leur déblocage.` : question;
}

/** 'Déclencheurs': the park's penalty triggers, each with what it does, its scope and its switch. */
export function TriggersTab({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const currency = useActingPark()?.currency;
  const [editing, setEditing] = useState<{ opened: boolean; trigger: TPenaltyTrigger | null }>({ opened: false, trigger: null });
  const [formMounted, setFormMounted] = useState(false);
  if (editing.opened && !formMounted) setFormMounted(true);
  const [deleting, setDeleting] = useState<TPenaltyTrigger | null>(null);

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: triggerKeys.all }), [queryClient]);
  const toggle = useMutation({
    mutationFn: ({ t, enabled }: { t: TPenaltyTrigger; enabled: boolean }) => triggersApi.setEnabled(t.id, enabled),
    onSuccess: (_answer, { enabled }) => {
      toast.success(enabled ? 'Déclencheur activé' : 'Déclencheur désactivé');
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (t: TPenaltyTrigger) => triggersApi.remove(t.id),
    onSuccess: () => {
      toast.success(TRIGGER_MESSAGES.deleted);
      refresh();
    },
  });

  const fetchPage: DataTableFetch<TPenaltyTrigger> = useCallback((query, signal) => triggersApi.list({ page: query.page, itemPerPage: query.itemPerPage }, signal), []);
  const edit = useCallback((t: TPenaltyTrigger | null) => setEditing({ opened: true, trigger: t }), []);

  const toggling = toggle.isPending;
  const mutateToggle = toggle.mutate;
  const enabledSwitch = useCallback(
    (t: TPenaltyTrigger) => (
      <Tooltip label={GEOLOCK_DENIED_TEXT} disabled={canWrite} withArrow multiline w={260}>
        <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex' }}>
          <Switch
            checked={t.enabled}
            disabled={!canWrite || toggling}
            onChange={(e) => mutateToggle({ t, enabled: e.currentTarget.checked })}
            aria-label={`Activer le déclencheur «${NBSP}${t.title}${NBSP}»`}
            label={t.enabled ? 'Actif' : 'Inactif'}
            data-testid="trigger-row-enabled"
          />
        </span>
      </Tooltip>
    ),
    [canWrite, toggling, mutateToggle],
  );
  const writeButtons = useCallback(
    (t: TPenaltyTrigger) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <TriggerWriteButton allowed={canWrite} size="xs" variant="light" onClick={() => edit(t)} aria-label={`Modifier ${t.title}`} testId="trigger-row-edit">
          Modifier
        </TriggerWriteButton>
        <TriggerWriteButton allowed={canWrite} size="xs" variant="subtle" color="red" onClick={() => setDeleting(t)} aria-label={`Supprimer ${t.title}`} testId="trigger-row-delete">
          Supprimer
        </TriggerWriteButton>
      </Group>
    ),
    [canWrite, edit],
  );

  const columns = useMemo<DataTableColumn<TPenaltyTrigger>[]>(
    () => [
      {
        key: 'title',
        header: 'Déclencheur',
        card: 'title',
        render: (t) => (
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="trigger-row-title">
              {t.title}
            </Text>
            {t.description ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {t.description}
              </Text>
            ) : null}
          </Stack>
        ),
        cardRender: (t) => t.title,
      },
      {
        key: 'summary',
        header: 'Règle',
        card: 'subtitle',
        render: (t) => (
          <Text size="sm" data-testid="trigger-row-summary">
            {triggerSummary(t, currency)}
          </Text>
        ),
        cardRender: (t) => triggerSummary(t, currency),
      },
      { key: 'scope', header: 'Véhicules', card: 'meta', render: (t) => triggerScope(t.vehicle_groups) },
      { key: 'counts', header: 'Déclenchements', card: 'meta', render: (t) => triggerCounts(t) },
      {
        key: 'enabled',
        header: 'Actif',
        // On a phone the card is a button: the switch goes with the actions, under it, outside its tap area.
        card: false,
        render: enabledSwitch,
      },
      {
        key: 'actions',
        header: 'Actions',
        align: 'right',
        card: 'actions',
        render: (t) => writeButtons(t),
        cardRender: (t) => (
          <Group gap="sm" justify="space-between" w="100%">
            {enabledSwitch(t)}
            {writeButtons(t)}
          </Group>
        ),
      },
    ],
    [currency, enabledSwitch, writeButtons],
  );

  return (
    <>
      <DataTable<TPenaltyTrigger>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={triggerKeys.list()}
        searchable={false}
        defaultPageSize={10}
        emptyText="Aucun déclencheur créé pour l'instant"
        onRowClick={canWrite ? edit : undefined}
        isRowClickable={() => canWrite}
        minWidth={860}
        actions={
          <TriggerWriteButton allowed={canWrite} onClick={() => edit(null)} testId="trigger-add">
            {NEW_TRIGGER_LABEL}
          </TriggerWriteButton>
        }
        testId="triggers-table"
      />
      <Suspense fallback={null}>
        {formMounted ? <TriggerFormDialog opened={editing.opened} trigger={editing.trigger} onClose={() => setEditing((e) => ({ ...e, opened: false }))} /> : null}
      </Suspense>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer le déclencheur"
        message={deleting ? deleteMessage(deleting) : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        testId="trigger-delete-dialog"
      />
    </>
  );
}
