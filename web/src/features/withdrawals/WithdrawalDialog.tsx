import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Avatar, Button, Group, Modal, Paper, Radio, Select, Skeleton, Stack, Stepper, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WITHDRAW_MESSAGES, WITHDRAW_SUCCESS, type TWithdrawMeans } from '@flotte/contract/withdrawals';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useStepUpAction } from '../company/useStepUpAction.ts';
import { treasuryKeys, useUsableCaisses } from '../treasury/queries.ts';
import { MeansFormDialog } from './MeansFormDialog.tsx';
import { useWithdrawMeans, withdrawalKeys } from './queries.ts';
import { creditBody, draftFee, emptyWithdrawDraft, stepComplete, withdrawBody, type WithdrawDraft } from './withdrawal-form.ts';
import { withdrawalsApi } from './withdrawals-api.ts';

export type WithdrawalView = 'home' | 'withdraw' | 'credit';

export interface WithdrawalDialogProps {
  opened: boolean;
  /** Where the dialog opens: the means list, the 3-step removal, or the caisse top-up. */
  view: WithdrawalView;
  parkId: string;
  onClose: () => void;
}

const PARK_BALANCE = '__park__';
/** The removal's steps (spec 001 section 4): choose the means; amount and reason; confirm. */
const STEPS = ['Moyen de retrait', 'Montant et motif', 'Confirmation'] as const;

const EditIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </svg>
);
const TrashIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
  </svg>
);

/** A fee rate as French writes it: decimal comma, a non-breaking space before '%'. */
const percent = (n: number) => `${n.toLocaleString('fr-FR')} %`;

function MeansLine({ means }: { means: TWithdrawMeans }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={means.vct_withdraw.image} alt={means.vct_withdraw.title} size="sm" radius="sm" />
      <div>
        <Text size="sm" fw={500}>
          {means.title}
        </Text>
        <Text size="xs" c="dimmed">
          {means.vct_withdraw.title} · •••• {means.last4Digit} · {percent(means.fees)}
        </Text>
      </div>
    </Group>
  );
}

/**
 * The withdrawal dialog (spec 001 section 2.3): the park's withdrawal means (add, edit, delete),
 * removing funds in 3 steps (means; amount and reason with the fee; confirmation) behind the PIN,
 * and topping up a caisse from the park balance. Everything needs RETRAIT_DE_FONDS.
 */
export function WithdrawalDialog({ opened, view: initialView, parkId, onClose }: WithdrawalDialogProps) {
  const { can } = usePermissions();
  const allowed = can('RETRAIT_DE_FONDS');
  const park = useActingPark();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const stepUp = useStepUpAction();
  const means = useWithdrawMeans(parkId, opened && allowed);
  const caisses = useUsableCaisses(opened && allowed ? parkId : null);
  const [view, setView] = useState<WithdrawalView>(initialView);
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<WithdrawDraft>(emptyWithdrawDraft());
  const [credit, setCredit] = useState<{ caisseId: string | null; amount: number | null; comment: string }>({ caisseId: null, amount: null, comment: '' });
  const [editing, setEditing] = useState<TWithdrawMeans | null | 'new'>(null);
  const [deleting, setDeleting] = useState<TWithdrawMeans | null>(null);

  useEffect(() => {
    if (!opened) return;
    setView(initialView);
    setStep(0);
    setDraft(emptyWithdrawDraft());
    setCredit({ caisseId: null, amount: null, comment: '' });
  }, [opened, initialView]);

  const list = means.data ?? [];
  const chosen = list.find((m) => m.id === draft.meansId);
  // A single means is the choice already made: the first step is then one tap on 'Suivant'.
  const onlyMeans = list.length === 1 ? list[0].id : null;
  useEffect(() => {
    // After the reset on opening (declared above, so run first): the updater sees the fresh draft.
    if (opened && onlyMeans) setDraft((d) => (d.meansId === null ? { ...d, meansId: onlyMeans } : d));
  }, [opened, onlyMeans]);
  const fee = draftFee(draft, chosen?.fees, park?.currency);
  const caisseOptions = (caisses.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const refreshMoney = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: withdrawalKeys.balance(parkId) }), queryClient.invalidateQueries({ queryKey: treasuryKeys.all })]);

  const remove = useMutation({
    mutationFn: (m: TWithdrawMeans) => withdrawalsApi.removeMeans(m.id, parkId),
    onSuccess: () => {
      toast.success(WITHDRAW_SUCCESS.meansDeleted);
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.means(parkId) });
    },
  });
  const withdraw = useMutation({ mutationFn: withdrawalsApi.withdraw, meta: { errorToast: false }, onSettled: refreshMoney });
  const topUp = useMutation({
    mutationFn: withdrawalsApi.creditAccount,
    onSuccess: () => {
      toast.success(WITHDRAW_SUCCESS.creditInitiated);
      void refreshMoney();
      onClose();
    },
  });

  const next = () => {
    if (!stepComplete(step, draft)) {
      toast.error(WITHDRAW_MESSAGES.checkFields);
      return;
    }
    setStep((s) => s + 1);
  };

  const confirmWithdrawal = () => {
    const body = withdrawBody(draft);
    if (!body) {
      toast.error(WITHDRAW_MESSAGES.checkFields);
      return;
    }
    stepUp(async () => {
      const tx = await withdraw.mutateAsync(body);
      toast.success(tx.status === 'success' ? WITHDRAW_SUCCESS.withdrawn : WITHDRAW_SUCCESS.initiated);
      onClose();
    });
  };

  const startWithdrawal = () => {
    if (list.length === 0) {
      toast.error(WITHDRAW_MESSAGES.addMeansFirst);
      return;
    }
    setView('withdraw');
  };

  const submitCredit = () => {
    const body = creditBody(credit, parkId);
    if (!body) {
      toast.error(WITHDRAW_MESSAGES.checkFields);
      return;
    }
    topUp.mutate(body);
  };

  const title = view === 'withdraw' ? 'Retirer des fonds' : view === 'credit' ? 'Approvisionner une caisse' : 'Retrait de fonds';

  return (
    <>
      <Modal opened={opened && editing === null && deleting === null} onClose={onClose} title={title} size="lg" fullScreen={fullScreen} data-testid="withdrawal-dialog">
        {!allowed ? (
          <Alert color="blue" data-testid="withdrawal-no-permission">
            {WITHDRAW_MESSAGES.noPermission}
          </Alert>
        ) : view === 'home' ? (
          <Stack gap="md">
            {list.length === 0 ? (
              <EmptyPlaceholder
                size="sm"
                text={WITHDRAW_MESSAGES.noMeans}
                description={WITHDRAW_MESSAGES.addMeansFirst}
                action={{ label: 'Ajouter un moyen de retrait', onClick: () => setEditing('new') }}
                testId="means-empty"
              />
            ) : (
              <Stack gap="xs" data-testid="means-list">
                {list.map((m) => (
                  <Paper key={m.id} withBorder p="sm" radius="md">
                    <Group justify="space-between" wrap="nowrap">
                      <MeansLine means={m} />
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Modifier">
                          <ActionIcon variant="subtle" aria-label={`Modifier ${m.title}`} onClick={() => setEditing(m)}>
                            <EditIcon />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Supprimer">
                          <ActionIcon variant="subtle" color="red" aria-label={`Supprimer ${m.title}`} onClick={() => setDeleting(m)}>
                            <TrashIcon />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            <Group justify="flex-end" gap="sm">
              {list.length > 0 ? (
                <Button variant="default" onClick={() => setEditing('new')} data-testid="means-add">
                  Ajouter un moyen de retrait
                </Button>
              ) : null}
              <Button variant="light" onClick={() => setView('credit')} data-testid="credit-open">
                Approvisionner une caisse
              </Button>
              <Button onClick={startWithdrawal} data-testid="withdraw-start">
                Retirer des fonds
              </Button>
            </Group>
          </Stack>
        ) : view === 'withdraw' ? (
          <Stack gap="md">
            {/* On a phone the three labels don't hold on one line: numbers only, and the step named under them. */}
            <Stepper active={step} size="sm" allowNextStepsSelect={false}>
              {/* A phone shows only the number: the name adds the step's label. Wider, the label shows and names it. */}
              {STEPS.map((label, i) => (
                <Stepper.Step key={label} label={fullScreen ? undefined : label} aria-label={fullScreen ? `Étape ${i + 1} ${label}` : undefined} />
              ))}
            </Stepper>
            {fullScreen ? (
              <Text size="sm" fw={500} data-testid="withdraw-step-name">
                Étape {step + 1} sur {STEPS.length} : {STEPS[step]}
              </Text>
            ) : null}
            {step === 0 && means.isPending ? (
              <Stack gap="xs" data-testid="withdraw-means-loading">
                {[0, 1].map((i) => (
                  <Skeleton key={i} h={58} radius="md" />
                ))}
              </Stack>
            ) : step === 0 && list.length === 0 ? (
              // Opened straight on 'Retirer' with no means yet: the first step offers to add one
              // here, and goes on from where it was once it is saved.
              <EmptyPlaceholder
                size="sm"
                text={WITHDRAW_MESSAGES.noMeans}
                description={WITHDRAW_MESSAGES.addMeansFirst}
                action={{ label: 'Ajouter un moyen de retrait', onClick: () => setEditing('new') }}
                testId="withdraw-means-empty"
              />
            ) : step === 0 ? (
              <Radio.Group value={draft.meansId} onChange={(v) => setDraft((d) => ({ ...d, meansId: v }))} data-testid="withdraw-means">
                <Stack gap="xs">
                  {list.map((m) => (
                    <Paper key={m.id} withBorder p="sm" radius="md">
                      <Radio value={m.id} label={<MeansLine means={m} />} />
                    </Paper>
                  ))}
                </Stack>
              </Radio.Group>
            ) : step === 1 ? (
              <Stack gap="sm">
                <AmountInput label="Montant" required value={draft.amount} onChange={(amount) => setDraft((d) => ({ ...d, amount }))} testId="withdraw-amount" />
                <Textarea label="Motif" autosize minRows={2} value={draft.reason} onChange={(e) => setDraft((d) => ({ ...d, reason: e.currentTarget.value }))} data-testid="withdraw-reason" />
                <Select
                  label="Prélever sur"
                  data={[{ value: PARK_BALANCE, label: 'Solde du parc' }, ...caisseOptions]}
                  value={draft.caisseId ?? PARK_BALANCE}
                  onChange={(v) => setDraft((d) => ({ ...d, caisseId: !v || v === PARK_BALANCE ? null : v }))}
                  allowDeselect={false}
                  data-testid="withdraw-source"
                />
                <Text size="sm" data-testid="withdraw-fee">
                  Frais ({percent(chosen?.fees ?? 0)}) : <Money amount={fee?.fee ?? 0} /> — total débité : <Money amount={fee?.total ?? 0} />
                </Text>
              </Stack>
            ) : (
              <Table data-testid="withdraw-summary">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th>Moyen de retrait</Table.Th>
                    <Table.Td>{chosen ? `${chosen.title} (${chosen.phone_number})` : ''}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Montant</Table.Th>
                    <Table.Td>
                      <Money amount={draft.amount} />
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Frais</Table.Th>
                    <Table.Td>
                      <Money amount={fee?.fee ?? 0} />
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Total débité</Table.Th>
                    <Table.Td>
                      <Money amount={fee?.total ?? 0} fw={600} />
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Prélevé sur</Table.Th>
                    <Table.Td>{draft.caisseId ? caisseOptions.find((c) => c.value === draft.caisseId)?.label : 'Solde du parc'}</Table.Td>
                  </Table.Tr>
                  {draft.reason.trim() ? (
                    <Table.Tr>
                      <Table.Th>Motif</Table.Th>
                      <Table.Td>{draft.reason.trim()}</Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => (step === 0 ? setView('home') : setStep((s) => s - 1))}>
                {step === 0 ? 'Retour' : 'Précédent'}
              </Button>
              {step < 2 ? (
                <Button onClick={next} disabled={step === 0 && list.length === 0} data-testid="withdraw-next">
                  Suivant
                </Button>
              ) : (
                <Button onClick={confirmWithdrawal} loading={withdraw.isPending} data-testid="withdraw-confirm">
                  Confirmer le retrait
                </Button>
              )}
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Select
              label="Caisse à approvisionner"
              withAsterisk
              data={caisseOptions}
              value={credit.caisseId}
              onChange={(v) => setCredit((c) => ({ ...c, caisseId: v }))}
              nothingFoundMessage={caisses.isPending ? 'Chargement…' : 'Aucune caisse'}
              data-testid="credit-caisse"
            />
            <AmountInput label="Montant" required value={credit.amount} onChange={(amount) => setCredit((c) => ({ ...c, amount }))} testId="credit-amount" />
            <Textarea label="Commentaire" autosize minRows={2} value={credit.comment} onChange={(e) => setCredit((c) => ({ ...c, comment: e.currentTarget.value }))} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setView('home')}>
                Retour
              </Button>
              <Button onClick={submitCredit} loading={topUp.isPending} data-testid="credit-submit">
                Approvisionner
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <MeansFormDialog opened={opened && editing !== null} means={editing === 'new' ? null : editing} parkId={parkId} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer le moyen de retrait"
        message={deleting ? `Supprimer « ${deleting.title} » ? Les retraits passés restent dans l'historique.` : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        testId="means-delete-dialog"
      />
    </>
  );
}
