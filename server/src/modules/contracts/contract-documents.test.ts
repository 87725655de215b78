import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { parks } from '../access/access.tables.ts';
import { storeUpload, type FilesDeps } from '../files/files.service.ts';
import { sweepOrphanFiles } from '../files/orphan-sweep.ts';
import { TINY_PNG } from '../../../test/multipart.ts';
import { generateContractDocument } from './contract-documents.service.ts';
import { insertContract } from './contract-documents.test-support.ts';
import { contractCalls, driverBody, newDriver, vehicleWithOwner } from './contract-test-helpers.ts';
import { contractDocuments, contractEvents, contracts } from './contracts.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let files: FilesDeps;
let parkNo = 0;

const deps = () => ({ db: ctx.database.db, files });
const { call, created } = contractCalls(() => ctx, () => owner);
const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });
/** What a person reads, whatever the line breaks. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A real 2x2 PNG (the shared TINY_PNG is only a header, which no image reader accepts). */
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

async function setLogo(content: Buffer) {
  const stored = await storeUpload(files, { parkId: fx.park.id, userId: fx.owner.userId, filename: 'logo.png', content, accept: 'image' });
  await ctx.database.db.update(parks).set({ logo: stored.path }).where(eq(parks.id, fx.park.id));
}

async function download(id: string, version: number, who: SignedIn = owner) {
  return ctx.api('GET', `/api/contract/${id}/document/${version}`, as(who));
}

beforeAll(async () => {
  ctx = await createTestContext();
  files = { db: ctx.database.db, storage: ctx.app.fileStorage, signingKey: ctx.config.jwtSecret };
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Contrats ${++parkNo}` });
  await ctx.database.db
    .update(parks)
    .set({ phone: '+237699001122', legalNotice: 'SARL au capital de 1 000 000 FCFA, RCCM DLA-2026-B-0042' })
    .where(eq(parks.id, fx.park.id));
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx?.close());

describe('the contract document (issue 19 section 2)', () => {
  it('makes version 1 then 2, both downloadable as PDF attachments named after the contract', async () => {
    const c = await insertContract(ctx, fx.park.id, { kind: 'DRIVER' });
    expect(await generateContractDocument(deps(), c.id, owner.profile_id)).toBe(1);
    expect(await generateContractDocument(deps(), c.id, owner.profile_id)).toBe(2);

    const [row] = await ctx.database.db.select({ v: contracts.documentVersion }).from(contracts).where(eq(contracts.id, c.id));
    expect(row.v).toBe(2);
    const events = await ctx.database.db.select().from(contractEvents).where(eq(contractEvents.contractId, c.id));
    expect(events.filter((e) => e.kind === 'document').map((e) => e.detail)).toEqual([{ version: 1 }, { version: 2 }]);
    expect(events[0].actorName).toBe('Awa Ndiaye');

    const year = new Date().getFullYear();
    const ref = `C-${year}-${String(c.number).padStart(4, '0')}`;
    for (const version of [1, 2]) {
      const r = await download(c.id, version);
      expect(r.status).toBe(200);
      expect(r.raw.headers['content-type']).toBe('application/pdf');
      expect(r.raw.headers['content-disposition']).toBe(`attachment; filename="contrat-${ref}-v${version}.pdf"`);
      expect(r.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(flat(await pdfText(r.raw.rawPayload))).toContain(`Contrat ${ref} · version ${version} · page 1 sur`);
    }
  });

  it("prints a driver's hire purchase: parties, vehicle, amounts, schedule, French clauses, legal notice, not signed", async () => {
    const c = await insertContract(ctx, fx.park.id, { kind: 'DRIVER', driverLast: 'Ekambi', clauses: 'Le chauffeur ne sous-loue pas le véhicule.', paid: 250_000 });
    const version = await generateContractDocument(deps(), c.id, owner.profile_id);
    const text = flat(await pdfText((await download(c.id, version)).raw.rawPayload));
    for (const expected of [
      'Contrat de location-vente de véhicule',
      `Parc Contrats ${parkNo}`,
      'Douala, Cameroun',
      'Téléphone : +237699001122',
      'Ekambi Éric',
      'Immatriculation DOC-',
      'Marque Toyota',
      'Modèle Corolla',
      'Numéro de châssis VIN',
      'Prix total du véhicule 1 000 000 XAF',
      'Montant par échéance 250 000 XAF',
      'Fréquence de paiement mensuelle',
      'Déjà payé 250 000 XAF',
      'Reste à payer 750 000 XAF',
      '1 31/01/2026 250 000 XAF Payée',
      '4 30/04/2026 250 000 XAF',
      'Échéance manquée',
      'devient une dette du chauffeur',
      'Transfert de propriété',
      'la propriété du véhicule est transférée au chauffeur',
      'Clauses particulières Le chauffeur ne sous-loue pas le véhicule.',
      'Signatures Non signé',
      'SARL au capital de 1 000 000 FCFA, RCCM DLA-2026-B-0042',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints a partner contract's owner, its clauses and who signed which version", async () => {
    const c = await insertContract(ctx, fx.park.id, { kind: 'PARTNER', ownerLast: 'Fotso', signedBy: { profileId: owner.profile_id, name: 'Awa Ndiaye' } });
    const version = await generateContractDocument(deps(), c.id, owner.profile_id);
    const text = flat(await pdfText((await download(c.id, version)).raw.rawPayload));
    for (const expected of [
      'Contrat de mise à disposition de véhicule',
      'Le propriétaire du véhicule Fotso Paul',
      'Rue Joss, Bonanjo',
      'Montant par période 250 000 XAF',
      'Mise à disposition du véhicule',
      'Paiement par période',
      'Entretien',
      'Assurance',
      'Résiliation',
      'Awa Ndiaye Propriétaire',
      'Version 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Non signé');
  });

  it("answers 404 in French for another park's contract and for a version that does not exist", async () => {
    const c = await insertContract(ctx, fx.park.id, { kind: 'DRIVER' });
    await generateContractDocument(deps(), c.id, owner.profile_id);
    const other = await ctx.createPark({ name: 'Autre parc' });
    const stranger = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const theirs = await download(c.id, 1, stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.message).toBe('Contrat introuvable');
    const missing = await download(c.id, 2);
    expect(missing.status).toBe(404);
    expect(missing.message).toBe("Cette version du document du contrat n'existe pas");
  });

  it('gives concurrent generations distinct versions, each with its own file', async () => {
    const c = await insertContract(ctx, fx.park.id, { kind: 'PARTNER' });
    const versions = await Promise.all([1, 2, 3].map(() => generateContractDocument(deps(), c.id, null)));
    expect([...versions].sort()).toEqual([1, 2, 3]);
    const docs = await ctx.database.db.select().from(contractDocuments).where(eq(contractDocuments.contractId, c.id));
    expect(new Set(docs.map((d) => d.fileId)).size).toBe(3);
    for (const v of [1, 2, 3]) expect(flat(await pdfText((await download(c.id, v)).raw.rawPayload))).toContain(`· version ${v} ·`);
  });

  it("prints the park's logo, and still makes the document when the stored logo cannot be read", async () => {
    await setLogo(png());
    const c = await insertContract(ctx, fx.park.id, { kind: 'PARTNER' });
    const withLogo = (await download(c.id, await generateContractDocument(deps(), c.id, owner.profile_id))).raw.rawPayload;
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    await setLogo(TINY_PNG);
    const without = (await download(c.id, await generateContractDocument(deps(), c.id, owner.profile_id))).raw.rawPayload;
    expect(without.subarray(0, 5).toString()).toBe('%PDF-');
    expect(without.includes('/Subtype /Image')).toBe(false);
  });

  it('keeps every version through the nightly orphan sweep', async () => {
    const c = await insertContract(ctx, fx.park.id, { kind: 'DRIVER' });
    await generateContractDocument(deps(), c.id, owner.profile_id);
    await generateContractDocument(deps(), c.id, owner.profile_id);
    await sweepOrphanFiles({ db: ctx.database.db, storage: ctx.app.fileStorage }, { now: new Date(Date.now() + 3 * 86_400_000) });
    for (const v of [1, 2]) expect((await download(c.id, v)).status).toBe(200);
  });

  it('follows the contract through the API: a version on creation, another on signing that prints who signed the first', async () => {
    const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id);
    const c = await created('driver', driverBody(vehicleId, await newDriver(ctx, fx.park.id, 'Kamga')));
    expect(c.documents.map((d) => d.version)).toEqual([1]);
    const before = flat(await pdfText((await ctx.api('GET', c.documents[0].url, as(owner))).raw.rawPayload));
    expect(before).toContain('Kamga Eric');
    expect(before).toContain('Signatures Non signé');

    const signed = await call('POST', `/api/contract/${c.id}/sign`, {});
    expect(signed.code, signed.message).toBe(5000);
    expect(signed.data.documents.map((d: { version: number }) => d.version)).toEqual([2, 1]);
    const after = flat(await pdfText((await download(c.id, 2)).raw.rawPayload));
    expect(after).toMatch(/Awa Ndiaye Propriétaire \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} Version 1/);
    expect(after).not.toContain('Non signé');
    expect(after).toContain('Statut : Actif');
    // The version signed stays as it was.
    expect(flat(await pdfText((await download(c.id, 1)).raw.rawPayload))).toContain('Non signé');
  });
});
