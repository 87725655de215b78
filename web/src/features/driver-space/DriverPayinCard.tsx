import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { PAYIN_COPY_CONFIRMATION_MS, PAYIN_COUNTDOWN_SECONDS, PAYIN_MESSAGES as M, type TTransactionValidation } from '@flotte/contract/payins';
import { ApiError } from '../../api/api-error.ts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useCountdown } from '../auth/useCountdown.ts';
import { cardState, countdownPercent, formatCountdown, type CardState } from '../payins/countdown.ts';
import { driverApi } from './driver-api.ts';

/** PAYIN_NOT_PENDING (contract errors.ts): 'Annuler' on a pay-in the operator already settled. */
const PAYIN_NOT_PENDING_CODE = 4473;

const BADGE: Record<CardState, { label: string; color: string }> = {
  pending: { label: M.pending, color: 'yellow' },
  success: { label: M.succeeded, color: 'teal' },
  failed: { label: 'Refusé', color: 'red' },
  expired: { label: M.expired, color: 'gray' },
  cancelled: { label: M.cancelled, color: 'gray' },
};

/**
 * The validation card of the driver's own payment: the cashier's card (payins/
 * TransactionValidationCard) without its status poll, which is a park route; here 'J'ai validé'
 * asks the operator (POST /driver/me/payin/:id/validated) and 'Annuler' stops waiting (/cancel).
 * Same states, countdown and words as the cashier's.
 */
export function DriverPayinCard({ validation, onCompleted, onClosed }: { validation: TTransactionValidation; onCompleted: () => void; onClosed: () => void }) {
  const [current, setCurrent] = useState(validation);
  const { remaining } = useCountdown(validation.seconds_left);
  const state = cardState(current.status, remaining);
  const done = useRef(false);

  const validate = useMutation({
    mutationFn: () => driverApi.validated(validation.transaction_id),
    onSuccess: (next) => {
      setCurrent(next);
      if (next.status === 'pending' || next.status === 'init') toast.success(M.pending);
    },
    onError: toastApiError,
  });

  const cancel = useMutation({
    mutationFn: () => driverApi.cancel(validation.transaction_id),
    onSuccess: (next) => {
      setCurrent(next);
      if (next.status === 'cancelled') {
        done.current = true;
        toast.success(M.cancelled);
        onClosed();
      }
    },
    onError: (error) => {
      // Already settled (paid at the last second, or refused): 'J'ai validé' tells which.
      if (error instanceof ApiError && error.code === PAYIN_NOT_PENDING_CODE) validate.mutate();
      else toastApiError(error);
    },
  });

  useEffect(() => {
    if (done.current || state !== 'success') return;
    done.current = true;
    toast.success(M.succeeded);
    onCompleted();
  }, [state, onCompleted]);

  const busy = validate.isPending || cancel.isPending;
  const open = state === 'pending';
  const link = current.wave_launch_url ?? current.payment_link;

  return (
    <Paper withBorder radius="md" p="md" data-testid="driver-payin-card" data-state={state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600}>{current.operator}</Text>
            <Text size="xs" c="dimmed">
              Référence <Code>{current.reference}</Code>
            </Text>
          </div>
          <Badge color={BADGE[state].color} variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="driver-payin-status">
            {BADGE[state].label}
          </Badge>
        </Group>

        <Money amount={current.amount} currency={current.currency} fw={700} size="xl" data-testid="driver-payin-amount" />

        {open && current.ussd_code ? (
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              Composez <Code fz="md">{current.ussd_code}</Code> sur votre téléphone pour valider le paiement.
            </Text>
            <CopyButton value={current.ussd_code} timeout={PAYIN_COPY_CONFIRMATION_MS}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant={copied ? 'light' : 'subtle'} color={copied ? 'teal' : undefined} onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? M.copied : 'Copier'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : open ? (
          <Text size="sm">Validez le paiement sur votre téléphone quand votre opérateur vous le demande.</Text>
        ) : null}

        {open && link ? (
          <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" data-testid="driver-payin-link">
            Ouvrir la page de paiement
          </Anchor>
        ) : null}

        {state === 'expired' ? (
          <Alert color="red" title={M.expired}>
            {M.expiredDetail}
          </Alert>
        ) : state === 'failed' ? (
          <Alert color="red" title={M.failed}>
            Vérifiez votre numéro et votre solde, puis réessayez.
          </Alert>
        ) : state === 'success' ? (
          <Alert color="teal" title={M.succeeded} data-testid="driver-payin-success">
            Merci, votre paiement est enregistré.
          </Alert>
        ) : (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                Temps restant
              </Text>
              <Text fw={700} ff="monospace">
                {formatCountdown(remaining)}
              </Text>
            </Group>
            <Progress value={countdownPercent(remaining, PAYIN_COUNTDOWN_SECONDS)} size="sm" color={remaining <= 60 ? 'orange' : 'blue'} aria-label="Temps restant" />
          </Stack>
        )}

        {open ? (
          <Group justify="flex-end" gap="sm" grow>
            <Button variant="default" disabled={busy} loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="driver-payin-cancel">
              {M.cancel}
            </Button>
            <Button disabled={busy} loading={validate.isPending} onClick={() => validate.mutate()} data-testid="driver-payin-validated">
              {M.validated}
            </Button>
          </Group>
        ) : (
          <Button variant="default" onClick={onClosed} data-testid="driver-payin-close">
            Fermer
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
