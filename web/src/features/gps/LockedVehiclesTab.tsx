import { useCallback, useMemo, useState } from 'react';
import { Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { EPISODE_STATE_LABELS, TRIGGER_MESSAGES, type TTriggerEpisode } from '@flotte/contract/penalty-triggers';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { toast } from '../../ui/toast.ts';
import { useStepUpAction } from '../company/useStepUpAction.ts';
import { triggerKeys, triggersApi, type EpisodeState } from './trigger-api.ts';
import { vehicleText } from './trigger-summary.ts';
import { TriggerWriteButton } from './TriggerWriteButton.tsx';

const NBSP = '\u00a0';
type Shown = Extract<EpisodeState, 'done' | 'waiting'>;
const SHOWN: { value: Shown; label: string }[] = [
  { value: 'done', label: 'Bloqués' },
  { value: 'waiting', label: "En attente de l'arrêt" },
];
const STATE_COLORS: Record<EpisodeState, string> = { waiting: 'orange', done: 'red', released: 'teal', failed: 'gray', cancelled: 'gray' };

/** Whether the owner may release this episode by hand: a lock actually applied. */
export const releasable = (e: Pick<TTriggerEpisode, 'action' | 'state'>) => e.action === 'lock' && e.state === 'done';

/**
 * 'Véhicules bloqués': the episodes holding a vehicle (a lock applied, or waiting for the vehicle
 * to stop). 'Débloquer' sends the unlock command: GEOLOCK, a confirmation, then the PIN.
 */
export function LockedVehiclesTab({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const stepUp = useStepUpAction();
  const [shown, setShown] = useState<Shown>('done');
  const [releasing, setReleasing] = useState<TTriggerEpisode | null>(null);
  const filters = useMemo(() => ({ state: shown }), [shown]);

  const fetchPage: DataTableFetch<TTriggerEpisode> = useCallback(
    (query, signal) => triggersApi.lockEpisodes({ state: query.filters.state as Shown, page: query.page, itemPerPage: query.itemPerPage }, signal),
    [],
  );

  const release = (episode: TTriggerEpisode) =>
    stepUp(async () => {
      await triggersApi.release(episode.id);
      toast.success(TRIGGER_MESSAGES.released);
      void queryClient.invalidateQueries({ queryKey: triggerKeys.all });
    });

  const columns = useMemo<DataTableColumn<TTriggerEpisode>[]>(
    () => [
      {
        key: 'driver',
        header: 'Chauffeur',
        card: 'title',
        render: (e) => (
          <Text size="sm" fw={600} data-testid="episode-driver">
            {e.driver.name}
          </Text>
        ),
        cardRender: (e) => e.driver.name,
      },
      { key: 'vehicle', header: 'Véhicule', card: 'subtitle', render: (e) => vehicleText(e.vehicle) },
      {
        key: 'debt',
        header: 'Dette',
        align: 'right',
        card: 'amount',
        render: (e) => <Money amount={e.debt} currency={e.currency} fw={600} data-testid="episode-debt" />,
      },
      {
        key: 'state',
        header: 'État',
        card: 'status',
        render: (e) => (
          <Badge variant="light" color={STATE_COLORS[e.state]} data-testid="episode-state">
            {EPISODE_STATE_LABELS[e.state]}
          </Badge>
        ),
      },
      {
        key: 'trigger',
        header: 'Déclencheur',
        card: 'meta',
        render: (e) => e.trigger.title,
      },
      { key: 'fired_at', header: 'Depuis le', card: 'date', render: (e) => formatDateTime(e.done_at ?? e.fired_at) },
      {
        key: 'actions',
        header: 'Actions',
        align: 'right',
        card: 'actions',
        render: (e) =>
          releasable(e) ? (
            <TriggerWriteButton allowed={canWrite} size="xs" variant="light" onClick={() => setReleasing(e)} aria-label={`Débloquer le véhicule de ${e.driver.name}`} testId="episode-release">
              Débloquer
            </TriggerWriteButton>
          ) : null,
      },
    ],
    [canWrite],
  );

  return (
    <Stack gap="sm">
      <DataTable<TTriggerEpisode>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={triggerKeys.episodes()}
        filters={filters}
        defaultFilters={{ state: 'done' }}
        onResetFilters={() => setShown('done')}
        filtersSlot={<SegmentedControl aria-label="Véhicules affichés" data={SHOWN} value={shown} onChange={(v) => setShown(v as Shown)} data-testid="episodes-shown" />}
        searchable={false}
        defaultPageSize={10}
        emptyText={shown === 'done' ? 'Aucun véhicule bloqué' : "Aucun blocage en attente de l'arrêt d'un véhicule"}
        isRowClickable={() => false}
        minWidth={860}
        testId="episodes-table"
      />
      <ConfirmDialog
        opened={releasing !== null}
        onClose={() => setReleasing(null)}
        title="Débloquer le véhicule"
        message={
          releasing
            ? `Débloquer le moteur du véhicule ${vehicleText(releasing.vehicle)} (${releasing.driver.name})${NBSP}? Le déclencheur n'agira plus pour cet impayé. Votre code PIN vous sera demandé.`
            : ''
        }
        confirmLabel="Débloquer"
        onConfirm={() => {
          if (releasing) release(releasing);
        }}
        testId="episode-release-dialog"
      />
    </Stack>
  );
}
