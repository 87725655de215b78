import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Stack, Tabs } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { CONTRACT_MESSAGES, type TContractDetail, type TContractInstalment } from '@flotte/contract/contracts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { ContractDocuments } from './ContractDocuments.tsx';
import { ContractHistory } from './ContractHistory.tsx';
import { ContractPayments } from './ContractPayments.tsx';
import { ContractSummary, ContractSummarySkeleton } from './ContractSummary.tsx';
import { contractsApi } from './contracts-api.ts';
import { InstalmentsList } from './InstalmentsList.tsx';
import { contractKeys, invalidatedByChange, useContract } from './queries.ts';

// The dialogs download on the click that opens them, not with the screen.
const SignContractDialog = lazy(() => import('./SignContractDialog.tsx').then((m) => ({ default: m.SignContractDialog })));
const CancelContractDialog = lazy(() => import('./CancelContractDialog.tsx').then((m) => ({ default: m.CancelContractDialog })));
const CollectInstalmentDialog = lazy(() => import('./CollectInstalmentDialog.tsx').then((m) => ({ default: m.CollectInstalmentDialog })));
const PayPartnerInstalmentDialog = lazy(() => import('./PayPartnerInstalmentDialog.tsx').then((m) => ({ default: m.PayPartnerInstalmentDialog })));
const ContractFormDialog = lazy(() => import('./ContractFormDialog.tsx').then((m) => ({ default: m.ContractFormDialog })));

type DialogName = 'sign' | 'edit' | 'cancel' | 'regenerate' | 'collect' | 'handover';
type TabName = 'schedule' | 'payments' | 'history' | 'documents';
const LIST = '/dashboard/contracts';

/**
 * The contract detail (issue 19 section 3), /dashboard/contracts/:id: the header and figures, the
 * actions the server allows (`can`), then the schedule, the payments, the history and the
 * documents. After an update (the form dialog goes there itself) or a cancel the screen goes back
 * to the list (spec 002).
 */
export default function ContractDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useContract(id || null);
  const c = query.data;
  const [open, setOpen] = useState<DialogName | null>(null);
  // A lazy dialog stays mounted once opened, so it can animate its closing.
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(new Set());
  const [paying, setPaying] = useState<TContractInstalment | null>(null);
  const [payMounted, setPayMounted] = useState(false);
  const [tab, setTab] = useState<TabName>('schedule');

  const show = (name: DialogName) => {
    setMounted((s) => new Set(s).add(name));
    setOpen(name);
  };
  const close = () => setOpen(null);
  const refresh = () => {
    for (const key of invalidatedByChange) void queryClient.invalidateQueries({ queryKey: key });
  };
  /** Runs a confirmed action; a failure keeps its confirmation open for a retry. */
  const confirmed = (run: () => Promise<TContractDetail>, success: string) => async () => {
    try {
      const detail = await run();
      queryClient.setQueryData(contractKeys.detail(id), detail);
    } catch (error) {
      toastApiError(error);
      throw error;
    }
    toast.success(success);
    refresh();
  };

  return (
    <Stack gap="md" data-testid="contract-detail-page">
      <Anchor component={Link} to={LIST} size="sm" w="fit-content" data-testid="contract-back">
        ← Contrats
      </Anchor>
      {query.isError ? (
        <Alert color="red" title="Impossible d'afficher ce contrat" data-testid="contract-detail-error">
          {query.error.message}
        </Alert>
      ) : !c ? (
        <ContractSummarySkeleton />
      ) : (
        <>
          <ContractSummary contract={c} />
          <ContractActions contract={c} onAction={show} />
          <Tabs value={tab} onChange={(v) => setTab((v as TabName | null) ?? 'schedule')} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="schedule" data-testid="contract-tab-schedule">
                Échéancier
              </Tabs.Tab>
              <Tabs.Tab value="payments" data-testid="contract-tab-payments">
                Paiements ({c.payments.length})
              </Tabs.Tab>
              <Tabs.Tab value="history" data-testid="contract-tab-history">
                Historique
              </Tabs.Tab>
              <Tabs.Tab value="documents" data-testid="contract-tab-documents">
                Documents ({c.documents.length})
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="schedule">
              <InstalmentsList
                instalments={c.instalments}
                onPay={
                  c.contract_type === 'PARTNER' && c.can.pay
                    ? (i) => {
                        setPayMounted(true);
                        setPaying(i);
                      }
                    : undefined
                }
              />
            </Tabs.Panel>
            <Tabs.Panel value="payments">
              <ContractPayments payments={c.payments} />
            </Tabs.Panel>
            <Tabs.Panel value="history">
              <ContractHistory contractId={c.id} />
            </Tabs.Panel>
            <Tabs.Panel value="documents">
              <ContractDocuments contract={c} />
            </Tabs.Panel>
          </Tabs>

          <Suspense fallback={null}>
            {mounted.has('sign') ? <SignContractDialog contract={c} opened={open === 'sign'} onClose={close} /> : null}
            {mounted.has('cancel') ? (
              <CancelContractDialog contract={c} opened={open === 'cancel'} onClose={close} onCancelled={() => void navigate(LIST)} />
            ) : null}
            {mounted.has('collect') ? <CollectInstalmentDialog contract={c} opened={open === 'collect'} onClose={close} /> : null}
            {mounted.has('edit') ? (
              <ContractFormDialog kind={c.contract_type} contract={c} opened={open === 'edit'} onClose={close} />
            ) : null}
            {payMounted ? <PayPartnerInstalmentDialog contract={c} instalment={paying} onClose={() => setPaying(null)} /> : null}
          </Suspense>
          <ConfirmDialog
            opened={open === 'regenerate'}
            onClose={close}
            title="Régénérer l'échéancier"
            message="Les échéances non payées sont recalculées à partir des conditions actuelles du contrat, et un nouveau document est produit. Les échéances payées ne changent pas."
            confirmLabel="Régénérer"
            onConfirm={confirmed(() => contractsApi.regenerate(c.id), CONTRACT_MESSAGES.regenerated)}
            testId="contract-regenerate-dialog"
          />
          <ConfirmDialog
            opened={open === 'handover'}
            onClose={close}
            title="Confirmer la remise du véhicule"
            message={`Le contrat est soldé : ${c.driver?.name ?? 'le chauffeur'} devient propriétaire du véhicule ${c.vehicle.registration_number}, qui quitte la flotte active du parc.`}
            confirmLabel="Confirmer la remise"
            onConfirm={confirmed(() => contractsApi.handover(c.id), CONTRACT_MESSAGES.handedOver)}
            testId="contract-handover-dialog"
          />
        </>
      )}
    </Stack>
  );
}

/** The actions the server says this profile may take on this contract now. */
function ContractActions({ contract: c, onAction }: { contract: TContractDetail; onAction: (name: DialogName) => void }) {
  const buttons: ReactNode[] = [];
  const add = (name: DialogName, label: string, props: { variant?: string; color?: string } = {}) =>
    buttons.push(
      <Button key={name} variant={props.variant ?? 'default'} color={props.color} onClick={() => onAction(name)} data-testid={`contract-action-${name}`}>
        {label}
      </Button>,
    );
  if (c.can.collect && c.contract_type === 'DRIVER') add('collect', 'Encaisser', { variant: 'filled' });
  if (c.can.sign) add('sign', 'Signer', { variant: 'filled' });
  if (c.can.handover) add('handover', 'Confirmer la remise du véhicule', { variant: 'filled' });
  if (c.can.update) add('edit', 'Modifier');
  if (c.can.regenerate) add('regenerate', 'Régénérer');
  if (c.can.cancel) add('cancel', CONTRACT_MESSAGES.cancelButton, { variant: 'light', color: 'red' });
  if (buttons.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="contract-actions">
      {buttons}
    </Group>
  );
}
