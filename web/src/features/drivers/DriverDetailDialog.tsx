import { Center, Loader, Modal, Skeleton, Tabs, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useState, useEffect } from 'react';
import { usePermissions } from '../auth/permissions.ts';
import type { DriverRecord } from './drivers-api.ts';
import { DriverInfoTab } from './DriverInfoTab.tsx';
import { DriverSettingsTab } from './DriverSettingsTab.tsx';
import { useDriver } from './queries.ts';
import { YANGO_MESSAGES } from '@flotte/contract/yango';

// The recipes tab (payment form, pickers) loads when first shown, not with the dialog.
const DriverRecipesTab = lazy(() => import('../recipes/DriverRecipesTab.tsx').then((m) => ({ default: m.DriverRecipesTab })));
// His Yango activity (issue 21), for a linked driver, likewise.
const YangoActivityTab = lazy(() => import('../yango/YangoActivityTab.tsx'));
// The salary tab (period picker, payment) likewise.
const SalaryTab = lazy(() => import('../salary/SalaryTab.tsx'));
// His hire-purchase contracts (issue 19), for those who see contracts, likewise.
const DriverContractSection = lazy(() => import('../contracts/DriverContractSection.tsx').then((m) => ({ default: m.DriverContractSection })));

type DetailTab = 'infos' | 'yango' | 'recipes' | 'salary' | 'settings';

export const SALARY_DENIED_TOOLTIP = "Vous n'avez pas les permissions pour afficher le salaire";
/** Spec 001 section 6: the words for an action the profile's roles don't allow. */
const NOT_ALLOWED = "Vous n'avez pas les permissions nécessaires pour effectuer cette action";

/**
 * The driver detail dialog (spec 000 section 2): 'Infos', 'Activités VTC' (only for a driver linked
 * to Yango), 'Recettes', 'Salaire' and, for those who may change drivers, 'Paramètres'. The
 * activity, recipes and salary tabs load their own chunk when opened.
 */
export function DriverDetailDialog({ driverId, onClose, onEdit }: { driverId: string | null; onClose: () => void; onEdit: (driver: DriverRecord) => void }) {
  const { can } = usePermissions();
  const canManage = can('MANAGE_DRIVER_VEHICLE');
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const query = useDriver(driverId);
  const [tab, setTab] = useState<DetailTab>('infos');
  useEffect(() => {
    if (driverId) setTab('infos');
  }, [driverId]);

  const driver = query.data;
  return (
    <Modal
      opened={driverId !== null}
      onClose={onClose}
      title={driver ? `${driver.last_name} ${driver.first_name}` : 'Chauffeur'}
      size="lg"
      fullScreen={fullScreen}
      data-testid="driver-detail"
    >
      {!driver ? (
        <Center py="xl">{query.isError ? <Text c="red">{query.error.message}</Text> : <Loader />}</Center>
      ) : (
        <Tabs value={tab} onChange={(v) => setTab((v as DetailTab | null) ?? 'infos')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="infos" data-testid="driver-tab-infos">
              Infos
            </Tabs.Tab>
            {driver.yango_profile ? (
              <Tabs.Tab value="yango" data-testid="driver-tab-yango">
                {YANGO_MESSAGES.activityTab}
              </Tabs.Tab>
            ) : null}
            {can('VIEW_CASH_COLLECTION') ? (
              <Tabs.Tab value="recipes" data-testid="driver-tab-recipes">
                Recettes
              </Tabs.Tab>
            ) : (
              // Like the salary tab: disabled with the spec's words rather than a tab that only refuses.
              <Tooltip label={NOT_ALLOWED} withArrow events={{ hover: true, focus: true, touch: true }}>
                <span data-testid="driver-tab-recipes-denied">
                  <Tabs.Tab value="recipes" disabled>
                    Recettes
                  </Tabs.Tab>
                </span>
              </Tooltip>
            )}
            {canManage ? (
              <Tabs.Tab value="salary" data-testid="driver-tab-salary">
                Salaire
              </Tabs.Tab>
            ) : (
              <Tooltip label={SALARY_DENIED_TOOLTIP} withArrow events={{ hover: true, focus: true, touch: true }}>
                {/* A disabled button fires no pointer events: the wrapper carries the tooltip. */}
                <span data-testid="driver-tab-salary-denied">
                  <Tabs.Tab value="salary" disabled>
                    Salaire
                  </Tabs.Tab>
                </span>
              </Tooltip>
            )}
            {canManage ? (
              <Tabs.Tab value="settings" data-testid="driver-tab-settings">
                Paramètres
              </Tabs.Tab>
            ) : null}
          </Tabs.List>
          <Tabs.Panel value="infos">
            <DriverInfoTab driver={driver} />
            {can('VIEW_CONTRACTS') ? (
              <Suspense fallback={<Skeleton h={132} radius="md" mt="md" />}>
                <DriverContractSection driverId={driver.id} />
              </Suspense>
            ) : null}
          </Tabs.Panel>
          {driver.yango_profile ? (
            <Tabs.Panel value="yango">
              <Suspense fallback={<Center py="xl"><Loader /></Center>}>
                <YangoActivityTab driver={{ id: driver.id, yango_profile: driver.yango_profile }} />
              </Suspense>
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="recipes">
            <Suspense fallback={<Center py="xl"><Loader /></Center>}>
              <DriverRecipesTab driver={driver} />
            </Suspense>
          </Tabs.Panel>
          {canManage ? (
            <Tabs.Panel value="salary">
              <Suspense fallback={<Center py="xl"><Loader /></Center>}>
                <SalaryTab driver={driver} />
              </Suspense>
            </Tabs.Panel>
          ) : null}
          {canManage ? (
            <Tabs.Panel value="settings">
              <DriverSettingsTab driver={driver} onEdit={() => onEdit(driver)} />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      )}
    </Modal>
  );
}
