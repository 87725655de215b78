import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, YANGO_MESSAGES } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { YangoSimDriver, YangoSimPark, YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { toWireDate } from '../../platform/dates.ts';
import { readOutbox } from '../dev/outbox.service.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { referenceIds } from '../drivers/driver-test-helpers.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoDriverLinks, yangoLinkChallenges } from './yango.tables.ts';

// Search, import and connect (issue 21 section 2; spec 000 sections 2, 4, 5, 7): the phone cleaned
// and searched on Yango, the code sent to the phone Yango holds, the import in one transaction,
// the connection of an existing driver without a code, one driver per Yango profile and park.

let ctx: TestContext;
let sim: YangoSimulator;
let fx: ParkFixture;
let owner: SignedIn;
let yangoPark: YangoSimPark;
let n = 0;
let titulaire: number;

beforeAll(async () => {
  ctx = await createTestContext();
  sim = (await (ctx.app as unknown as { yango: YangoDeps }).yango.api.simulator())!;
  sim.setRandom429Rate(0);
  titulaire = (await referenceIds(ctx.database.db)).titulaire;
});
// A fresh park (ours and Yango's) per test: codes sent to one address are capped.
beforeEach(async () => {
  n += 1;
  fx = await ctx.createPark({ name: `Parc Yango Lien ${n}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  yangoPark = sim.addPark({ id: `p-link-${process.pid}-${n}`, name: 'Taxi Akwa', city: 'Douala', currency: 'XAF' }, { drivers: 20 });
  const saved = await api('PUT', '/api/yango/connection', { client_id: yangoPark.clientId, yango_park_id: yangoPark.id, api_key: yangoPark.apiKey });
  expect(saved.code, saved.message).toBe(5000);
});
afterAll(() => ctx.close());

function api(method: string, url: string, body?: unknown, who: SignedIn = owner) {
  return ctx.api(method, url, { token: who.token, profileId: who.profile_id, body });
}

/** A driver of the park created through the API (the form's required fields). */
async function newDriver(phone: string, who: SignedIn = owner) {
  const r = await api('POST', '/api/driver', { first_name: 'Paul', last_name: 'Ekambi', phone, driver_type_id: titulaire }, who);
  expect(r.code, r.message).toBe(5000);
  return r.data.id as string;
}

/** A Cameroonian national number (9 digits) nobody used yet, and its E.164 form as Yango holds it. */
function freshNumber() {
  const national = `69${(randomBytes(4).readUInt32BE(0) % 10_000_000).toString().padStart(7, '0')}`;
  return { national, e164: `+237${national}` };
}

function yangoDriver(extra: Partial<YangoSimDriver> = {}) {
  const { national, e164 } = freshNumber();
  const d = sim.addDriver(yangoPark.id, { phone: e164, firstName: 'Moussa', lastName: 'Traoré', balance: 12_500, balanceLimit: 5_000, ...extra });
  return { ...d, national };
}

async function codeFor(yangoId: string, phone = 'ignored') {
  const r = await api('POST', '/api/yango/link-yango-account', { phone, yango_id: yangoId, canal_type: 'sms' });
  expect(r.code, r.message).toBe(5000);
  return r;
}

async function latestCode(to: string) {
  const [item] = await readOutbox(ctx.database.db, to, 1);
  return item?.otp ?? null;
}

const wrongOf = (otp: string) => (otp === '000000' ? '111111' : '000000');

describe('POST /api/yango/verify-yango-account (the search)', () => {
  it('finds the profile by a phone typed any way, with the fields of the spec', async () => {
    const d = yangoDriver();
    const typed = `+237 ${d.national.slice(0, 1)} ${d.national.slice(1, 3)}-${d.national.slice(3, 5)}.${d.national.slice(5, 7)} (${d.national.slice(7)})`;
    const r = await api('POST', '/api/yango/verify-yango-account', { phone: typed });
    expect(r.code, r.message).toBe(5000);
    expect(r.data.items).toEqual([
      {
        yango_id: d.id,
        first_name: 'Moussa',
        last_name: 'Traoré',
        phones: [d.phone],
        status: 'working',
        status_label: 'Actif',
        current_status: expect.any(String),
        park: { id: yangoPark.id, name: 'Taxi Akwa', city: 'Douala' },
        vehicle: null,
        balance: 12_500,
        balance_limit: 5_000,
        currency: 'XAF',
        linked_driver_id: null,
      },
    ]);
    // The national number alone, and with 00 and the calling code, find him too.
    for (const phone of [d.national, `00237${d.national}`, `237${d.national}`]) {
      const again = await api('POST', '/api/yango/verify-yango-account', { phone });
      expect(again.data.items.map((i: { yango_id: string }) => i.yango_id)).toEqual([d.id]);
    }
  });

  it('answers an empty list with the spec’s message when nobody has that phone', async () => {
    const r = await api('POST', '/api/yango/verify-yango-account', { phone: freshNumber().national });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(YANGO_MESSAGES.notFound);
    expect(r.data.items).toEqual([]);
  });

  it('refuses a phone shorter than 8 characters once cleaned', async () => {
    const r = await api('POST', '/api/yango/verify-yango-account', { phone: '+237 69 00 0' });
    expect(r.status).toBe(400);
    expect(r.code).toBe(ErrorCodes.YANGO_PHONE_TOO_SHORT.code);
    expect((await api('POST', '/api/yango/verify-yango-account', {})).status).toBe(400);
  });

  it('says the park is not connected', async () => {
    expect((await api('DELETE', '/api/yango/connection')).code).toBe(5000);
    const r = await api('POST', '/api/yango/verify-yango-account', { phone: freshNumber().national });
    expect(r.code).toBe(ErrorCodes.YANGO_NOT_CONNECTED.code);
  });
});

describe('POST /api/yango/link-yango-account (the code)', () => {
  it('sends the code to the phone Yango holds, never to the typed one, within the sign-in codes’ limits', async () => {
    const d = yangoDriver();
    const typed = freshNumber().e164;
    const r = await codeFor(d.id, typed);
    expect(r.message).toBe(YANGO_MESSAGES.codeSent);
    expect(r.data).toMatchObject({ canal_type: 'sms', expires_in: 600 });
    expect(r.data.sent_to).toBe(`${d.phone.slice(0, 4)}${'*'.repeat(d.phone.length - 7)}${d.phone.slice(-3)}`);
    expect(await latestCode(d.phone)).toMatch(/^\d{6}$/);
    expect(await latestCode(typed)).toBeNull();

    // Resend = a new challenge; the 4th code to the same phone in the window is refused.
    await codeFor(d.id);
    await codeFor(d.id);
    const fourth = await api('POST', '/api/yango/link-yango-account', { phone: typed, yango_id: d.id });
    expect(fourth.status).toBe(429);
    expect(fourth.code).toBe(ErrorCodes.OTP_SEND_LIMIT.code);
    expect(await readOutbox(ctx.database.db, d.phone)).toHaveLength(3);
  });

  it('refuses an unknown profile', async () => {
    const r = await api('POST', '/api/yango/link-yango-account', { phone: '0600000000', yango_id: 'no-such-profile' });
    expect(r.status).toBe(404);
    expect(r.code).toBe(ErrorCodes.YANGO_ACCOUNT_NOT_FOUND.code);
  });
});

describe('POST /api/yango/verify-otp-yango-account (the import)', () => {
  it('imports the driver and his link once with the right code', async () => {
    const d = yangoDriver({ firstName: 'Awa', lastName: 'Koné' });
    const sent = await codeFor(d.id);
    const otp = (await latestCode(d.phone))!;
    const body = { yango_id: d.id, code: sent.data.code, otp, collect_time: '07:30', use_yango_recipe: true };
    const r = await api('POST', '/api/yango/verify-otp-yango-account', body);
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(YANGO_MESSAGES.imported);
    expect(r.data.yango_profile).toMatchObject({ yango_id: d.id, use_yango_recipe: true, collect_time: '07:30' });

    // A normal driver of the park: his names and the Yango phone, and his link in his details.
    const driver = await api('GET', `/api/driver/${r.data.driver_id}`);
    expect(driver.data).toMatchObject({ first_name: 'Awa', last_name: 'Koné', phone: d.phone, status: 'active', driver_type_id: titulaire });
    expect(driver.data.yango_profile).toMatchObject({ yango_id: d.id, use_yango_recipe: true, collect_time: '07:30', linked_at: r.data.yango_profile.linked_at });
    const list = await api('GET', '/api/driver');
    expect(list.data.items.find((i: { id: string }) => i.id === r.data.driver_id).yango_profile).toMatchObject({ yango_id: d.id });
    const [link] = await ctx.database.db.select().from(yangoDriverLinks).where(eq(yangoDriverLinks.driverId, r.data.driver_id));
    expect(link).toMatchObject({ parkId: fx.park.id, linkedBy: owner.profile_id, recipesSince: toWireDate(new Date()).slice(0, 10) });

    // The same code again: spent.
    const again = await api('POST', '/api/yango/verify-otp-yango-account', body);
    expect(again.code).toBe(ErrorCodes.YANGO_CODE_EXPIRED.code);
    expect(await ctx.database.db.select().from(drivers).where(eq(drivers.parkId, fx.park.id))).toHaveLength(1);
    // The search now names his driver.
    const found = await api('POST', '/api/yango/verify-yango-account', { phone: d.national });
    expect(found.data.items[0].linked_driver_id).toBe(r.data.driver_id);
    // And asking a code for a linked profile is refused.
    expect((await api('POST', '/api/yango/link-yango-account', { phone: d.phone, yango_id: d.id })).code).toBe(ErrorCodes.YANGO_PROFILE_ALREADY_LINKED.code);
  });

  it('replays a retried import (Idempotency-Key) instead of refusing the spent code', async () => {
    const d = yangoDriver();
    const sent = await codeFor(d.id);
    const body = { yango_id: d.id, code: sent.data.code, otp: (await latestCode(d.phone))! };
    const send = () => ctx.api('POST', '/api/yango/verify-otp-yango-account', { token: owner.token, profileId: owner.profile_id, body, headers: { 'idempotency-key': `import-${sent.data.code}` } });
    const first = await send();
    expect(first.code, first.message).toBe(5000);
    const retry = await send();
    expect(retry.code, retry.message).toBe(5000);
    expect(retry.data.driver_id).toBe(first.data.driver_id);
    expect(await ctx.database.db.select().from(drivers).where(eq(drivers.parkId, fx.park.id))).toHaveLength(1);
  });

  it('counts wrong codes, says how many tries are left, and locks after 5', async () => {
    const d = yangoDriver();
    const sent = await codeFor(d.id);
    const otp = (await latestCode(d.phone))!;
    const body = { yango_id: d.id, code: sent.data.code, otp: wrongOf(otp) };
    for (let left = 4; left >= 1; left--) {
      const r = await api('POST', '/api/yango/verify-otp-yango-account', body);
      expect(r.status).toBe(400);
      expect(r.code).toBe(ErrorCodes.YANGO_CODE_INVALID.code);
      expect(r.message).toBe(`Code OTP incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`);
      expect(r.data).toEqual({ attempts_left: left });
    }
    expect((await api('POST', '/api/yango/verify-otp-yango-account', body)).code).toBe(ErrorCodes.YANGO_CODE_LOCKED.code);
    // Even the right code no longer opens it.
    const right = await api('POST', '/api/yango/verify-otp-yango-account', { ...body, otp });
    expect(right.code).toBe(ErrorCodes.YANGO_CODE_LOCKED.code);
    expect(await ctx.database.db.select().from(drivers).where(eq(drivers.parkId, fx.park.id))).toHaveLength(0);
  });

  it('refuses an expired code, another profile’s and an unknown one', async () => {
    const d = yangoDriver();
    const other = yangoDriver();
    const sent = await codeFor(d.id);
    const otp = (await latestCode(d.phone))!;
    const wrongProfile = await api('POST', '/api/yango/verify-otp-yango-account', { yango_id: other.id, code: sent.data.code, otp });
    expect(wrongProfile.status).toBe(404);
    const unknown = await api('POST', '/api/yango/verify-otp-yango-account', { yango_id: d.id, code: 'not-a-challenge', otp });
    expect(unknown.status).toBe(404);
    await ctx.database.db.update(yangoLinkChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(yangoLinkChallenges.id, sent.data.code));
    const expired = await api('POST', '/api/yango/verify-otp-yango-account', { yango_id: d.id, code: sent.data.code, otp });
    expect(expired.status).toBe(400);
    expect(expired.code).toBe(ErrorCodes.YANGO_CODE_EXPIRED.code);
  });

  it('refuses a phone a driver of the park already has, however it was typed', async () => {
    const d = yangoDriver();
    // The park’s driver typed it without the +.
    await newDriver(`237${d.national}`);
    const sent = await codeFor(d.id);
    const otp = (await latestCode(d.phone))!;
    const r = await api('POST', '/api/yango/verify-otp-yango-account', { yango_id: d.id, code: sent.data.code, otp });
    expect(r.status).toBe(409);
    expect(r.code).toBe(ErrorCodes.YANGO_PHONE_TAKEN.code);
    // Nothing spent: the challenge stays open for a retry once the phone is sorted out.
    const [challenge] = await ctx.database.db.select().from(yangoLinkChallenges).where(eq(yangoLinkChallenges.id, sent.data.code));
    expect(challenge.consumedAt).toBeNull();
    expect(await ctx.database.db.select().from(yangoDriverLinks).where(eq(yangoDriverLinks.parkId, fx.park.id))).toHaveLength(0);
  });

  it('does not reach another park’s challenge', async () => {
    const d = yangoDriver();
    const sent = await codeFor(d.id);
    const otp = (await latestCode(d.phone))!;
    const fxB = await ctx.createPark({ name: `Parc Yango Autre ${n}` });
    const ownerB = await ctx.signIn({ email: fxB.owner.email, password: fxB.owner.password, type: 'proprietaire' });
    const r = await api('POST', '/api/yango/verify-otp-yango-account', { yango_id: d.id, code: sent.data.code, otp }, ownerB);
    expect(r.status).toBe(404);
    const [challenge] = await ctx.database.db.select().from(yangoLinkChallenges).where(eq(yangoLinkChallenges.id, sent.data.code));
    expect(challenge).toMatchObject({ attempts: 0, consumedAt: null });
  });
});

describe('POST /api/yango/connect-yango-profile (connect without a code)', () => {
  const parkDriver = () => newDriver(freshNumber().e164);

  it('connects an existing driver, once each way', async () => {
    const d = yangoDriver();
    const driverId = await parkDriver();
    const r = await api('POST', '/api/yango/connect-yango-profile', { yango_id: d.id, driver_id: driverId });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(YANGO_MESSAGES.connected);
    expect(r.data).toMatchObject({ driver_id: driverId, yango_profile: { yango_id: d.id, collect_time: '09:00', use_yango_recipe: false } });
    expect(await readOutbox(ctx.database.db, d.phone)).toHaveLength(0);

    // The same profile to another driver, another profile to the same driver: both refused.
    const second = await parkDriver();
    const sameProfile = await api('POST', '/api/yango/connect-yango-profile', { yango_id: d.id, driver_id: second });
    expect(sameProfile.code).toBe(ErrorCodes.YANGO_PROFILE_ALREADY_LINKED.code);
    const sameDriver = await api('POST', '/api/yango/connect-yango-profile', { yango_id: yangoDriver().id, driver_id: driverId });
    expect(sameDriver.code).toBe(ErrorCodes.YANGO_DRIVER_ALREADY_LINKED.code);
  });

  it('refuses a profile Yango does not know, and another park’s driver as not found', async () => {
    const driverId = await parkDriver();
    const unknown = await api('POST', '/api/yango/connect-yango-profile', { yango_id: 'no-such-profile', driver_id: driverId });
    expect(unknown.code).toBe(ErrorCodes.YANGO_ACCOUNT_NOT_FOUND.code);

    const fxB = await ctx.createPark({ name: `Parc Yango B ${n}` });
    const ownerB = await ctx.signIn({ email: fxB.owner.email, password: fxB.owner.password, type: 'proprietaire' });
    const driverOfB = await newDriver(freshNumber().e164, ownerB);
    const r = await api('POST', '/api/yango/connect-yango-profile', { yango_id: yangoDriver().id, driver_id: driverOfB });
    expect(r.status).toBe(404);
    expect(r.code).toBe(ErrorCodes.DRIVER_NOT_FOUND.code);
    expect((await api('POST', '/api/yango/connect-yango-profile', { yango_id: 'x', driver_id: 'not-a-uuid' })).code).toBe(ErrorCodes.DRIVER_NOT_FOUND.code);
    expect(await ctx.database.db.select().from(yangoDriverLinks).where(eq(yangoDriverLinks.driverId, driverOfB))).toHaveLength(0);
  });

  it('refuses a collect time out of 00:00-23:59 in the envelope', async () => {
    const r = await api('POST', '/api/yango/connect-yango-profile', { yango_id: yangoDriver().id, driver_id: await parkDriver(), collect_time: '25:00' });
    expect(r.status).toBe(400);
    expect(r.data.errors[0].field).toBe('collect_time');
  });
});

describe('PUT and DELETE /api/yango/driver/{driver_id}', () => {
  it('edits the options (switching the Yango recipe on starts today) and unlinks', async () => {
    const d = yangoDriver();
    const driverId = await newDriver(freshNumber().e164);
    expect((await api('POST', '/api/yango/connect-yango-profile', { yango_id: d.id, driver_id: driverId })).code).toBe(5000);
    await ctx.database.db.update(yangoDriverLinks).set({ recipesSince: '2020-01-01' }).where(eq(yangoDriverLinks.driverId, driverId));

    const keepOff = await api('PUT', `/api/yango/driver/${driverId}`, { collect_time: '18:15', use_yango_recipe: false });
    expect(keepOff.code, keepOff.message).toBe(5000);
    expect(keepOff.data).toMatchObject({ yango_id: d.id, collect_time: '18:15', use_yango_recipe: false });
    const since = async () => (await ctx.database.db.select().from(yangoDriverLinks).where(eq(yangoDriverLinks.driverId, driverId)))[0].recipesSince;
    expect(await since()).toBe('2020-01-01');
    const on = await api('PUT', `/api/yango/driver/${driverId}`, { collect_time: '18:15', use_yango_recipe: true });
    expect(on.data.use_yango_recipe).toBe(true);
    expect(await since()).toBe(toWireDate(new Date()).slice(0, 10));

    const off = await api('DELETE', `/api/yango/driver/${driverId}`);
    expect(off.code, off.message).toBe(5000);
    expect(off.message).toBe(YANGO_MESSAGES.disconnected);
    expect((await api('GET', `/api/driver/${driverId}`)).data).toMatchObject({ id: driverId, yango_profile: null });
    expect((await api('DELETE', `/api/yango/driver/${driverId}`)).code).toBe(ErrorCodes.YANGO_DRIVER_NOT_LINKED.code);
    expect((await api('PUT', `/api/yango/driver/${driverId}`, { collect_time: '09:00', use_yango_recipe: false })).status).toBe(404);
  });
});
