import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { TInvoice, TSubscriptionInfo } from '@flotte/contract/subscriptions';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { InvoiceHistory } from './InvoiceHistory.tsx';
import { useSubscriptionInfo } from './queries.ts';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { subscriptionActions, type SubscriptionAction } from './subscription-view.ts';

// The dialogs download on the click that opens them, not with the screen.
const PlanSelectionDialog = lazy(() => import('./PlanSelectionDialog.tsx'));
const UpgradeDialog = lazy(() => import('./UpgradeDialog.tsx'));
const ExtendDialog = lazy(() => import('./ExtendDialog.tsx'));
const MigrateDialog = lazy(() => import('./MigrateDialog.tsx'));
const PayInvoiceDialog = lazy(() => import('./PayInvoiceDialog.tsx'));

type Open = { action: SubscriptionAction } | { invoice: TInvoice } | null;

/**
 * /dashboard/subscription (tab view VIEW_SUBSCRIPTION, data READ_SUBSCRIPTION): the subscription
 * that counts today, what UPDATE_SUBSCRIPTION may buy, and the invoices. `?action=upgrade` (the
 * vehicle limit's link) opens 'Ajouter des véhicules', or the plan choice on trial or expired.
 */
export default function SubscriptionPage() {
  const { can } = usePermissions();
  if (!can('READ_SUBSCRIPTION')) return <AccessDenied />;
  return <SubscriptionScreen canUpdate={can('UPDATE_SUBSCRIPTION')} />;
}

function SubscriptionScreen({ canUpdate }: { canUpdate: boolean }) {
  const info = useSubscriptionInfo();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const actions = info.data ? subscriptionActions(info.data, canUpdate) : [];

  const wanted = params.get('action');
  useEffect(() => {
    if (wanted !== 'upgrade' || !info.data) return;
    const action = actions.find((a) => a === 'upgrade' || a === 'choose');
    if (action) setOpen({ action });
    setParams((p) => {
      p.delete('action');
      return p;
    }, { replace: true });
  }, [wanted, info.data]);

  return (
    <Stack gap="lg" data-testid="subscription-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Abonnement
        </Title>
        <Text c="dimmed" size="sm">
          Votre forfait, les véhicules qu'il couvre et vos factures.
        </Text>
      </div>
      {info.isError ? (
        <LoadError title="Impossible de charger votre abonnement" error={info.error} onRetry={() => void info.refetch()} testId="subscription-error" />
      ) : !info.data ? (
        <Skeleton h={260} radius="md" />
      ) : (
        <SubscriptionCard info={info.data} actions={actions} onAction={(action) => setOpen({ action })} />
      )}
      <InvoiceHistory canPay={canUpdate} onPay={(invoice) => setOpen({ invoice })} />
      {open && info.data ? (
        <Suspense fallback={null}>
          <OpenDialog open={open} info={info.data} onClose={close} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function OpenDialog({ open, info, onClose }: { open: NonNullable<Open>; info: TSubscriptionInfo; onClose: () => void }) {
  if ('invoice' in open) return <PayInvoiceDialog invoice={open.invoice} onClose={onClose} />;
  switch (open.action) {
    case 'choose':
      return <PlanSelectionDialog info={info} mode="subscribe" onClose={onClose} />;
    case 'change':
      return <PlanSelectionDialog info={info} mode="change" onClose={onClose} />;
    case 'upgrade':
      return <UpgradeDialog info={info} onClose={onClose} />;
    case 'extend':
      return <ExtendDialog info={info} onClose={onClose} />;
    case 'migrate':
      return <MigrateDialog info={info} onClose={onClose} />;
  }
}
