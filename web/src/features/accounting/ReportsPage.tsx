import { lazy, Suspense } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { AccountingStatePanel } from './AccountingStatePanel.tsx';
import { BalancePanel } from './BalancePanel.tsx';
import { PnlYearPanel } from './PnlYearPanel.tsx';
import { parkToday } from './reporting-period.ts';

// The chart is the heaviest panel and not the first one shown: it loads when its tab opens.
const PnlDiagramPanel = lazy(() => import('./PnlDiagramPanel.tsx'));

export const REPORT_TABS = [
  { value: 'state', label: 'État comptable' },
  { value: 'pnl', label: 'Compte de résultat' },
  { value: 'diagram', label: 'Diagramme' },
  { value: 'balance', label: 'Soldes' },
] as const;
type ReportTab = (typeof REPORT_TABS)[number]['value'];

/**
 * /dashboard/reports (tab view VIEW_REPORTS): the accounting state, the P&L table by year, the P&L
 * diagram and the balances. The figures need READ_FINANCE; the tab (?tab=) is in the URL so a
 * reload or a shared link lands on it.
 */
export default function ReportsPage() {
  const { parkId } = useSession();
  const park = useActingPark();
  const { ready, can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const tab: ReportTab = REPORT_TABS.some((t) => t.value === params.get('tab')) ? (params.get('tab') as ReportTab) : 'state';

  if (!ready || !parkId) return <RouteLoader />;
  if (!can('READ_FINANCE')) return <AccessDenied />;
  const today = parkToday(park?.time_zone);

  return (
    <Stack gap="md" data-testid="reports-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Rapports financiers
        </Title>
        <Text c="dimmed" size="sm">
          Les opérations confirmées et non annulées ; les opérations en attente ne sont pas comptées.
        </Text>
      </div>
      <Tabs value={tab} onChange={(v) => v && setParams(v === 'state' ? {} : { tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          {REPORT_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} data-testid={`reports-tab-${t.value}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="state">
          <AccountingStatePanel parkId={parkId} today={today} />
        </Tabs.Panel>
        <Tabs.Panel value="pnl">
          <PnlYearPanel parkId={parkId} today={today} />
        </Tabs.Panel>
        <Tabs.Panel value="diagram">
          <Suspense fallback={<RouteLoader />}>
            <PnlDiagramPanel parkId={parkId} today={today} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="balance">
          <BalancePanel parkId={parkId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
