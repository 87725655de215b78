import { AppError } from '../../platform/errors.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

/** GET /subscription/invoice-subscription: the invoice as a PDF (filled in by the PDF work). */
export async function invoicePdf(_deps: SubscriptionsDeps, _parkId: string, _invoiceId: string): Promise<{ filename: string; bytes: Uint8Array }> {
  throw new AppError('SUBSCRIPTION_INVOICE_NOT_FOUND');
}
