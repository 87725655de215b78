import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { profiles, roles } from '../access/access.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { DEFAULT_ROLES } from '../access/default-roles.ts';
import { addRole, formData, png } from './park-test-helpers.ts';
import { registerResetOption } from './reset-registry.ts';

let ctx: TestContext;
let fx: ParkFixture;
let s: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  fx = await ctx.createPark({ name: 'Parc à remettre à zéro' });
  s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  // Setting the PIN also verifies it for this session.
  expect((await ctx.api('POST', '/api/update-pin-code', { token: s.token, body: { code: '24680' } })).code).toBe(5000);
});

const as = (who: SignedIn = s) => ({ token: who.token, profileId: who.profile_id });
const reset = (options: unknown, who: SignedIn = s, parkId = who.park_id) =>
  ctx.api('PUT', `/api/park/reset/${parkId}`, { ...as(who), body: { options } });
const roleNames = async (parkId: string) =>
  (await ctx.database.db.select({ name: roles.name }).from(roles).where(eq(roles.parkId, parkId))).map((r) => r.name).sort();

describe('GET /api/park/reset-options', () => {
  it("lists what a reset can wipe, in run order, to who holds RESET_ACCOUNT", async () => {
    const r = await ctx.api('GET', '/api/park/reset-options', as());
    expect(r.code).toBe(5000);
    const codes = r.data.map((o: { code: string }) => o.code).filter((c: string) => ['administrators', 'roles', 'files'].includes(c));
    expect(codes).toEqual(['administrators', 'roles', 'files']);
    expect(r.data[0]).toEqual({ code: 'administrators', label: 'Administrateurs', description: expect.stringContaining('sauf le propriétaire') });

    const cashier = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    const refused = await ctx.api('GET', '/api/park/reset-options', as(sc));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(4030);
  });
});

describe('PUT /api/park/reset/{parkID}', () => {
  it('needs the PIN verified on this session: refused before, done after POST /api/verify-pin-code', async () => {
    const fresh = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    const before = await reset(['roles'], fresh);
    expect(before.status).toBe(403);
    expect(before.code).toBe(4031);
    expect(before.message).toBe("Vérification d'identité requise : entrez votre code PIN.");

    expect((await ctx.api('POST', '/api/verify-pin-code', { token: fresh.token, body: { code: '24680' } })).code).toBe(5000);
    const after = await reset(['roles'], fresh);
    expect(after.code).toBe(5000);
    expect(after.message).toBe('Compte réinitialisé avec succès');
    expect(after.data).toEqual({ reset: ['roles'] });
  });

  it('administrators: removes every administrator but the owner, who keeps working; drivers stay', async () => {
    const cashier = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    const driver = await ctx.addMember(fx.park.id, { type: 'driver' });

    const r = await reset(['administrators']);
    expect(r.data).toEqual({ reset: ['administrators'] });
    expect((await ctx.api('GET', '/api/user', as(sc))).status).toBe(401);
    const login = await ctx.api('POST', '/api/login', { body: { type: 'agent', credentials: { email: cashier.email, password: cashier.password } } });
    expect(login.code).toBe(4036);
    const [driverProfile] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, driver.userId));
    expect(driverProfile.removedAt).toBeNull();
    expect((await ctx.api('GET', '/api/user', as())).data.isOwner).toBe(true);
  });

  it('roles: restores the default roles and takes every role away from the administrators', async () => {
    await addRole(ctx, fx.park.id, 'Comptable', ['READ_FINANCE']);
    await ctx.database.db.update(roles).set({ permissions: ['MANAGE_ACCESS'] }).where(and(eq(roles.parkId, fx.park.id), eq(roles.name, 'Caissier')));
    const accountant = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Comptable', 'Caissier'] });
    const sa = await ctx.signIn({ email: accountant.email, password: accountant.password, type: 'agent' });
    expect((await ctx.api('GET', '/api/user', as(sa))).data.role_names).toEqual(['Caissier', 'Comptable']);

    expect((await reset(['roles'])).code).toBe(5000);
    expect(await roleNames(fx.park.id)).toEqual(DEFAULT_ROLES.map((r) => r.name).sort());
    const [cashierRole] = await ctx.database.db.select().from(roles).where(eq(roles.parkId, fx.park.id)).then((rows) => rows.filter((r) => r.name === 'Caissier'));
    expect(cashierRole.permissions).toEqual(DEFAULT_ROLES.find((r) => r.name === 'Caissier')!.permissions);
    const me = await ctx.api('GET', '/api/user', as(sa));
    expect(me.data.role_names).toEqual([]);
    expect(me.data.permissions).toEqual([]);
  });

  it("files: deletes uploaded files, on disk too, but keeps the logo and people's photos", async () => {
    const upload = formData({}, [{ field: 'file', filename: 'facture.png', content: png }]);
    const doc = await ctx.api('POST', '/api/file/upload', { ...as(), ...upload });
    const logoForm = formData({}, [{ field: 'logo', filename: 'logo.png', content: png }]);
    const { data: park } = await ctx.api('PUT', `/api/park/${fx.park.id}`, { ...as(), ...logoForm });
    const photoForm = formData({}, [{ field: 'image', filename: 'moi.png', content: png }]);
    expect((await ctx.api('PUT', `/api/profile/${s.profile_id}`, { token: s.token, ...photoForm })).code).toBe(5000);
    const docOnDisk = path.join(ctx.config.dataDir, 'uploads', fx.park.id, `${doc.data.id}.png`);
    expect(existsSync(docOnDisk)).toBe(true);

    expect((await reset(['files'])).data).toEqual({ reset: ['files'] });
    expect((await ctx.api('GET', doc.data.path, as())).status).toBe(404);
    expect(existsSync(docOnDisk)).toBe(false);
    expect((await ctx.api('GET', park.logo, as())).raw.rawPayload.equals(png)).toBe(true);
    const me = await ctx.api('GET', '/api/user', as());
    expect((await ctx.api('GET', me.data.image, as())).status).toBe(200);
  });

  it('files: keeps what the park still shows (a vehicle photo) until the vehicle itself is reset', async () => {
    const upload = formData({}, [{ field: 'file', filename: 'voiture.png', content: png }]);
    const photo = await ctx.api('POST', '/api/file/upload', { ...as(), ...upload });
    await ctx.database.db.insert(vehicles).values({
      parkId: fx.park.id, vehicleTypeId: 1, brandId: 1, modelId: 1, colorId: 1, registrationNumber: 'LT-777-ZZ', images: [photo.data.path],
    });

    expect((await reset(['files'])).code).toBe(5000);
    expect((await ctx.api('GET', photo.data.path, as())).status).toBe(200);

    expect((await reset(['vehicles', 'files'])).data).toEqual({ reset: ['vehicles', 'files'] });
    expect((await ctx.api('GET', photo.data.path, as())).status).toBe(404);
  });

  it("runs the chosen options in registry order, including a later module's, all in one transaction", async () => {
    const ran: string[] = [];
    registerResetOption({ code: 'test-between', label: 'Test', description: 'Entre les deux', order: 15, reset: async () => void ran.push('test-between') });
    registerResetOption({
      code: 'test-failing',
      label: 'Test',
      description: 'Échoue',
      order: 99,
      reset: async () => {
        throw new Error('boom');
      },
    });
    const listed = (await ctx.api('GET', '/api/park/reset-options', as())).data.map((o: { code: string }) => o.code);
    expect(listed.indexOf('test-between')).toBe(listed.indexOf('administrators') + 1);

    const r = await reset(['files', 'test-between', 'administrators', 'roles', 'roles']);
    expect(r.data).toEqual({ reset: ['administrators', 'test-between', 'roles', 'files'] });
    expect(ran).toEqual(['test-between']);

    await addRole(ctx, fx.park.id, 'Comptable', ['READ_FINANCE']);
    const failed = await reset(['roles', 'test-failing']);
    expect(failed.status).toBe(500);
    expect(await roleNames(fx.park.id)).toContain('Comptable');
  });

  it('says what is wrong with the choice', async () => {
    for (const options of [[], undefined]) {
      const r = await reset(options);
      expect(r.status).toBe(400);
      expect(r.message).toBe('Sélectionnez au moins un élément à réinitialiser');
    }
    await addRole(ctx, fx.park.id, 'Comptable', ['READ_FINANCE']);
    const unknown = await reset(['roles', 'vehicules']);
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('Élément à réinitialiser inconnu : vehicules');
    expect(await roleNames(fx.park.id)).toContain('Comptable');
  });

  it("refuses a member without RESET_ACCOUNT, and another park's id", async () => {
    const cashier = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    await ctx.api('POST', '/api/update-pin-code', { token: sc.token, body: { code: '13579' } });
    const refused = await reset(['roles'], sc);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(4030);

    const other = await ctx.createPark({ name: 'Autre parc' });
    const r = await reset(['roles'], s, other.park.id);
    expect(r.status).toBe(403);
    expect(r.code).toBe(4034);
  });
});
