import type { TInvoice } from '@flotte/contract/subscriptions';
import { PurchaseDialog } from './PurchaseDialog.tsx';

/** 'Payer' on an unpaid invoice of the history: straight to the payment step. */
export default function PayInvoiceDialog({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  return <PurchaseDialog title="Paiement de la facture" invoice={invoice} onClose={onClose} testId="subscription-pay-dialog" />;
}
