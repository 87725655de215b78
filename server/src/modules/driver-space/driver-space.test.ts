import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { driverNotifications } from '../gps/gps.tables.ts';
import { payins } from '../payins/payins.tables.ts';
import { insertEntries, insertRecipe, recipeRow, today } from '../recipes/recipes-test-helpers.ts';
import { freshDriverPhone, insertPhoneDriver, signInDriver, type DriverSession } from './driver-space-test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const as = (s: DriverSession) => ({ token: s.token, profileId: s.profileId });
let parks = 0;
async function park() {
  const fx = await ctx.createPark({ name: `Parc Chauffeurs ${++parks}` });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { id: fx.park.id, owner: { token: owner.token, profileId: owner.profile_id } };
}

describe('POST /api/auth/driver/login and verify-otp', () => {
  it('signs a driver in by his phone and a code, then he sets and verifies his 5-digit PIN', async () => {
    const p = await park();
    const d = await insertPhoneDriver(ctx, p.id, { firstName: 'Serge', lastName: 'Mbarga' });
    const login = await ctx.api('POST', '/api/auth/driver/login', { body: { phone: d.phone.replace(/^(\+\d{3})(\d{3})/, '$1 $2 ') } });
    expect(login.status).toBe(200);
    expect(login.message).toBe('Code OTP envoyé avec succès');
    expect(login.data).toMatchObject({ canal_type: 'sms', expires_in: 600 });
    expect(login.data.sent_to).not.toBe(d.phone);
    const otp = await ctx.latestOtp(d.phone);
    const wrong = await ctx.api('POST', '/api/auth/driver/verify-otp', { body: { phone: d.phone, code: login.data.code, otp: otp === '000000' ? '111111' : '000000' } });
    expect(wrong.code).toBe(4221);
    const r = await ctx.api('POST', '/api/auth/driver/verify-otp', { body: { phone: d.phone, code: login.data.code, otp } });
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ user_type: 'driver', park_id: p.id, has_pin_code: false });
    const s = { token: r.data.token, profileId: r.data.profile_id };

    expect((await ctx.api('POST', '/api/update-pin-code', { ...s, body: { code: '24680' } })).code).toBe(5000);
    expect((await ctx.api('POST', '/api/verify-pin-code', { ...s, body: { code: '24680' } })).code).toBe(5000);
    const user = await ctx.api('GET', '/api/user', s);
    expect(user.data).toMatchObject({ user_type: 'driver', has_pin_code: true, first_name: 'Serge', last_name: 'Mbarga', permissions: [] });
    const again = await signInDriver(ctx, d.phone);
    expect(again.hasPin).toBe(true);
    expect(again.profileId).toBe(r.data.profile_id);
  });

  it('answers an unknown phone as a known one, and its code opens nothing', async () => {
    const p = await park();
    const known = await insertPhoneDriver(ctx, p.id);
    const unknownPhone = freshDriverPhone();
    const a = await ctx.api('POST', '/api/auth/driver/login', { body: { phone: known.phone } });
    const b = await ctx.api('POST', '/api/auth/driver/login', { body: { phone: unknownPhone } });
    for (const r of [a, b]) {
      expect(r.status).toBe(200);
      expect(r.message).toBe('Code OTP envoyé avec succès');
      expect(Object.keys(r.data).sort()).toEqual(['canal_type', 'code', 'expires_in', 'sent_to']);
      expect(r.data.canal_type).toBe('sms');
    }
    const v = await ctx.api('POST', '/api/auth/driver/verify-otp', { body: { phone: unknownPhone, code: b.data.code, otp: '123456' } });
    expect(v.code).toBe(4221);
    // The same limit of codes per number, known or not.
    for (const phone of [known.phone, unknownPhone]) {
      await ctx.api('POST', '/api/auth/driver/login', { body: { phone } });
      await ctx.api('POST', '/api/auth/driver/login', { body: { phone } });
      const over = await ctx.api('POST', '/api/auth/driver/login', { body: { phone } });
      expect(over.code, phone).toBe(4292);
    }
  });

  it('sends a new code on request, the same way for an unknown phone', async () => {
    const p = await park();
    const d = await insertPhoneDriver(ctx, p.id);
    const login = await ctx.api('POST', '/api/auth/driver/login', { body: { phone: d.phone } });
    const first = await ctx.latestOtp(d.phone);
    const resent = await ctx.api('POST', '/api/auth/driver/resend-otp', { body: { phone: d.phone, code: login.data.code } });
    expect(resent.code).toBe(5000);
    expect(resent.data.code).toBe(login.data.code);
    const second = await ctx.latestOtp(d.phone);
    if (second !== first) {
      expect((await ctx.api('POST', '/api/auth/driver/verify-otp', { body: { phone: d.phone, code: login.data.code, otp: first } })).code).toBe(4221);
    }
    expect((await ctx.api('POST', '/api/auth/driver/verify-otp', { body: { phone: d.phone, code: login.data.code, otp: second } })).code).toBe(5000);

    const unknown = freshDriverPhone();
    const fake = await ctx.api('POST', '/api/auth/driver/login', { body: { phone: unknown } });
    const fakeResent = await ctx.api('POST', '/api/auth/driver/resend-otp', { body: { phone: unknown, code: fake.data.code } });
    expect(fakeResent.code).toBe(5000);
    expect(Object.keys(fakeResent.data).sort()).toEqual(Object.keys(resent.data).sort());
    expect(fakeResent.data.code).toBe(fake.data.code);

    // The general resend does not take a driver's challenge: it would tell a driver's phone apart.
    await ctx.api('POST', '/api/auth/driver/login', { body: { phone: d.phone } });
    const general = await ctx.api('POST', '/api/resent-otp', { body: { phone: d.phone } });
    const generalUnknown = await ctx.api('POST', '/api/resent-otp', { body: { phone: unknown } });
    expect(general.code).toBe(generalUnknown.code);
    expect(general.message).toBe(generalUnknown.message);
  });

  it('refuses a malformed phone in French', async () => {
    const r = await ctx.api('POST', '/api/auth/driver/login', { body: { phone: '12' } });
    expect(r.status).toBe(400);
    expect(r.data.errors).toContainEqual({ field: 'phone', message: 'Format de numéro de téléphone invalide' });
  });

  it('reuses the account of a person who already has one (an agent who also drives), keeping his agent sign-in', async () => {
    const p = await park();
    const agent = await ctx.addMember(p.id, { type: 'agent', roleNames: [] });
    await insertPhoneDriver(ctx, p.id, { phone: agent.phone });
    const s = await signInDriver(ctx, agent.phone);
    const me = await ctx.api('GET', '/api/driver/me', as(s));
    expect(me.code).toBe(5000);
    const user = await ctx.api('GET', '/api/user', as(s));
    expect(user.data.user_id).toBe(agent.userId);
    const asAgent = await ctx.signIn({ phone: agent.phone, password: agent.password, type: 'agent' });
    // The agent's session can't open the driver space with its agent profile ...
    expect((await ctx.api('GET', '/api/driver/me', { token: asAgent.token, profileId: asAgent.profile_id })).status).toBe(403);
    // ... and the driver's session (a code, no password) can't act as the agent.
    expect((await ctx.api('GET', '/api/driver', { token: s.token, profileId: asAgent.profile_id })).status).toBe(403);
  });
});

describe('the driver space shows the driver only himself', () => {
  it('two drivers of two parks: each reads his own profile, day, planning, debts and notifications', async () => {
    const pa = await park();
    const pb = await park();
    const a = await insertPhoneDriver(ctx, pa.id, { firstName: 'Alain', lastName: 'Atangana' });
    const other = await insertPhoneDriver(ctx, pa.id, { firstName: 'Bruno', lastName: 'Bella' });
    const b = await insertPhoneDriver(ctx, pb.id, { firstName: 'Cyrille', lastName: 'Chi' });
    const vehicle = await insertVehicle(ctx.database.db, pa.id, { registration: `DS-${parks}-A`, label: 'Taxi A' });
    const day = today();
    await insertEntries(ctx, pa.id, vehicle, [{ driverId: a.id, day }, { driverId: other.id, day: '2020-01-01' }]);
    await insertRecipe(ctx, { parkId: pa.id, vehicle }, { driverId: a.id, objective: 1_000_000 });
    await insertRecipe(ctx, { parkId: pa.id, vehicle }, { driverId: other.id, objective: 2_000_000 });
    await insertRecipe(ctx, { parkId: pa.id, vehicle: null }, { driverId: a.id, kind: 'debt', objective: 300_000, day: '2026-01-05' });
    await ctx.database.db.insert(driverNotifications).values([
      { parkId: pa.id, driverId: a.id, title: 'Recette impayée', body: 'Votre recette du jour est impayée.' },
      { parkId: pa.id, driverId: other.id, title: 'Autre', body: 'Pas pour Alain.' },
    ]);

    const sa = await signInDriver(ctx, a.phone);
    const sb = await signInDriver(ctx, b.phone);
    expect(sa.userType).toBe('driver');

    const meA = await ctx.api('GET', '/api/driver/me', as(sa));
    expect(meA.data).toMatchObject({ id: a.id, first_name: 'Alain', phone: a.phone, status: 'active', park: { id: pa.id, currency: 'XAF' } });
    const meB = await ctx.api('GET', '/api/driver/me', as(sb));
    expect(meB.data).toMatchObject({ id: b.id, first_name: 'Cyrille', park: { id: pb.id } });

    const todayA = await ctx.api('GET', '/api/driver/me/today', as(sa));
    expect(todayA.data.date).toBe(day);
    expect(todayA.data.entries).toHaveLength(1);
    expect(todayA.data.entries[0]).toMatchObject({ date: day, driver: { id: a.id }, vehicle: { id: vehicle, label: 'Taxi A' } });
    expect((await ctx.api('GET', '/api/driver/me/today', as(sb))).data.entries).toEqual([]);
    const plan = await ctx.api('GET', '/api/driver/me/planning?days=3', as(sa));
    expect(plan.data.start_date).toBe(day);
    expect(plan.data.entries.map((e: { driver: { id: string } }) => e.driver.id)).toEqual([a.id]);
    expect((await ctx.api('GET', '/api/driver/me/planning?days=60', as(sa))).status).toBe(400);

    const owed = await ctx.api('GET', '/api/driver/me/owed', as(sa));
    expect(owed.code).toBe(5000);
    const recipesOwed = owed.data.items.flatMap((g: { recipes: { driver: { id: string }; kind: string }[] }) => g.recipes);
    expect(recipesOwed.map((r: { kind: string }) => r.kind).sort()).toEqual(['debt', 'expected']);
    expect(recipesOwed.every((r: { driver: { id: string } }) => r.driver.id === a.id)).toBe(true);
    expect(owed.data.total_remaining).toBe(1_300_000);
    expect((await ctx.api('GET', '/api/driver/me/owed', as(sb))).data.items).toEqual([]);
    expect((await ctx.api('GET', '/api/driver/me/paid?page=1', as(sa))).data.items).toEqual([]);
    expect((await ctx.api('GET', '/api/driver/me/salary', as(sa))).data).toEqual([]);

    const notes = await ctx.api('GET', '/api/driver/me/notifications', as(sa));
    expect(notes.data.unread).toBe(1);
    expect(notes.data.items.map((n: { title: string }) => n.title)).toEqual(['Recette impayée']);
    const otherNote = await ctx.database.db.select().from(driverNotifications).where(eq(driverNotifications.driverId, other.id));
    const foreign = await ctx.api('POST', '/api/driver/me/notifications/read', { ...as(sa), body: { ids: [otherNote[0].id] } });
    expect(foreign.data.marked).toBe(0);
    expect((await ctx.api('POST', '/api/driver/me/notifications/read', { ...as(sa), body: {} })).data.marked).toBe(1);
    expect((await ctx.api('GET', '/api/driver/me/notifications', as(sa))).data.unread).toBe(0);

    // Another driver's profile is not his to name.
    expect((await ctx.api('GET', '/api/driver/me', { token: sa.token, profileId: sb.profileId })).code).toBe(4033);
  });

  it('refuses park routes to a driver and the driver space to the park', async () => {
    const p = await park();
    const d = await insertPhoneDriver(ctx, p.id);
    const s = await signInDriver(ctx, d.phone);
    for (const url of ['/api/driver', `/api/driver/${d.id}`, `/api/planning/${p.id}`, '/api/transaction/unpaid/recipes/history', '/api/access-root']) {
      const r = await ctx.api('GET', url, as(s));
      expect(r.status, url).toBe(403);
      expect(r.code, url).toBe(4030);
    }
    const owner = await ctx.api('GET', '/api/driver/me', p.owner);
    expect(owner.status).toBe(403);
  });

  it('closes the space at once when the park deactivates him or changes his phone, and moves it to the new phone', async () => {
    const p = await park();
    const d = await insertPhoneDriver(ctx, p.id);
    const s = await signInDriver(ctx, d.phone);
    expect((await ctx.api('GET', '/api/driver/me', as(s))).code).toBe(5000);

    const newPhone = freshDriverPhone();
    await ctx.database.db.update(drivers).set({ phone: newPhone }).where(eq(drivers.id, d.id));
    expect((await ctx.api('GET', '/api/driver/me', as(s))).status).toBe(403);
    const moved = await signInDriver(ctx, newPhone);
    expect((await ctx.api('GET', '/api/driver/me', as(moved))).data).toMatchObject({ id: d.id, phone: newPhone });
    // The old number's driver profile went with the phone: its sign-in opens nothing now.
    const old = await ctx.api('POST', '/api/auth/driver/login', { body: { phone: d.phone } });
    const oldOtp = await ctx.api('POST', '/api/auth/driver/verify-otp', { body: { phone: d.phone, code: old.data.code, otp: '123456' } });
    expect(oldOtp.code).toBe(4221);

    await ctx.database.db.update(drivers).set({ desactivateAt: new Date() }).where(eq(drivers.id, d.id));
    expect((await ctx.api('GET', '/api/driver/me', as(moved))).status).toBe(403);
  });
});

describe('paying what he owes by mobile money', () => {
  it('starts the validation card for his own recipe, from his phone, and the recipe is paid when the provider confirms', async () => {
    const sims = await ctx.app.payments.collectionSimulators();
    for (const sim of Object.values(sims)) sim.settleAfterMs = null;
    const p = await park();
    const d = await insertPhoneDriver(ctx, p.id);
    const other = await insertPhoneDriver(ctx, p.id);
    const vehicle = await insertVehicle(ctx.database.db, p.id, { registration: `PAY-${parks}`, label: 'Taxi P' });
    const mine = await insertRecipe(ctx, { parkId: p.id, vehicle }, { driverId: d.id, objective: 10_000 });
    const notMine = await insertRecipe(ctx, { parkId: p.id, vehicle }, { driverId: other.id, objective: 5_000 });
    const s = await signInDriver(ctx, d.phone);

    const operators = await ctx.api('GET', '/api/driver/me/operators', as(s));
    expect(operators.data.map((o: { id: number }) => o.id)).toContain(8);
    const refused = await ctx.api('POST', '/api/driver/me/pay', { ...as(s), body: { recette_id: notMine, operator_id: '8' } });
    expect(refused.code).toBe(4430);
    const noOperator = await ctx.api('POST', '/api/driver/me/pay', { ...as(s), body: { recette_id: mine } });
    expect(noOperator.status).toBe(400);

    const r = await ctx.api('POST', '/api/driver/me/pay', { ...as(s), body: { recette_id: mine, amount: 4_000, operator_id: '8' } });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Transaction initiée avec succès');
    const v = r.data.validation;
    expect(v).toMatchObject({ amount: 4_000, status: 'pending' });
    const [row] = await ctx.database.db.select().from(payins).where(eq(payins.id, v.transaction_id));
    expect(row).toMatchObject({ driverId: d.id, phone: d.phone.slice(1) });

    await sims.mtn.complete(v.transaction_id);
    expect((await recipeRow(ctx, mine)).collected).toBe(4_000);
    const checked = await ctx.api('POST', `/api/driver/me/payin/${v.transaction_id}/validated`, as(s));
    expect(checked.data.status).toBe('success');

    // Another driver's pay-in is not his to look at or cancel.
    const os = await signInDriver(ctx, other.phone);
    expect((await ctx.api('POST', `/api/driver/me/payin/${v.transaction_id}/cancel`, as(os))).code).toBe(4470);
  });
});
