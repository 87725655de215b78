import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/**
 * The vehicle GPS screens share the 'GPS véhicules' entry of the navigation (tab view
 * VIEW_VEHICLE_GPS): the fleet (and a vehicle's day under it) and the penalty triggers, one route
 * each so a link or a reload lands on the right one.
 */
export const GPS_TABS = [
  { value: '/dashboard/gps/vehicles', label: 'Véhicules', testId: 'vehicles' },
  { value: '/dashboard/gps/triggers', label: 'Déclencheurs', testId: 'triggers' },
] as const;

export function GpsTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = GPS_TABS.find((t) => pathname === t.value || pathname.startsWith(`${t.value}/`))?.value ?? GPS_TABS[0].value;
  return (
    <Tabs value={current} onChange={(v) => v && navigate(v)} mb="md" data-testid="gps-tabs">
      <Tabs.List>
        {GPS_TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} data-testid={`gps-tab-${t.testId}`}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
