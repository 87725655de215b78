import { and, asc, eq, isNull } from 'drizzle-orm';
import { INVOICE_KIND_LABELS, planLabel } from '@flotte/contract';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { parks, profiles, users } from '../access/access.tables.ts';
import { logoOf } from '../contracts/contract-documents.service.ts';
import { renderPdf } from '../contracts/contract-pdf.ts';
import { countryByIso } from '../location/countries.ts';
import { payins } from '../payins/payins.tables.ts';
import { buildInvoicePdf, type InvoiceSnapshot } from './invoice-pdf-document.ts';
import { invoiceOfPark } from './invoice-records.ts';
import { parkToday } from './subscription-days.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

/**
 * GET /subscription/invoice-subscription: the invoice as a PDF, made on demand from the invoice as
 * it stands (nothing stored: paid or not is read now). Another park's invoice is not found.
 */

export function invoiceFileName(number: string): string {
  return `facture-${number}.pdf`;
}

/** +237 690000000: the park's phone with its calling code when it lacks one. */
function withCode(phone: string | null, code: string | null): string | null {
  if (!phone) return null;
  if (!code || phone.startsWith('+')) return phone;
  return `${code.startsWith('+') ? code : `+${code}`} ${phone}`;
}

async function readSnapshot(deps: SubscriptionsDeps, parkId: string, invoiceId: string): Promise<InvoiceSnapshot> {
  const invoice = await invoiceOfPark(deps.db, parkId, invoiceId);
  const [park] = await deps.db.select().from(parks).where(eq(parks.id, parkId));
  if (!park) throw new AppError('SUBSCRIPTION_INVOICE_NOT_FOUND');
  const [owner] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.parkId, parkId), eq(profiles.role, 'OWNER'), isNull(profiles.removedAt)))
    .orderBy(asc(profiles.createdAt))
    .limit(1);
  const payin = invoice.status === 'paid' && invoice.paidPayinId
    ? (await deps.db.select({ id: payins.id, providerRef: payins.providerRef }).from(payins).where(eq(payins.id, invoice.paidPayinId)))[0]
    : undefined;
  const now = deps.now();
  const today = parkToday(park.timeZone, now);
  const status: InvoiceSnapshot['status'] =
    invoice.status === 'paid'
      ? { kind: 'paid', paidAt: invoice.paidAt ?? now, payinId: invoice.paidPayinId, providerRef: payin?.providerRef ?? null }
      : invoice.validUntil < today
        ? { kind: 'expired', validUntil: invoice.validUntil }
        : { kind: 'unpaid', validUntil: invoice.validUntil };
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() || null : null;
  return {
    number: invoice.number,
    kindLabel: INVOICE_KIND_LABELS[invoice.kind],
    planLabel: planLabel(invoice.type, invoice.period),
    applicationType: invoice.applicationType,
    vehicleNumber: invoice.vehicleNumber,
    currency: invoice.currency,
    timeZone: park.timeZone,
    createdAt: invoice.createdAt,
    generatedAt: now,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    lines: invoice.lines,
    amount: invoice.amount,
    offer: invoice.offer,
    status,
    // Field by field: the platform's settings also hold the operator's token.
    seller: { legalName: deps.platform.legalName, address: deps.platform.address, email: deps.platform.email, phone: deps.platform.phone, taxId: deps.platform.taxId },
    buyer: {
      name: park.name,
      address: [park.city, countryByIso(park.countryCode)?.name].filter(Boolean).join(', ') || null,
      phone: withCode(park.phone, park.phoneCode),
      ownerName,
      ownerEmail: owner?.email ?? null,
      logo: await logoOf(deps.files, parkId, park.logo),
    },
  };
}

/** Renders; a logo pdfmake cannot read is dropped rather than failing the invoice. */
async function render(s: InvoiceSnapshot): Promise<Buffer> {
  try {
    return await renderPdf(buildInvoicePdf(s));
  } catch (error) {
    if (!s.buyer.logo) throw error;
    return renderPdf(buildInvoicePdf({ ...s, buyer: { ...s.buyer, logo: null } }));
  }
}

export async function invoicePdf(deps: SubscriptionsDeps, parkId: string, invoiceId: string): Promise<{ filename: string; bytes: Uint8Array }> {
  if (!UUID_PATTERN.test(invoiceId)) throw new AppError('SUBSCRIPTION_INVOICE_NOT_FOUND');
  const snapshot = await readSnapshot(deps, parkId, invoiceId);
  return { filename: invoiceFileName(snapshot.number), bytes: await render(snapshot) };
}
