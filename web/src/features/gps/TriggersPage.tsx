import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { ActionLogTab } from './ActionLogTab.tsx';
import { GpsTabs } from './GpsTabs.tsx';
import { LockedVehiclesTab } from './LockedVehiclesTab.tsx';
import { TriggersTab } from './TriggersTab.tsx';

const TABS = ['triggers', 'locked', 'log'] as const;
type TriggersPageTab = (typeof TABS)[number];
const isTab = (v: string | null): v is TriggersPageTab => (TABS as readonly (string | null)[]).includes(v);

/**
 * /dashboard/gps/triggers (tab view VIEW_VEHICLE_GPS; issue 22 section 3): the penalty triggers,
 * the vehicles they hold, and the log of every action. Reading needs READ_GEOLOCALISATION; every
 * change needs GEOLOCK, the manual release a PIN too. The tab is in the address (?tab=locked), so
 * the dashboard's card and a reload land where the person was.
 */
export default function TriggersPage() {
  const { ready, can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TriggersPageTab = isTab(requested) ? requested : 'triggers';
  const canWrite = can('GEOLOCK');

  if (!ready) return <RouteLoader />;
  if (!can('READ_GEOLOCALISATION')) return <AccessDenied />;
  return (
    <Stack gap="md" data-testid="triggers-page">
      <GpsTabs />
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Déclencheurs de pénalité
        </Title>
        <Text c="dimmed" size="sm">
          Prévenez, faites sonner le buzzer ou immobilisez le véhicule d'un chauffeur qui n'a pas payé, jamais pendant qu'il roule.
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'triggers' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="triggers" data-testid="triggers-tab-triggers">
            Déclencheurs
          </Tabs.Tab>
          <Tabs.Tab value="locked" data-testid="triggers-tab-locked">
            Véhicules bloqués
          </Tabs.Tab>
          <Tabs.Tab value="log" data-testid="triggers-tab-log">
            Journal
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="triggers" pt="md">
          <TriggersTab canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="locked" pt="md">
          <LockedVehiclesTab canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <ActionLogTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
