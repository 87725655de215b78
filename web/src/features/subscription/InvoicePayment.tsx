import { useEffect, useMemo, useState } from 'react';
import { Button, Divider, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { mobileMoneyPayerError, type TTransactionValidation } from '@flotte/contract/payins';
import { INVOICE_STATUS_LABELS, SUBSCRIPTION_MESSAGES as M, type TInvoice } from '@flotte/contract/subscriptions';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast } from '../../ui/toast.ts';
import { payinsApi } from '../payins/payins-api.ts';
import { TransactionValidationCard } from '../payins/TransactionValidationCard.tsx';
import { useOperators, useRefreshSubscription } from './queries.ts';
import { subscriptionApi, subscriptionPayinEndpoints } from './subscription-api.ts';
import { afterPayment, dayText } from './subscription-view.ts';

export interface InvoicePaymentProps {
  invoice: TInvoice;
  /** The invoice is paid and applied and the person stays here: the caller closes its dialog. */
  onDone: () => void;
}

/**
 * The payment step every purchase ends with: the invoice (its lines and total), the operator and
 * the number the owner pays from, 'Payer'; then the transaction validation card, whose buttons
 * call the subscription's own pay-in routes. Once the operator confirms, check-invoice reads the
 * subscription as it now stands: a change or a migration goes back to /dashboard (spec 002), the
 * rest refreshes the screen.
 */
export function InvoicePayment({ invoice, onDone }: InvoicePaymentProps) {
  const navigate = useNavigate();
  const refresh = useRefreshSubscription();
  const [operatorId, setOperatorId] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [validation, setValidation] = useState<TTransactionValidation | null>(null);
  // An invoice whose payment still waits for the operator ('Suivre le paiement'): its card again.
  const [following, setFollowing] = useState(invoice.status === 'pending' ? invoice.transaction_id : null);
  useEffect(() => {
    if (!following) return;
    const abort = new AbortController();
    payinsApi.status(following, abort.signal).then(
      (card) => {
        setValidation(card);
        setFollowing(null);
      },
      () => {
        if (!abort.signal.aborted) setFollowing(null); // unreadable: the form lets the person pay again
      },
    );
    return () => abort.abort();
  }, [following]);
  const operators = useOperators(true);
  const options = useMemo(() => (operators.data ?? []).map((o) => ({ value: String(o.id), label: o.name })), [operators.data]);

  const pay = useMutation({
    mutationFn: () => subscriptionApi.pay({ invoice_id: invoice.id, operator_id: Number(operatorId), phone }),
    onSuccess: (answer) => {
      void refresh(); // the history reads 'Paiement en cours' (and offers to follow it)
      toast.success(M.initiated);
      setValidation(answer.validation);
    },
  });

  const settle = useMutation({
    mutationFn: () => subscriptionApi.checkInvoice(invoice.id),
    onSuccess: ({ invoice: paid }) => {
      void refresh();
      if (paid.status !== 'paid') return; // the card said success: the next read of the screen shows it
      const next = afterPayment(paid.kind);
      toast.success(next.message);
      if (next.home) navigate('/dashboard');
      else onDone();
    },
  });

  function submit() {
    const problem = mobileMoneyPayerError({ operator_id: operatorId ?? undefined, phone });
    if (problem) {
      toast.error(problem);
      return;
    }
    pay.mutate();
  }

  if (validation) {
    return (
      <TransactionValidationCard
        validation={validation}
        endpoints={subscriptionPayinEndpoints}
        onCompleted={() => settle.mutate()}
        onCancelled={() => setValidation(null)}
      />
    );
  }

  if (following) return <Skeleton h={240} radius="md" />;

  return (
    <Stack gap="md" data-testid="invoice-payment">
      <Paper withBorder radius="md" p="sm" data-testid="invoice-summary">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm">
              {invoice.kind_label}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {invoice.number}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {invoice.plan_label} · du {dayText(invoice.period_start)} au {dayText(invoice.period_end)}
          </Text>
          <Divider />
          {invoice.lines.map((line, i) => (
            <Group key={i} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text size="sm" style={{ minWidth: 0 }}>
                {line.label}
                {line.quantity !== 1 ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({line.quantity} × <Money amount={line.unit_price} currency={invoice.currency} />)
                  </Text>
                ) : null}
              </Text>
              <Money amount={line.amount} currency={invoice.currency} size="sm" />
            </Group>
          ))}
          <Divider />
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>Total</Text>
            <Money amount={invoice.amount} currency={invoice.currency} fw={700} size="lg" data-testid="invoice-total" />
          </Group>
          <Text size="xs" c="dimmed">
            {INVOICE_STATUS_LABELS[invoice.status]} · payable jusqu'au {dayText(invoice.valid_until)} inclus
          </Text>
        </Stack>
      </Paper>

      <Select
        label="Opérateur"
        placeholder="Choisir l'opérateur"
        data={options}
        value={operatorId}
        onChange={setOperatorId}
        withAsterisk
        nothingFoundMessage="Aucun moyen de paiement trouvé"
        error={operators.isError ? operators.error.message : undefined}
        comboboxProps={{ withinPortal: true }}
        data-testid="invoice-operator"
      />
      <PhoneInput label="Numéro qui paie" value={phone} onChange={setPhone} required testId="invoice-phone" />
      <Button fullWidth onClick={submit} loading={pay.isPending} data-testid="invoice-pay">
        Payer <Money amount={invoice.amount} currency={invoice.currency} ml={6} />
      </Button>
    </Stack>
  );
}
