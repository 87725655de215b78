import { registerPayinPurpose } from '../payins/payin-purposes.ts';
import { applyInvoicePayment } from './invoice-apply.ts';

// What the payins settlement does, exactly once, when a subscription invoice's pay-in succeeds:
// the invoice is applied (or the money recorded to refund). Imported once by modules/registrations.ts.
registerPayinPurpose('subscription', {
  onSuccess: applyInvoicePayment,
  description: 'Abonnement Flotte',
  returnPath: '/dashboard/subscription',
});
