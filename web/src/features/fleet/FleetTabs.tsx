import { useEffect, useRef } from 'react';
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
  // On a phone the tab bar scrolls sideways (theme) and each screen mounts its own: bring the
  // current tab into view, else 'Documents' opens cut off at the edge.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[data-active]');
    if (list.current && active) list.current.scrollLeft = active.offsetLeft + active.offsetWidth - list.current.clientWidth;
  }, [current]);
  return (
    <Tabs value={current} onChange={(v) => v && navigate(v)} mb="md" data-testid="fleet-tabs">
      <Tabs.List ref={list}>
        {FLEET_TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} data-testid={`fleet-tab-${t.label}`}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
