import { useEffect, useRef } from 'react';
import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYIN_COPY_CONFIRMATION_MS, PAYIN_COUNTDOWN_SECONDS, PAYIN_MESSAGES as M, type TTransactionValidation } from '@flotte/contract/payins';
import { ApiError } from '../../api/api-error.ts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useCountdown } from '../auth/useCountdown.ts';
import { cardState, countdownPercent, formatCountdown, type CardState } from './countdown.ts';
import { payinKeys, payinsApi } from './payins-api.ts';
import { usePayinStatus } from './usePayinStatus.ts';

export interface TransactionValidationCardProps {
  /** What the payment route answered (`data.validation`). */
  validation: TTransactionValidation;
  /** The operator confirmed the payment: the caller refreshes its lists and returns to its form. */
  onCompleted: () => void;
  /** 'Annuler', or 'Réessayer' after an expiry or a refusal: the caller returns to its form. */
  onCancelled: () => void;
  /**
   * Where 'J'ai validé' and 'Annuler' go: the recipes' /payin/:id/* by default; a subscription
   * pay-in has its own (/subscription/payin/:id/*), which refuse the park's pay-ins and back.
   */
  endpoints?: PayinCardEndpoints;
}

export interface PayinCardEndpoints {
  validated: (id: string) => Promise<TTransactionValidation>;
  cancel: (id: string) => Promise<TTransactionValidation>;
}

/** PAYIN_NOT_PENDING (contract errors.ts): 'Annuler' pressed on a pay-in the operator already settled. */
const PAYIN_NOT_PENDING_CODE = 4473;

const BADGE: Record<CardState, { label: string; color: string }> = {
  pending: { label: M.pending, color: 'yellow' },
  success: { label: M.succeeded, color: 'teal' },
  failed: { label: 'Refusé', color: 'red' },
  expired: { label: M.expired, color: 'gray' },
  cancelled: { label: M.cancelled, color: 'gray' },
};

function CopyValue({ value, testId }: { value: string; testId: string }) {
  return (
    <CopyButton value={value} timeout={PAYIN_COPY_CONFIRMATION_MS}>
      {({ copied, copy }) => (
        <Button size="compact-xs" variant={copied ? 'light' : 'subtle'} color={copied ? 'teal' : undefined} onClick={copy} data-testid={testId}>
          {copied ? M.copied : 'Copier'}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * The transaction validation card (spec 001 sections 2 item 12 and 4): while the driver confirms
 * a mobile-money payment, it shows the USSD code to dial (copy: 'Copié' for 2 seconds), the
 * payment link (Wave's wave_launch_url, CinetPay's page), and the 300-second countdown in m:ss.
 * The status is polled from check-status every 3 seconds (the provider's callback settles it on
 * the server). 'J'ai validé' asks the operator now, 'Annuler' stops waiting; both act only while
 * pending. At zero: 'Transaction expirée' (a payment made after that is still recorded).
 */
export function TransactionValidationCard({ validation, onCompleted, onCancelled, endpoints = payinsApi }: TransactionValidationCardProps) {
  const queryClient = useQueryClient();
  const { remaining } = useCountdown(validation.seconds_left);
  const status = usePayinStatus(validation, remaining > 0);
  const current = status.data ?? validation;
  const state = cardState(current.status, remaining);
  const done = useRef(false);

  const show = (next: TTransactionValidation) => queryClient.setQueryData(payinKeys.status(validation.transaction_id), next);

  const validate = useMutation({
    mutationFn: () => endpoints.validated(validation.transaction_id),
    onSuccess: (next) => {
      show(next);
      if (next.status === 'pending' || next.status === 'init') toast.success(M.pending);
    },
    onError: toastApiError,
  });

  const cancel = useMutation({
    mutationFn: () => endpoints.cancel(validation.transaction_id),
    onSuccess: (next) => {
      show(next);
      if (next.status === 'cancelled') {
        done.current = true;
        toast.success(M.cancelled);
        onCancelled();
      }
    },
    onError: (error) => {
      // Already settled (paid at the last second, or refused): the card shows what happened.
      if (error instanceof ApiError && error.code === PAYIN_NOT_PENDING_CODE) void status.refetch();
      toastApiError(error);
    },
  });

  useEffect(() => {
    if (done.current) return;
    if (state === 'success') {
      done.current = true;
      toast.success(M.succeeded);
      onCompleted();
    }
  }, [state, onCompleted]);

  const busy = validate.isPending || cancel.isPending;
  const open = state === 'pending';
  const link = current.wave_launch_url ?? current.payment_link;

  return (
    <Paper withBorder radius="md" p="md" data-testid="payin-card" data-state={state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600}>{current.operator}</Text>
            <Text size="xs" c="dimmed">
              Référence <Code>{current.reference}</Code>
            </Text>
          </div>
          <Badge color={BADGE[state].color} variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="payin-status">
            {BADGE[state].label}
          </Badge>
        </Group>

        <Money amount={current.amount} currency={current.currency} fw={700} size="xl" data-testid="payin-amount" />

        {current.ussd_code ? (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              Composez <Code fz="md" data-testid="payin-ussd">{current.ussd_code}</Code> pour valider le paiement
            </Text>
            <CopyValue value={current.ussd_code} testId="payin-ussd-copy" />
          </Group>
        ) : null}

        {link ? (
          <Group justify="space-between" wrap="nowrap">
            <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" data-testid="payin-link">
              Ouvrir la page de paiement
            </Anchor>
            <CopyValue value={link} testId="payin-link-copy" />
          </Group>
        ) : null}

        {state === 'expired' ? (
          <Alert color="red" title={M.expired} data-testid="payin-expired">
            {M.expiredDetail}
          </Alert>
        ) : state === 'failed' ? (
          <Alert color="red" title={M.failed} data-testid="payin-failed">
            Vérifiez le numéro et le solde du payeur, puis réessayez.
          </Alert>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Temps restant
              </Text>
              <Text fw={700} ff="monospace" data-testid="payin-countdown">
                {formatCountdown(remaining)}
              </Text>
            </Group>
            <Progress value={countdownPercent(remaining, PAYIN_COUNTDOWN_SECONDS)} size="sm" color={remaining <= 60 ? 'orange' : 'blue'} aria-label="Temps restant" />
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          {state === 'expired' || state === 'failed' ? (
            <Button variant="default" onClick={onCancelled} data-testid="payin-retry">
              Réessayer
            </Button>
          ) : null}
          <Button variant="default" disabled={!open || busy} loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="payin-cancel">
            {M.cancel}
          </Button>
          <Button disabled={!open || busy} loading={validate.isPending} onClick={() => validate.mutate()} data-testid="payin-validated">
            {M.validated}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
