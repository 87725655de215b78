import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/**
 * The fleet's screens share the 'Chauffeurs' entry of the navigation (tab view VIEW_DRIVERS):
 * drivers, vehicles, vehicle groups and documents, one route each so a link or a reload lands on
 * the right one.
 */
export const FLEET_TABS = [
  { value: '/dashboard/drivers', label: 'Chauffeurs' },
  { value: '/dashboard/drivers/vehicles', label: 'Véhicules' },
  { value: '/dashboard/drivers/groups', label: 'Groupes' },
  { value: '/dashboard/drivers/documents', label: 'Documents' },
] as const;

export function FleetTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = [...FLEET_TABS].reverse().find((t) => pathname === t.value || pathname.startsWith(`${t.value}/`))?.value ?? FLEET_TABS[0].value;
  return (
    <Tabs value={current} onChange={(v) => v && navigate(v)} mb="md" data-testid="fleet-tabs">
      <Tabs.List>
        {FLEET_TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} data-testid={`fleet-tab-${t.label}`}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
