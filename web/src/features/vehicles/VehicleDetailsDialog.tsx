import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, Center, Loader, Modal, SimpleGrid, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useVehicleAllData, vehicleKeys } from './queries.ts';
import type { VehicleDialogMode, VehicleSection } from './VehicleDialog.tsx';
import { VehicleInfoTab } from './VehicleInfoTab.tsx';
import { vehiclesApi } from './vehicles-api.ts';
import { brandModel } from './vehicle-status.ts';

// The service reminders tab downloads when it is opened.
const VehicleReminders = lazy(() => import('../reminders/VehicleReminders.tsx').then((m) => ({ default: m.VehicleReminders })));
// The maintenance history downloads when its tab is opened.
const VehicleMaintenanceTab = lazy(() => import('../maintenance/VehicleMaintenanceTab.tsx'));
// The document dialog brings the calendar (@mantine/dates): it downloads when someone adds a document.
const NewDocumentDialog = lazy(() => import('../vehicle-documents/NewDocumentDialog.tsx').then((m) => ({ default: m.NewDocumentDialog })));

type DetailTab = 'infos' | 'settings' | 'reminders' | 'maintenance';
/** Spec 002 wording for an action the person's roles don't allow. */
const NOT_ALLOWED = "Vous n'avez pas les permissions nécessaires pour effectuer cette action";

/** A disabled button fires no pointer events: the wrapper carries the tooltip saying why. */
function Allowed({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return (
    <Tooltip label={NOT_ALLOWED} disabled={allowed} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span style={{ display: 'block' }}>{children}</span>
    </Tooltip>
  );
}

export interface VehicleDetailsDialogProps {
  vehicleId: string | null;
  onClose: () => void;
  /** Opens the vehicle dialog on one section (the details close meanwhile). */
  onOpenDialog: (mode: VehicleDialogMode) => void;
  /** The tab it opens on (a service notification opens 'Rappels d'entretien'); 'Infos' otherwise. */
  initialTab?: 'reminders';
}

/** The vehicle details dialog (spec 000 section 2): tabs 'Infos' and 'Paramètres'. */
export function VehicleDetailsDialog({ vehicleId, onClose, onOpenDialog, initialTab }: VehicleDetailsDialogProps) {
  const { can } = usePermissions();
  const canManage = can('MANAGE_DRIVER_VEHICLE');
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const query = useVehicleAllData(vehicleId);
  const [tab, setTab] = useState<DetailTab>(initialTab ?? 'infos');
  const [confirming, setConfirming] = useState(false);
  const [addingDocument, setAddingDocument] = useState(false);
  // A maintenance dialog open over these details: Escape closes it, not the details too.
  const [maintenanceDialog, setMaintenanceDialog] = useState(false);
  useEffect(() => {
    if (vehicleId) setTab(initialTab ?? 'infos');
  }, [vehicleId, initialTab]);

  const vehicle = query.data;
  const deactivated = vehicle?.status === 'deactivated';
  const toggle = useMutation({
    mutationFn: (id: string) => (deactivated ? vehiclesApi.activate(id) : vehiclesApi.deactivate(id)),
    onSuccess: () => {
      toast.success(deactivated ? SUCCESS_MESSAGES.VEHICLE_ACTIVATED : SUCCESS_MESSAGES.VEHICLE_DEACTIVATED);
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['drivers'] });
    },
  });

  const open = (section: VehicleSection) => {
    if (!vehicleId) return;
    onClose();
    onOpenDialog({ kind: 'update', vehicleId, section });
  };

  return (
    <>
      <Modal
        opened={vehicleId !== null}
        onClose={onClose}
        closeOnEscape={!maintenanceDialog}
        title={vehicle ? `${vehicle.label || brandModel(vehicle)} · ${vehicle.registration_number}` : 'Véhicule'}
        size="xl"
        fullScreen={fullScreen}
        data-testid="vehicle-details"
      >
        {!vehicle ? (
          <Center py="xl">{query.isError ? <Text c="red">{query.error.message}</Text> : <Loader />}</Center>
        ) : (
          <Tabs value={tab} onChange={(v) => setTab((v as DetailTab | null) ?? 'infos')} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="infos" data-testid="vehicle-tab-infos">
                Infos
              </Tabs.Tab>
              <Tabs.Tab value="settings" data-testid="vehicle-tab-settings">
                Paramètres
              </Tabs.Tab>
              {can('VIEW_MAINTENANCE') ? (
                <Tabs.Tab value="maintenance" data-testid="vehicle-tab-maintenance">
                  Entretiens
                </Tabs.Tab>
              ) : null}
              <Tabs.Tab value="reminders" data-testid="vehicle-tab-reminders">
                Rappels d'entretien
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="infos">
              <VehicleInfoTab
                vehicle={vehicle}
                onConfigurePlanning={canManage ? () => open('planning') : undefined}
                onConfigureRecipe={canManage ? () => open('recipe') : undefined}
              />
            </Tabs.Panel>
            <Tabs.Panel value="maintenance">
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader />
                  </Center>
                }
              >
                <VehicleMaintenanceTab vehicle={vehicle} onNestedDialog={setMaintenanceDialog} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="reminders">
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader />
                  </Center>
                }
              >
                <VehicleReminders vehicleId={vehicle.id} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="settings">
              <Stack gap="md" data-testid="vehicle-settings">
                {/* Without MANAGE_DRIVER_VEHICLE each action is disabled with the spec's words, never a dialog that only refuses. */}
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <Allowed allowed={canManage}>
                    <Button fullWidth variant="light" disabled={!canManage} onClick={() => open('general')} data-testid="vehicle-edit-general">
                      Informations générales
                    </Button>
                  </Allowed>
                  <Allowed allowed={canManage}>
                    <Button fullWidth variant="light" disabled={!canManage} onClick={() => open('planning')} data-testid="vehicle-edit-planning">
                      Planning de travail
                    </Button>
                  </Allowed>
                  <Allowed allowed={canManage}>
                    <Button fullWidth variant="light" disabled={!canManage} onClick={() => open('recipe')} data-testid="vehicle-edit-recipe">
                      Recettes
                    </Button>
                  </Allowed>
                </SimpleGrid>
                <Allowed allowed={canManage}>
                  <Button fullWidth variant="default" disabled={!canManage} onClick={() => setAddingDocument(true)} data-testid="vehicle-add-document">
                    Ajouter un document
                  </Button>
                </Allowed>
                <Tooltip label={NOT_ALLOWED} disabled={canManage} withArrow>
                  <span>
                    <Button
                      fullWidth
                      variant="outline"
                      color={deactivated ? 'green' : 'red'}
                      disabled={!canManage}
                      onClick={() => setConfirming(true)}
                      data-testid="vehicle-toggle-status"
                    >
                      {deactivated ? 'Activer le véhicule' : 'Désactiver le véhicule'}
                    </Button>
                  </span>
                </Tooltip>
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
      </Modal>
      {vehicle ? (
        <>
          <ConfirmDialog
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={deactivated ? 'Activer le véhicule' : 'Désactiver le véhicule'}
            message={
              deactivated
                ? `Le véhicule ${vehicle.registration_number} reprendra du service avec son planning.`
                : `Le véhicule ${vehicle.registration_number} sera retiré du service : plus personne ne le conduira tant qu'il restera désactivé.`
            }
            confirmLabel={deactivated ? 'Activer' : 'Désactiver'}
            danger={!deactivated}
            onConfirm={() => toggle.mutateAsync(vehicle.id)}
            testId="vehicle-status-dialog"
          />
          {addingDocument ? (
            <Suspense fallback={null}>
              <NewDocumentDialog vehicleId={vehicle.id} opened={addingDocument} onClose={() => setAddingDocument(false)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </>
  );
}
