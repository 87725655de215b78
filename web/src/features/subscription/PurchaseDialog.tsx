import { useState, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { SUBSCRIPTION_MESSAGES as M, type TInvoice, type TInvoiceAnswer } from '@flotte/contract/subscriptions';
import { toast } from '../../ui/toast.ts';
import { InvoicePayment } from './InvoicePayment.tsx';
import { useRefreshSubscription } from './queries.ts';
import { afterPayment } from './subscription-view.ts';

export interface PurchaseDialogProps {
  title: string;
  onClose: () => void;
  /** The purchase's own form; it hands over what the buying route answered. */
  children?: (onAnswer: (answer: TInvoiceAnswer) => void) => ReactNode;
  /** An invoice to pay straight away ('Payer' in the history). */
  invoice?: TInvoice;
  testId: string;
}

/**
 * One purchase, two steps: its form, then the payment of the invoice it created. An invoice the
 * server applied at once (nothing to pay: migrating a trial) says so and goes where a paid one would.
 * Mounted only while open (the page renders it on demand), so each opening starts afresh.
 */
export function PurchaseDialog({ title, onClose, children, invoice: initial, testId }: PurchaseDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const navigate = useNavigate();
  const refresh = useRefreshSubscription();
  const [invoice, setInvoice] = useState<TInvoice | null>(initial ?? null);

  function onAnswer(answer: TInvoiceAnswer) {
    void refresh(); // the history lists the new invoice (unpaid, or applied at once)
    if (!answer.applied) {
      toast.success(M.invoiceCreated);
      setInvoice(answer.invoice);
      return;
    }
    const next = afterPayment(answer.invoice.kind);
    toast.success(next.message);
    if (next.home) navigate('/dashboard');
    else onClose();
  }

  return (
    <Modal opened onClose={onClose} title={invoice ? 'Paiement de la facture' : title} size="md" fullScreen={fullScreen} data-testid={testId}>
      {invoice ? <InvoicePayment invoice={invoice} onDone={onClose} /> : children?.(onAnswer)}
    </Modal>
  );
}
