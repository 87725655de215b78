import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { addDriver, as, freshPhone, referenceIds } from './driver-test-helpers.ts';

let parks = 0;
const uniquePark = (name: string) => `${name} ${++parks}`;

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let refs: Awaited<ReturnType<typeof referenceIds>>;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await referenceIds(ctx.database.db);
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: uniquePark('Parc Statuts') });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const WIRE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const driver = (first_name: string, last_name: string, extra: Record<string, unknown> = {}) =>
  addDriver(ctx, owner, { first_name, last_name, phone: freshPhone(), driver_type_id: refs.titulaire, ...extra });
const get = (url: string, s: SignedIn = owner) => ctx.api('GET', url, as(s));
const suspend = (driver_id: string, reason?: string) => ctx.api('POST', '/api/driver/suspended', { ...as(owner), body: { driver_id, reason, park_id: fx.park.id } });
const names = (r: { data: { items: { last_name: string }[] } }) => r.data.items.map((d) => d.last_name);

describe('status transitions', () => {
  it('suspends an active driver with a reason, then lifts the suspension', async () => {
    const d = await driver('Paul', 'Etoa');
    const s = await suspend(d.id, 'Recette non versée');
    expect(s.status).toBe(200);
    expect(s.message).toBe('Chauffeur modifié');
    expect(s.data).toMatchObject({ status: 'suspended', block_reason: 'Recette non versée', desactivate_at: null });
    expect(s.data.blocked_at).toMatch(WIRE_DATE);

    const again = await suspend(d.id);
    expect(again.status).toBe(409);
    expect(again.message).toBe('Ce chauffeur est déjà suspendu');
    expect((await get(`/api/driver/activate/${d.id}`)).message).toBe('Ce chauffeur est suspendu : levez plutôt la suspension');

    const lifted = await get(`/api/driver/remove-suspension/${d.id}`);
    expect(lifted.message).toBe('Chauffeur modifié');
    expect(lifted.data).toMatchObject({ status: 'active', blocked_at: null, block_reason: null });
    const twice = await get(`/api/driver/remove-suspension/${d.id}`);
    expect(twice.status).toBe(409);
    expect(twice.message).toBe("Ce chauffeur n'est pas suspendu");
  });

  it('deactivates a driver (even a suspended one), then activates them back to active', async () => {
    const d = await driver('Paul', 'Etoa');
    await suspend(d.id);
    const off = await get(`/api/driver/deactivate/${d.id}`);
    expect(off.data.status).toBe('deactivated');
    expect(off.data.desactivate_at).toMatch(WIRE_DATE);
    expect((await get(`/api/driver/deactivate/${d.id}`)).message).toBe('Ce chauffeur est déjà désactivé');
    const s = await suspend(d.id);
    expect(s.status).toBe(409);
    expect(s.message).toBe('Un chauffeur désactivé ne peut pas être suspendu');
    expect((await get(`/api/driver/remove-suspension/${d.id}`)).message).toBe('Ce chauffeur est désactivé : activez-le plutôt');

    const on = await get(`/api/driver/activate/${d.id}`);
    expect(on.message).toBe('Chauffeur modifié');
    expect(on.data).toMatchObject({ status: 'active', blocked_at: null, desactivate_at: null, block_reason: null });
    const twice = await get(`/api/driver/activate/${d.id}`);
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('Ce chauffeur est déjà actif');
  });

  it('keeps suspended and deactivated drivers out of the assignable list', async () => {
    const a = await driver('Aline', 'Abena');
    const b = await driver('Bruno', 'Bella');
    const c = await driver('Carine', 'Chantal');
    await suspend(b.id);
    await get(`/api/driver/deactivate/${c.id}`);
    expect(names(await get('/api/driver?can_assign=true&itemPerPage=10'))).toEqual(['Abena']);
    expect(names(await get('/api/driver?itemPerPage=10'))).toEqual(['Abena', 'Bella', 'Chantal']);
    expect(names(await get('/api/driver?status=active'))).toEqual(['Abena']);
    expect(names(await get('/api/driver?status=suspended'))).toEqual(['Bella']);
    expect(names(await get('/api/driver?status=deactivated'))).toEqual(['Chantal']);
    await get(`/api/driver/remove-suspension/${b.id}`);
    await get(`/api/driver/activate/${c.id}`);
    expect(names(await get('/api/driver?can_assign=true&itemPerPage=10'))).toEqual(['Abena', 'Bella', 'Chantal']);
    void a;
    expect((await get('/api/driver?status=gone')).message).toBe('Statut invalide (active, suspended ou deactivated)');
  });

  it('turns withdrawals on and off', async () => {
    const d = await driver('Paul', 'Etoa');
    const on = await ctx.api('PUT', '/api/driver/enable-withdraw', { ...as(owner), body: { status: true, driver_id: d.id, park_id: fx.park.id } });
    expect(on.message).toBe('Chauffeur modifié');
    expect(on.data.enable_withdraw).toBe(true);
    const off = await ctx.api('PUT', '/api/driver/enable-withdraw', { ...as(owner), body: { status: 'false', driver_id: d.id } });
    expect(off.data.enable_withdraw).toBe(false);
  });
});

describe('GET /api/driver: search, filters and pages', () => {
  it('searches names (either order, accents aside), phone and national ID from one character', async () => {
    await driver('Hélène', 'Ékambi', { cni_number: 'AB123456', phone: '+237699001122' });
    await driver('Jean', 'Nkoulou', { cni_number: 'CD987654' });
    await driver('Moussa', 'Traoré', { phone: '+237677445566' });
    expect(names(await get('/api/driver?search=helene'))).toEqual(['Ékambi']);
    expect(names(await get('/api/driver?search=EKAMBI%20HEL'))).toEqual(['Ékambi']);
    expect(names(await get('/api/driver?search=traore'))).toEqual(['Traoré']);
    expect(names(await get('/api/driver?search=99001'))).toEqual(['Ékambi']);
    expect(names(await get('/api/driver?search=677%2044'))).toEqual(['Traoré']);
    expect(names(await get('/api/driver?search=cd98'))).toEqual(['Nkoulou']);
    expect(names(await get('/api/driver?search=j&itemPerPage=10'))).toEqual(['Nkoulou']);
    expect(names(await get('/api/driver?search=zzz'))).toEqual([]);
    expect(names(await get('/api/driver?search=%25'))).toEqual([]);
  });

  it('filters by grade and driver type, and pages by last then first name', async () => {
    await driver('Zoé', 'Atangana', { grade_id: refs.expert });
    await driver('Yves', 'Atangana', { driver_type_id: refs.remplacant });
    await driver('Xavier', 'Biya');
    await driver('Willy', 'Coco');
    await driver('Victor', 'Dikongué');
    const p1 = await get('/api/driver?page=1&itemPerPage=2');
    expect(p1.data.meta).toEqual({ page: 1, itemPerPage: 2, total: 5 });
    expect(p1.data.items.map((d: { first_name: string }) => d.first_name)).toEqual(['Yves', 'Zoé']);
    const p3 = await get('/api/driver?page=3&itemPerPage=2');
    expect(p3.data.items.map((d: { first_name: string }) => d.first_name)).toEqual(['Victor']);
    expect((await get('/api/driver?page=4&itemPerPage=2')).data).toEqual({ items: [], meta: { page: 4, itemPerPage: 2, total: 5 } });
    expect((await get(`/api/driver?grade_id=${refs.expert}`)).data.items.map((d: { first_name: string }) => d.first_name)).toEqual(['Zoé']);
    expect((await get(`/api/driver?driver_type_id=${refs.remplacant}`)).data.items.map((d: { first_name: string }) => d.first_name)).toEqual(['Yves']);
  });

  it('pages a search by name with the total of every match, filters included', async () => {
    await driver('Zoé', 'Mbarga', { grade_id: refs.expert });
    await driver('Yves', 'Mbarga');
    await driver('Paul', 'Ambara');
    await driver('Anne', 'Mbappé');
    await driver('Luc', 'Essomba');
    const first = (r: Awaited<ReturnType<typeof get>>) => r.data.items.map((d: { first_name: string }) => d.first_name);
    const p1 = await get('/api/driver?search=mbar&page=1&itemPerPage=2');
    expect(p1.data.meta).toEqual({ page: 1, itemPerPage: 2, total: 3 });
    expect(first(p1)).toEqual(['Paul', 'Yves']);
    expect(first(await get('/api/driver?search=mbar&page=2&itemPerPage=2'))).toEqual(['Zoé']);
    expect((await get('/api/driver?search=mbar&page=3&itemPerPage=2')).data).toEqual({ items: [], meta: { page: 3, itemPerPage: 2, total: 3 } });
    const graded = await get(`/api/driver?search=mbar&grade_id=${refs.expert}`);
    expect(graded.data.meta.total).toBe(1);
    expect(first(graded)).toEqual(['Zoé']);
  });
});

describe('GET /api/agent', () => {
  it("lists the park's agents, not its other profiles nor another park's", async () => {
    const agent = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    await ctx.addMember(fx.park.id, { type: 'partner', roleNames: [] });
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    await ctx.addMember(other.park.id, { type: 'agent', roleNames: [] });
    const r = await get(`/api/agent?park_id=${fx.park.id}`);
    expect(r.status).toBe(200);
    expect(r.data).toEqual([{ profile_id: expect.any(String), first_name: 'Koffi', last_name: 'Mensah', phone: agent.phone, email: agent.email }]);
    expect((await get(`/api/agent?park_id=${other.park.id}`)).status).toBe(403);
  });
});
