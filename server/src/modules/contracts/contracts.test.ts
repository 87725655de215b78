import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES as M } from '@flotte/contract/contracts';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { addProfile, createPark } from '../access/parks.service.ts';
import { memberWith } from '../operations/operations-test-helpers.ts';
import { contractCalls, dayFromToday, driverBody, newDriver, partnerBody, vehicleWithOwner } from './contract-test-helpers.ts';
import { contractInstalments } from './contracts.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parkNo = 0;
const { call, created } = contractCalls(() => ctx, () => owner);
/** Each change also makes a document version ('document' events, the documents module's tests). */
const notDocument = (e: { kind: string }) => e.kind !== 'document';

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Contrats ${++parkNo}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx?.close());

describe('creating a driver contract (hire purchase)', () => {
  it('writes the contract PENDING with its whole schedule, the last instalment taking the remainder', async () => {
    const { vehicleId, ownerId } = await vehicleWithOwner(ctx, fx.park.id);
    const driverId = await newDriver(ctx, fx.park.id);
    const start = '2030-01-31';
    const r = await call('POST', '/api/contract/driver', driverBody(vehicleId, driverId, { start_date: start, clauses: 'Entretien à la charge du chauffeur' }));
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Contrat ajouté avec succès');
    const c = r.data;
    expect(c).toMatchObject({
      number: 1,
      contract_type: 'DRIVER',
      contract_status: 'PENDING',
      total_amount: 1_000_000,
      frequency_amount: 300_000,
      total_paid: 0,
      remaining_amount: 1_000_000,
      overdue_amount: 0,
      next_due_date: start,
      end_date: '2030-04-30',
      instalments_count: 4,
      vehicle: { id: vehicleId },
      vehicle_owner: { id: ownerId, name: 'Mbarga Paul' },
      driver: { id: driverId, name: 'Eric Ndongo' },
      clauses: 'Entretien à la charge du chauffeur',
      can: { sign: true, update: true, cancel: true, regenerate: true, collect: false, pay: false, handover: false },
    });
    expect(c.reference).toMatch(/^C-\d{4}-0001$/);
    expect(c.instalments.map((i: { due_date: string; amount: number; state: string }) => [i.due_date, i.amount, i.state])).toEqual([
      ['2030-01-31', 300_000, 'upcoming'],
      ['2030-02-28', 300_000, 'upcoming'],
      ['2030-03-31', 300_000, 'upcoming'],
      ['2030-04-30', 100_000, 'upcoming'],
    ]);
    // The next contract of the park takes the next number.
    const second = await created('driver', driverBody((await vehicleWithOwner(ctx, fx.park.id)).vehicleId, await newDriver(ctx, fx.park.id, 'Fotso')));
    expect(second.number).toBe(2);
  });

  it('refuses, in French, what can not be made', async () => {
    const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id);
    const driverId = await newDriver(ctx, fx.park.id);
    const refused = async (body: Record<string, unknown>, status: number, message: string, field?: string) => {
      const r = await call('POST', '/api/contract/driver', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.message).toBe(message);
      if (field) expect(r.data.errors[0].field).toBe(field);
    };
    await refused(driverBody(vehicleId, driverId, { total_amount: 1000.5 }), 400, M.totalAmount, 'total_amount');
    await refused(driverBody(vehicleId, driverId, { frequency_amount: 0 }), 400, M.frequencyAmount, 'frequency_amount');
    await refused(driverBody(vehicleId, driverId, { end_date: dayFromToday(30) }), 400, M.totalNotReached, 'end_date');
    await refused(driverBody(vehicleId, driverId, { payment_frequency: 'hourly' }), 400, M.startTime, 'start_time');
    await refused(driverBody('00000000-0000-7000-8000-000000000000', driverId), 404, 'Véhicule introuvable');
    await refused(driverBody(vehicleId, '00000000-0000-7000-8000-000000000000'), 404, 'Chauffeur introuvable');
    await refused(driverBody(vehicleId, driverId, { contract_type_id: 999_999 }), 404, 'Type de contrat introuvable');
    await created('driver', driverBody(vehicleId, driverId));
    await refused(driverBody(vehicleId, await newDriver(ctx, fx.park.id, 'Autre')), 409, 'Ce véhicule a déjà un contrat de ce type en attente ou actif');
    await refused(driverBody((await vehicleWithOwner(ctx, fx.park.id)).vehicleId, driverId), 409, 'Ce chauffeur a déjà un contrat en attente ou actif');
  });
});

describe('creating a partner contract', () => {
  it('pays the vehicle’s owner each period up to the end, the total following', async () => {
    const { vehicleId, ownerId } = await vehicleWithOwner(ctx, fx.park.id);
    const r = await call('POST', '/api/contract/partner', partnerBody(vehicleId, { start_date: '2030-01-15', end_date: '2030-04-20' }));
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Contrat partenaire ajouté avec succès');
    expect(r.data).toMatchObject({ contract_type: 'PARTNER', vehicle_owner: { id: ownerId }, driver: null, total_amount: 600_000, end_date: '2030-04-20', instalments_count: 4 });
    expect(r.data.instalments.map((i: { due_date: string }) => i.due_date)).toEqual(['2030-01-15', '2030-02-15', '2030-03-15', '2030-04-15']);
    // A driver contract on the same vehicle is another type: allowed.
    await created('driver', driverBody(vehicleId, await newDriver(ctx, fx.park.id)));
    const again = await call('POST', '/api/contract/partner', partnerBody(vehicleId));
    expect([again.status, again.message]).toEqual([409, 'Ce véhicule a déjà un contrat de ce type en attente ou actif']);
  });

  it('asks for an owner when the vehicle has none, and refuses another park’s', async () => {
    const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id, { withOwner: false });
    const r = await call('POST', '/api/contract/partner', partnerBody(vehicleId));
    expect([r.status, r.message, r.data.errors[0].field]).toEqual([400, M.owner, 'vehicle_owner_id']);
    const other = await ctx.createPark({ name: 'Parc Voisin' });
    const { ownerId: foreignOwner } = await vehicleWithOwner(ctx, other.park.id);
    const foreign = await call('POST', '/api/contract/partner', partnerBody(vehicleId, { vehicle_owner_id: foreignOwner }));
    expect([foreign.status, foreign.message]).toEqual([404, 'Propriétaire introuvable']);
    const { ownerId } = await vehicleWithOwner(ctx, fx.park.id, { ownerLast: 'Essomba' });
    expect((await created('partner', partnerBody(vehicleId, { vehicle_owner_id: ownerId }))).vehicle_owner?.name).toBe('Essomba Paul');
  });
});

describe('reading contracts', () => {
  it('lists the acting park’s contracts newest first with filters; another park’s contract is not found', async () => {
    const a = await vehicleWithOwner(ctx, fx.park.id);
    const d1 = await newDriver(ctx, fx.park.id);
    const first = await created('driver', driverBody(a.vehicleId, d1));
    const second = await created('partner', partnerBody(a.vehicleId, { start_date: '2031-01-01', end_date: '2031-06-30' }));
    const list = await call('GET', '/api/contract?itemPerPage=10');
    expect(list.code, list.message).toBe(5000);
    expect(list.data.items.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    expect(list.data.meta).toEqual({ page: 1, itemPerPage: 10, total: 2 });
    expect(list.data.items[0].park_id).toBe(fx.park.id);
    const ids = async (q: string) => (await call('GET', `/api/contract?${q}`)).data.items.map((c: { id: string }) => c.id);
    expect(await ids('contract_type=DRIVER')).toEqual([first.id]);
    expect(await ids('contract_status=PENDING')).toEqual([second.id, first.id]);
    expect(await ids('contract_status=ACTIVE')).toEqual([]);
    expect(await ids(`driver_id=${d1}`)).toEqual([first.id]);
    expect(await ids(`vehicle_owner_id=${a.ownerId}`)).toEqual([second.id, first.id]);
    expect(await ids('start_date=2031-07-01')).toEqual([]);
    expect(await ids('end_date=2030-12-31')).toEqual([first.id]);

    const other = await ctx.createPark({ name: 'Parc Autre' });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const b = await vehicleWithOwner(ctx, other.park.id);
    const foreign = await created('partner', partnerBody(b.vehicleId), otherOwner);
    expect((await call('GET', `/api/contract/${foreign.id}`)).status).toBe(404);
    expect((await call('GET', `/api/contract/${foreign.id}/history`)).status).toBe(404);
    expect(await ids('itemPerPage=50')).not.toContain(foreign.id);
  });

  it('shows the owner his contracts across every park he owns, an agent those of the acting park', async () => {
    const second = await createPark(ctx.database.db, { name: 'Second parc', countryCode: 'CM', city: 'Douala', currency: 'XAF' });
    const secondProfile = await addProfile(ctx.database.db, { userId: fx.owner.userId, parkId: second.id, type: 'proprietaire', owner: true });
    const here = await created('partner', partnerBody((await vehicleWithOwner(ctx, fx.park.id)).vehicleId));
    // A contract of the second park, made by the owner acting there.
    const inSecond = await created('partner', partnerBody((await vehicleWithOwner(ctx, second.id)).vehicleId), { ...owner, profile_id: secondProfile.id });
    const ownerList = await call('GET', '/api/contract?itemPerPage=50');
    expect(ownerList.data.items.map((c: { id: string; park_id: string }) => [c.id, c.park_id])).toEqual([
      [inSecond.id, second.id],
      [here.id, fx.park.id],
    ]);
    const agent = await memberWith(ctx, owner, fx.park.id, ['VIEW_CONTRACTS']);
    const agentList = await call('GET', '/api/contract?itemPerPage=50', undefined, agent);
    expect(agentList.data.items.map((c: { id: string }) => c.id)).toEqual([here.id]);
    // The agent reads but may not act.
    const detail = await call('GET', `/api/contract/${here.id}`, undefined, agent);
    expect(detail.data.can).toEqual({ sign: false, update: false, cancel: false, regenerate: false, collect: false, pay: false, handover: false });
    expect((await call('POST', '/api/contract/partner', partnerBody((await vehicleWithOwner(ctx, fx.park.id)).vehicleId), agent)).status).toBe(403);
  });

  it('tells the overdue amount and each instalment’s state from the park’s today', async () => {
    const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id);
    const c = await created('driver', driverBody(vehicleId, await newDriver(ctx, fx.park.id), { start_date: dayFromToday(-40), frequency_amount: 250_000 }));
    const rows = await ctx.database.db.select().from(contractInstalments).where(eq(contractInstalments.contractId, c.id)).orderBy(contractInstalments.seq);
    expect(rows).toHaveLength(4);
    // Pending, it owes nothing yet: nothing reads late before the signature.
    const pending = (await call('GET', `/api/contract/${c.id}`)).data;
    expect(pending.instalments.map((i: { state: string }) => i.state)).toEqual(['upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(pending.overdue_amount).toBe(0);
    const all = (await call('GET', `/api/contract/${c.id}/history`)).data;
    expect(all.map((e: { kind: string }) => e.kind)).toEqual(['document', 'created']);
    expect(pending.documents).toMatchObject([{ version: 1, url: `/api/contract/${c.id}/document/1` }]);
    const history = all.filter(notDocument);
    expect(history).toMatchObject([{ kind: 'created', label: 'Contrat créé', actor: 'Awa Ndiaye', detail: { contract_type: 'DRIVER', total_amount: 1_000_000, instalments: 4 } }]);
    // Signed, what fell due by the park's today is late.
    const signed = (await call('POST', `/api/contract/${c.id}/sign`)).data;
    expect(signed.instalments.map((i: { state: string }) => i.state)).toEqual(['overdue', 'overdue', 'upcoming', 'upcoming']);
    expect(signed.overdue_amount).toBe(500_000);
  });
});

describe('the vehicle’s property contract', () => {
  it('is the pending or active partner contract when there is one, the stored one otherwise', async () => {
    const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id);
    const before = (await call('GET', `/api/vehicle/${vehicleId}`)).data;
    expect(before.property_contract).toBeNull();
    const c = await created('partner', partnerBody(vehicleId, { start_date: '2030-01-15', end_date: '2030-12-31', frequency_amount: 175_000, payment_frequency: 'quarterly' }));
    const during = (await call('GET', `/api/vehicle/${vehicleId}`)).data;
    expect(during.property_contract).toEqual({
      name: `Contrat ${c.reference}`,
      contract_type_id: null,
      start_date: '2030-01-15',
      end_date: '2030-12-31',
      amount: 175_000,
      payment_frequency: 'quarterly',
    });
    await call('POST', `/api/contract/${c.id}/cancel`, { reason: 'Le propriétaire reprend son véhicule' });
    expect((await call('GET', `/api/vehicle/${vehicleId}`)).data.property_contract).toBeNull();
  });
});
