import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPlainText } from '../../../test/pdf-text.ts';
import { createTestContext, type ParkFixture, type TestContext } from '../../../test/test-context.ts';
import { parks } from '../access/access.tables.ts';
import { storeUpload } from '../files/files.service.ts';
import { payins } from '../payins/payins.tables.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { parkToday } from './subscription-days.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';
import { subscriptionInvoices } from './subscriptions.tables.ts';

/** The subscription invoice's PDF (issue 23): seller, buyer, lines, total, paid or to pay. */
let ctx: TestContext;
let a: ParkFixture;
let b: ParkFixture;
let deps: SubscriptionsDeps;
const NOW = new Date('2026-11-26T10:00:00Z');
let numbered = 900_000;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await ctx.createPark({ name: 'Taxis Awa' });
  b = await ctx.createPark({ name: 'Parc B' });
  await ctx.database.db.update(parks).set({ phone: '690000001', phoneCode: '237' }).where(eq(parks.id, a.park.id));
  deps = {
    ...ctx.app.subscriptions,
    now: () => NOW,
    platform: { token: null, legalName: 'Flotte SAS', address: 'Rue de la Joie, Douala, Cameroun', email: 'facturation@flotte.app', phone: '+237 699 00 00 00', taxId: 'M012345678901A' },
  };
}, 60_000);
afterAll(() => ctx?.close());

/** A real 2x2 PNG (an image reader accepts it, unlike a bare header). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255, 255]);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function invoice(over: Partial<typeof subscriptionInvoices.$inferInsert> = {}): Promise<string> {
  const [row] = await ctx.database.db
    .insert(subscriptionInvoices)
    .values({
      parkId: a.park.id,
      number: `FLT-2026-${++numbered}`,
      kind: 'change',
      type: 'premium',
      applicationType: 'professionnel',
      period: 'monthly',
      vehicleNumber: 12,
      pricePerVehicle: 5500,
      periodStart: '2026-11-26',
      periodEnd: '2026-12-25',
      amount: 51_500,
      currency: 'XAF',
      offer: null,
      lines: [
        { label: 'Premium mensuel, 12 véhicules', quantity: 12, unitPrice: 5500, amount: 66_000 },
        { label: 'Avoir : jours restants du forfait Starter mensuel', quantity: 1, unitPrice: -14_500, amount: -14_500 },
      ],
      validUntil: parkToday('Africa/Douala', NOW),
      createdAt: NOW,
      ...over,
    })
    .returning();
  return row.id;
}

describe('the invoice PDF', () => {
  it('prints the seller, the buyer, the lines, the total and what is left to do', async () => {
    const id = await invoice({ number: 'FLT-2026-000123' });
    const { filename, bytes } = await invoicePdf(deps, a.park.id, id);
    expect(filename).toBe('facture-FLT-2026-000123.pdf');
    const text = await pdfPlainText(bytes);
    for (const part of [
      'Facture N° FLT-2026-000123',
      'Date : 26/11/2026 · Changement de forfait',
      // The seller: the platform.
      'Flotte SAS',
      'Rue de la Joie, Douala, Cameroun',
      'E-mail : facturation@flotte.app',
      'Téléphone : +237 699 00 00 00',
      'N° contribuable : M012345678901A',
      // The buyer: the park and its owner.
      'Taxis Awa',
      'Douala, Cameroun',
      'Téléphone : +237 690000001',
      'Propriétaire : Awa Ndiaye',
      `E-mail : ${a.owner.email}`,
      'Premium mensuel · compte professionnel',
      'Du 26/11/2026 au 25/12/2026',
      'Véhicules couverts 12',
      'Premium mensuel, 12 véhicules 12 5 500 XAF 66 000 XAF',
      'Avoir : jours restants du forfait Starter mensuel 1 -14 500 XAF -14 500 XAF',
      'Total 51 500 XAF',
      'À payer au plus tard le 26/11/2026',
    ]) expect(text).toContain(part);
    expect(text).not.toContain('Payée le');
    expect(text).not.toContain('Référence du paiement');
  });

  it('says paid, when, and by which payment', async () => {
    const [payin] = await ctx.database.db
      .insert(payins)
      .values({ parkId: a.park.id, provider: 'mtn', operatorId: '8', phone: '237670000001', amount: 51_500, currency: 'XAF', status: 'success', providerRef: 'MTN-REF-778899', purpose: { kind: 'recipes', allocations: [] }, expiresAt: NOW })
      .returning();
    const id = await invoice({ status: 'paid', paidAt: new Date('2026-11-26T22:30:00Z'), paidPayinId: payin.id, payinId: payin.id, validUntil: '2026-11-20' });
    const text = await pdfPlainText((await invoicePdf(deps, a.park.id, id)).bytes);
    // 22:30 UTC is 23:30 in Douala: still the 26th there.
    expect(text).toContain('Payée le 26/11/2026');
    expect(text).toContain(`Référence du paiement ${payin.id}`);
    expect(text).toContain("Référence de l'opérateur MTN-REF-778899");
    expect(text).not.toContain('À payer');
  });

  it('says an unpaid quote of an earlier day expired, and leaves out what is not set', async () => {
    const id = await invoice({ validUntil: '2026-11-20', kind: 'subscribe', offer: '2 mois offerts' });
    const bare = { ...deps, platform: { ...deps.platform, phone: null, taxId: null } };
    const text = await pdfPlainText((await invoicePdf(bare, a.park.id, id)).bytes);
    expect(text).toContain('Devis expiré le 20/11/2026');
    expect(text).toContain('Offre 2 mois offerts');
    expect(text).not.toContain('N° contribuable');
    expect(text).not.toContain('+237 699');
  });

  it("refuses another park's invoice, and an id that is none", async () => {
    const id = await invoice();
    await expect(invoicePdf(deps, b.park.id, id)).rejects.toMatchObject({ errorName: 'SUBSCRIPTION_INVOICE_NOT_FOUND', status: 404 });
    await expect(invoicePdf(deps, a.park.id, 'abc')).rejects.toMatchObject({ errorName: 'SUBSCRIPTION_INVOICE_NOT_FOUND' });
    await expect(invoicePdf(deps, a.park.id, '00000000-0000-7000-8000-000000000000')).rejects.toMatchObject({ errorName: 'SUBSCRIPTION_INVOICE_NOT_FOUND' });
  });

  it('is served to the park as a PDF download, and not to another park', async () => {
    const id = await invoice({ number: 'FLT-2026-000777' });
    const ownerA = await ctx.signIn({ email: a.owner.email, password: a.owner.password, type: 'proprietaire' });
    const res = await ctx.api('GET', `/api/subscription/invoice-subscription?invoice_id=${id}`, { token: ownerA.token, profileId: ownerA.profile_id });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('application/pdf');
    expect(res.raw.headers['content-disposition']).toBe('attachment; filename="facture-FLT-2026-000777.pdf"');
    expect(await pdfPlainText(res.raw.rawPayload)).toContain('Facture N° FLT-2026-000777');
    const ownerB = await ctx.signIn({ email: b.owner.email, password: b.owner.password, type: 'proprietaire' });
    const other = await ctx.api('GET', `/api/subscription/invoice-subscription?invoice_id=${id}`, { token: ownerB.token, profileId: ownerB.profile_id });
    expect(other.status).toBe(404);
    expect(other.message).toBe('Facture introuvable');
  });

  it("prints the park's logo when it has one", async () => {
    const id = await invoice();
    const before = Buffer.from((await invoicePdf(deps, a.park.id, id)).bytes);
    expect(before.includes('/Subtype /Image')).toBe(false);
    const stored = await storeUpload(deps.files, { parkId: a.park.id, userId: a.owner.userId, filename: 'logo.png', content: png(), accept: 'image' });
    await ctx.database.db.update(parks).set({ logo: stored.path }).where(eq(parks.id, a.park.id));
    try {
      const after = Buffer.from((await invoicePdf(deps, a.park.id, id)).bytes);
      expect(after.includes('/Subtype /Image')).toBe(true);
      expect(await pdfPlainText(after)).toContain('Taxis Awa');
    } finally {
      await ctx.database.db.update(parks).set({ logo: null }).where(eq(parks.id, a.park.id));
    }
  });
});
