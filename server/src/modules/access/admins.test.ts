import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expandPermissions } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { readOutbox } from '../dev/outbox.service.ts';
import { users } from './access.tables.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';

let parks = 0;
/** Park codes are the name plus 4 random hex digits: distinct names keep many test parks from colliding. */
const uniquePark = (name: string) => `${name} ${++parks}`;

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let roleIds: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark({ name: uniquePark('Parc Admins') });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const list = await ctx.api('GET', '/api/role-name', as(owner));
  roleIds = Object.fromEntries(list.data.map((r: { name: string; id: string }) => [r.name, r.id]));
});
afterAll(() => ctx.close());

const WIRE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const png = TINY_PNG;
const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

/** Contacts nobody has used yet in this test database. */
function fresh() {
  const n = randomBytes(4).readUInt32BE(0).toString().padStart(8, '0').slice(-8);
  return { email: `admin.${n}.${randomBytes(2).toString('hex')}@test.flotte`, phone: `+2377${n}` };
}

function form(fields: [string, string][], image?: { filename: string; content: Buffer }) {
  return formData(fields, image ? [{ field: 'image', type: 'image/png', ...image }] : []);
}

const add = (body: unknown, s: SignedIn = owner, headers?: Record<string, string>) => ctx.api('POST', '/api/admin/add', { ...as(s), body, headers });
const update = (id: string, body: unknown, s: SignedIn = owner) => ctx.api('PUT', `/api/admin/${id}`, { ...as(s), body });
const remove = (profileId: string, s: SignedIn = owner) =>
  ctx.api('DELETE', `/api/park/remove-profile?park_id=${fx.park.id}&profile_id=${profileId}`, as(s));
const list = (query = '', s: SignedIn = owner) => ctx.api('GET', `/api/admin?park_id=${fx.park.id}${query}`, as(s));

/** An administrator (not the owner) who may manage access. */
async function manager() {
  const role = await ctx.api('POST', '/api/role-name/add', { ...as(owner), body: { name: 'Gestion des accès', permissions: ['MANAGE_ACCESS'] } });
  const m = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: [role.data.name] });
  return { ...m, session: await ctx.signIn({ email: m.email, password: m.password, type: 'agent' }) };
}

/** The invited person chooses a password through "Mot de passe oublié ?", then signs in. */
async function claimAndSignIn(email: string, type = 'agent') {
  const sent = await ctx.api('POST', '/api/forgot-password', { body: { email } });
  expect(sent.code).toBe(5000);
  const verified = await ctx.api('POST', '/api/forgot-password-verify-otp', { body: { email, otp: await ctx.latestOtp(email) } });
  expect(verified.code).toBe(5000);
  const reset = await ctx.api('POST', '/api/reset-password', { body: { email, code: verified.data.code, password: 'Invite#2026' } });
  expect(reset.code).toBe(5000);
  return ctx.signIn({ email, password: 'Invite#2026', type });
}

describe('POST /api/admin/add', () => {
  it('creates an account without password, gives it the roles and invites the person by email', async () => {
    const who = fresh();
    const r = await add({ first_name: 'Élodie', last_name: 'Kamga', email: who.email.toUpperCase(), role_ids: [roleIds.Caissier, roleIds['Agent de terrain']] });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Administrateur mis à jour avec succès');
    expect(r.data).toMatchObject({
      id: r.data.profile_id,
      park_id: fx.park.id,
      type: 'agent',
      first_name: 'Élodie',
      last_name: 'Kamga',
      email: who.email,
      phone: null,
      image: null,
      is_owner: false,
      invitation_pending: true,
      roles: [{ id: roleIds['Agent de terrain'], name: 'Agent de terrain' }, { id: roleIds.Caissier, name: 'Caissier' }],
    });
    expect(r.data.created_at).toMatch(WIRE_DATE);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, r.data.user_id));
    expect(user.passwordHash).toBeNull();

    const [invitation] = await readOutbox(ctx.database.db, who.email, 1);
    expect(invitation.channel).toBe('email');
    expect(invitation.text).toContain('Bonjour Élodie');
    expect(invitation.text).toContain(`Awa Ndiaye vous a ajouté comme administrateur du parc ${fx.park.name} sur Flotte.`);
    expect(invitation.text).toContain('« Mot de passe oublié ? »');
    expect(invitation.text).toContain('Connectez-vous en tant que Agent');
    expect(invitation.text).toContain('Ouvrez Flotte (http://localhost:3000/auth/forgot-password)');
    expect(invitation.otp).toBeNull();
  });

  it('reads multipart form data with a photo and role ids as repeated fields, role_ids[] or a JSON array', async () => {
    const a = fresh();
    const repeated = form(
      [['park_id', fx.park.id], ['first_name', 'Moussa'], ['last_name', 'Diallo'], ['phone', `${a.phone.slice(0, 4)} ${a.phone.slice(4)}`], ['email', ''], ['role_ids', roleIds.Caissier], ['role_ids', roleIds.Gestionnaire]],
      { filename: 'moussa.png', content: png },
    );
    const r1 = await add(repeated.body, owner, repeated.headers);
    expect(r1.code).toBe(5000);
    expect(r1.data).toMatchObject({ first_name: 'Moussa', phone: a.phone, email: null, invitation_pending: true });
    expect(r1.data.roles.map((x: { name: string }) => x.name)).toEqual(['Caissier', 'Gestionnaire']);
    expect(r1.data.image).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);
    const photo = await ctx.api('GET', r1.data.image, as(owner));
    expect(photo.status).toBe(200);
    // No email: the invitation goes by SMS.
    const [sms] = await readOutbox(ctx.database.db, a.phone, 1);
    expect(sms.channel).toBe('sms');
    expect(sms.text).toContain('Mot de passe oublié ?');

    const b = fresh();
    const brackets = form([['first_name', 'Fatou'], ['last_name', 'Sow'], ['email', b.email], ['type', 'partner'], ['role_ids[]', roleIds.Caissier], ['role_ids[]', roleIds['Agent de terrain']]]);
    const r2 = await add(brackets.body, owner, brackets.headers);
    expect(r2.code).toBe(5000);
    expect(r2.data).toMatchObject({ type: 'partner' });
    expect(r2.data.roles).toHaveLength(2);

    const c = fresh();
    const json = form([['first_name', 'Jean'], ['last_name', 'Ekotto'], ['email', c.email], ['role_ids', JSON.stringify([roleIds.Gestionnaire])]]);
    const r3 = await add(json.body, owner, json.headers);
    expect(r3.code).toBe(5000);
    expect(r3.data.roles).toEqual([{ id: roleIds.Gestionnaire, name: 'Gestionnaire' }]);
  });

  it('refuses a form naming another park, and an image that is not one', async () => {
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const foreign = form([['park_id', other.park.id], ['first_name', 'Pirate'], ['last_name', 'Pirate'], ['email', fresh().email], ['role_ids', roleIds.Caissier]]);
    const r = await add(foreign.body, owner, foreign.headers);
    expect(r.status).toBe(403);
    expect(r.code).toBe(4034);
    const notImage = form([['first_name', 'Paul'], ['last_name', 'Biya'], ['email', fresh().email], ['role_ids', roleIds.Caissier]], { filename: 'x.png', content: Buffer.from('%PDF-1.4 nope') });
    const bad = await add(notImage.body, owner, notImage.headers);
    expect(bad.status).toBe(415);
    expect((await list()).data.meta.total).toBe(1);
  });

  it("answers each invalid field with the spec's French message", async () => {
    const base = { first_name: 'Aminata', last_name: 'Traoré', email: fresh().email, role_ids: [] as string[] };
    base.role_ids = [roleIds.Caissier];
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const foreignRole = (await ctx.api('GET', '/api/role-name', as(otherOwner))).data[0].id;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, first_name: undefined }, 'Le prénom est requis'],
      [{ ...base, first_name: '  ' }, 'Le prénom est requis'],
      [{ ...base, first_name: 'A' }, 'Le prénom doit contenir au moins 2 caractères'],
      [{ ...base, first_name: 'a'.repeat(51) }, 'Le prénom ne peut pas dépasser 50 caractères'],
      [{ ...base, last_name: undefined }, 'Le nom de famille est requis'],
      [{ ...base, last_name: 'T' }, 'Le nom de famille doit contenir au moins 2 caractères'],
      [{ ...base, last_name: 't'.repeat(51) }, 'Le nom de famille ne peut pas dépasser 50 caractères'],
      [{ ...base, email: undefined }, "L'email ou le numéro de téléphone est requis"],
      [{ ...base, email: 'pas-un-email' }, "Format d'email invalide"],
      [{ ...base, phone: '12345' }, 'Format de numéro de téléphone invalide'],
      [{ ...base, role_ids: undefined }, 'Sélectionnez au moins un rôle'],
      [{ ...base, role_ids: [] }, 'Sélectionnez au moins un rôle'],
      [{ ...base, role_ids: [foreignRole] }, 'Rôle inconnu dans ce parc'],
      [{ ...base, type: 'driver' }, "Type d'administrateur invalide"],
    ];
    for (const [body, message] of cases) {
      const r = await add(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
    }
    const multipart = form([['last_name', 'Traoré'], ['email', base.email], ['role_ids', roleIds.Caissier]]);
    const r = await add(multipart.body, owner, multipart.headers);
    expect(r.status).toBe(400);
    expect(r.data.errors).toContainEqual({ field: 'first_name', message: 'Le prénom est requis' });
    expect((await list()).data.meta.total).toBe(1);
  });

  it('refuses the same person twice, and an email and a phone of two different accounts', async () => {
    const who = fresh();
    expect((await add({ first_name: 'Ali', last_name: 'Baba', email: who.email, role_ids: [roleIds.Caissier] })).code).toBe(5000);
    const twice = await add({ first_name: 'Ali', last_name: 'Baba', email: who.email, role_ids: [roleIds.Gestionnaire] });
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('Cet administrateur existe déjà dans ce parc');
    // The owner is no one's administrator.
    const ownerAgain = await add({ first_name: 'Awa', last_name: 'Ndiaye', email: fx.owner.email, role_ids: [roleIds.Caissier] });
    expect(ownerAgain.status).toBe(409);

    const someone = await ctx.addMember(fx.park.id, { type: 'partner' });
    const split = await add({ first_name: 'Ali', last_name: 'Baba', email: who.email, phone: someone.phone, role_ids: [roleIds.Caissier] });
    expect(split.status).toBe(409);
    expect(split.message).toBe('Cet email et ce téléphone appartiennent à deux comptes différents');
  });

  it('gives an account of another park a profile here, same user, password untouched', async () => {
    const other = await ctx.createPark({ name: uniquePark('Parc Voisin') });
    const r = await add({ first_name: 'Autre', last_name: 'Nom', email: other.owner.email, role_ids: [roleIds.Caissier] });
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ user_id: other.owner.userId, invitation_pending: false, first_name: 'Awa', last_name: 'Ndiaye' });
    const [invitation] = await readOutbox(ctx.database.db, other.owner.email, 1);
    expect(invitation.text).toContain('avec votre mot de passe habituel');
    expect(invitation.text).not.toContain('Mot de passe oublié');

    // The same password opens both: their own park as owner, this one as agent.
    const here = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'agent' });
    expect(here).toMatchObject({ profile_id: r.data.profile_id, park_id: fx.park.id });
    const ownPark = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    expect(ownPark.park_id).toBe(other.park.id);
  });
});

describe('an invited administrator', () => {
  it('signs in through "Mot de passe oublié ?" and holds exactly the permissions of their roles', async () => {
    const who = fresh();
    const added = await add({ first_name: 'Nadia', last_name: 'Mbarga', email: who.email, role_ids: [roleIds.Caissier, roleIds['Agent de terrain']] });
    // No password yet: the ordinary sign-in refuses whatever is typed.
    const blind = await ctx.api('POST', '/api/login', { body: { type: 'agent', credentials: { email: who.email, password: 'Devine#2026' } } });
    expect(blind.status).toBe(401);

    const session = await claimAndSignIn(who.email);
    expect(session).toMatchObject({ profile_id: added.data.profile_id, park_id: fx.park.id });
    const me = await ctx.api('GET', '/api/user', as(session));
    expect(me.data).toMatchObject({ isOwner: false, user_type: 'agent', ets_name: fx.park.name, role_names: ['Agent de terrain', 'Caissier'] });
    const roles = (await ctx.api('GET', '/api/role-name', as(owner))).data.filter((r: { name: string }) => ['Caissier', 'Agent de terrain'].includes(r.name));
    const expected = [...expandPermissions(roles.flatMap((r: { permissions: string[] }) => r.permissions))].sort();
    expect(me.data.permissions).toEqual(expected);

    const after = await list(`&search=${encodeURIComponent(who.email)}`);
    expect(after.data.items[0].invitation_pending).toBe(false);
  });
});

describe('GET /api/admin', () => {
  it('lists the owner first then by last name, pages, and leaves drivers and removed people out', async () => {
    const z = await add({ first_name: 'Zoé', last_name: 'Atangana', email: fresh().email, role_ids: [roleIds.Caissier] });
    await add({ first_name: 'Yves', last_name: 'Zambo', email: fresh().email, role_ids: [roleIds.Caissier] });
    const gone = await add({ first_name: 'Bruno', last_name: 'Mvondo', email: fresh().email, role_ids: [roleIds.Caissier] });
    await remove(gone.data.profile_id);
    await ctx.addMember(fx.park.id, { type: 'driver' });

    const r = await list();
    expect(r.code).toBe(5000);
    expect(r.data.meta).toEqual({ page: 1, itemPerPage: 5, total: 3 });
    expect(r.data.items.map((a: { last_name: string }) => a.last_name)).toEqual(['Ndiaye', 'Atangana', 'Zambo']);
    expect(r.data.items[0]).toMatchObject({ is_owner: true, type: 'proprietaire', roles: [], invitation_pending: false });
    expect(r.data.items[1]).toMatchObject({ id: z.data.id, roles: [{ name: 'Caissier' }] });

    const page2 = await list('&page=2&itemPerPage=2');
    expect(page2.data.meta).toEqual({ page: 2, itemPerPage: 2, total: 3 });
    expect(page2.data.items.map((a: { last_name: string }) => a.last_name)).toEqual(['Zambo']);
  });

  it('searches first and last name, email and phone, whatever the case and accents', async () => {
    const e = fresh();
    const p = fresh();
    await add({ first_name: 'Hélène', last_name: 'Ébodé', email: e.email, role_ids: [roleIds.Caissier] });
    await add({ first_name: 'Marc', last_name: 'Essomba', phone: p.phone, role_ids: [roleIds.Caissier] });
    const names = async (search: string) =>
      (await list(`&search=${encodeURIComponent(search)}`)).data.items.map((a: { first_name: string }) => a.first_name);
    expect(await names('helene')).toEqual(['Hélène']);
    expect(await names('EBODE')).toEqual(['Hélène']);
    expect(await names('Hélène Éb')).toEqual(['Hélène']);
    expect(await names(e.email.slice(0, 12).toUpperCase())).toEqual(['Hélène']);
    expect(await names(p.phone.slice(5, 10))).toEqual(['Marc']);
    expect(await names(`${p.phone.slice(1, 4)} ${p.phone.slice(4)}`)).toEqual(['Marc']);
    expect(await names('ÉBO')).toEqual(['Hélène']);
    expect(await names('ssom')).toEqual(['Marc']);
    expect(await names('%')).toEqual([]);
    expect(await names('personne')).toEqual([]);
  });
});

describe('PUT /api/admin/{id}', () => {
  it('replaces the roles (binding at the next request) and changes names and photo', async () => {
    const who = fresh();
    const added = await add({ first_name: 'Paul', last_name: 'Eto', email: who.email, role_ids: [roleIds.Caissier] });
    const session = await claimAndSignIn(who.email);
    expect((await ctx.api('GET', '/api/user', as(session))).data.permissions).not.toContain('MANAGE_DRIVER_VEHICLE');

    const r = await update(added.data.id, { role_ids: [roleIds.Gestionnaire], first_name: 'Paulin' });
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Administrateur mis à jour avec succès');
    expect(r.data).toMatchObject({ first_name: 'Paulin', last_name: 'Eto', roles: [{ id: roleIds.Gestionnaire, name: 'Gestionnaire' }] });
    expect((await ctx.api('GET', '/api/user', as(session))).data.permissions).toContain('MANAGE_DRIVER_VEHICLE');

    const photo = form([['park_id', fx.park.id], ['last_name', 'Etoundi']], { filename: 'p.png', content: png });
    const withPhoto = await ctx.api('PUT', `/api/admin/${added.data.id}`, { ...as(owner), ...photo });
    expect(withPhoto.data).toMatchObject({ last_name: 'Etoundi', roles: [{ name: 'Gestionnaire' }] });
    expect(withPhoto.data.image).toMatch(/^\/api\/file\//);

    const none = await update(added.data.id, { role_ids: [] });
    expect(none.status).toBe(400);
    expect(none.message).toBe('Sélectionnez au moins un rôle');
  });

  it("changes contacts only while the invitation is pending, and re-sends it there", async () => {
    const first = fresh();
    const second = fresh();
    const added = await add({ first_name: 'Irène', last_name: 'Ngo', email: first.email, role_ids: [roleIds.Caissier] });
    const moved = await update(added.data.id, { email: second.email });
    expect(moved.code).toBe(5000);
    expect(moved.data.email).toBe(second.email);
    const [invitation] = await readOutbox(ctx.database.db, second.email, 1);
    expect(invitation.text).toContain('Mot de passe oublié ?');

    const taken = await update(added.data.id, { phone: fx.owner.phone });
    expect(taken.status).toBe(409);

    await claimAndSignIn(second.email);
    const locked = await update(added.data.id, { email: first.email });
    expect(locked.status).toBe(409);
    expect(locked.message).toBe('Seul le titulaire du compte peut modifier ses coordonnées');
    // Sending the address it already has is not a change.
    expect((await update(added.data.id, { email: second.email, first_name: 'Irma' })).code).toBe(5000);
  });

  it("refuses the owner, and doesn't find an administrator of another park", async () => {
    const r = await update(owner.profile_id, { first_name: 'Pirate' });
    expect(r.status).toBe(403);
    expect(r.message).toBe('Le propriétaire du parc ne peut pas être modifié ici');

    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const member = await ctx.addMember(other.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const s = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const foreign = await update(s.profile_id, { first_name: 'Pirate' });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('Administrateur introuvable');
    const unknown = await update('0190a0e0-0000-7000-8000-000000000000', { first_name: 'Pirate' });
    expect(unknown.status).toBe(404);
  });

  it('moves the profile to another login type and ends its sessions', async () => {
    const who = fresh();
    const added = await add({ first_name: 'Serge', last_name: 'Owona', email: who.email, role_ids: [roleIds.Caissier] });
    const session = await claimAndSignIn(who.email);
    const r = await update(added.data.id, { type: 'partner' });
    expect(r.data.type).toBe('partner');
    expect((await ctx.api('GET', '/api/user', as(session))).status).toBe(401);
    const again = await ctx.signIn({ email: who.email, password: 'Invite#2026', type: 'partner' });
    expect(again.profile_id).toBe(added.data.id);
  });
});

describe('DELETE /api/park/remove-profile', () => {
  it('ends the access at once; adding the person again restores them', async () => {
    const who = fresh();
    const added = await add({ first_name: 'Carine', last_name: 'Abena', email: who.email, role_ids: [roleIds.Caissier] });
    const session = await claimAndSignIn(who.email);
    expect((await ctx.api('GET', '/api/user', as(session))).code).toBe(5000);

    const r = await remove(added.data.profile_id);
    expect(r.code).toBe(5000);
    expect(r.message).toBe('Administrateur supprimé avec succès');
    expect(r.data).toEqual({ profile_id: added.data.profile_id });

    const denied = await ctx.api('GET', '/api/user', as(session));
    expect([401, 403]).toContain(denied.status);
    expect((await ctx.api('GET', '/api/user/profiles', { token: session.token })).status).toBe(401);
    expect((await ctx.api('POST', '/api/refresh-token', { body: { refresh_token: session.refresh_token } })).status).toBe(401);
    const signIn = await ctx.api('POST', '/api/login', { body: { type: 'agent', credentials: { email: who.email, password: 'Invite#2026' } } });
    expect(signIn.status).toBe(403);
    expect((await list()).data.items.map((a: { id: string }) => a.id)).not.toContain(added.data.profile_id);
    expect((await ctx.api('GET', `/api/permissions/profile/permissions/${added.data.profile_id}`, as(owner))).status).toBe(404);
    expect((await remove(added.data.profile_id)).status).toBe(404);
    const role = await ctx.api('GET', `/api/access/role_name/${roleIds.Caissier}`, as(owner));
    expect(role.data.admins_count).toBe(0);

    const back = await add({ first_name: 'Carine', last_name: 'Abena', email: who.email, role_ids: [roleIds.Gestionnaire] });
    expect(back.code).toBe(5000);
    expect(back.data).toMatchObject({ profile_id: added.data.profile_id, user_id: added.data.user_id, invitation_pending: false, roles: [{ name: 'Gestionnaire' }] });
    const restored = await ctx.signIn({ email: who.email, password: 'Invite#2026', type: 'agent' });
    expect(restored.profile_id).toBe(added.data.profile_id);
    expect((await ctx.api('GET', '/api/user', as(restored))).data.role_names).toEqual(['Gestionnaire']);
  });

  it("refuses to remove the owner or oneself, and doesn't find a profile of another park", async () => {
    const m = await manager();
    const owned = await remove(owner.profile_id, m.session);
    expect(owned.status).toBe(403);
    expect(owned.message).toBe('Le propriétaire du parc ne peut pas être retiré');
    const self = await remove(m.session.profile_id, m.session);
    expect(self.status).toBe(409);
    expect(self.message).toBe('Vous ne pouvez pas vous retirer vous-même');
    expect((await ctx.api('GET', '/api/user', as(m.session))).code).toBe(5000);

    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const foreign = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    expect((await remove(foreign.profile_id)).status).toBe(404);
    const mismatch = await ctx.api('DELETE', `/api/park/remove-profile?park_id=${other.park.id}&profile_id=${m.session.profile_id}`, as(owner));
    expect(mismatch.status).toBe(403);
    expect(mismatch.code).toBe(4034);
    const noId = await ctx.api('DELETE', `/api/park/remove-profile?park_id=${fx.park.id}`, as(owner));
    expect(noId.status).toBe(400);
    expect(noId.message).toBe('Identifiant invalide');
  });

  it('lets a non-owner manager add and remove administrators', async () => {
    const m = await manager();
    const added = await add({ first_name: 'Luc', last_name: 'Fouda', email: fresh().email, role_ids: [roleIds.Caissier] }, m.session);
    expect(added.code).toBe(5000);
    const [invitation] = await readOutbox(ctx.database.db, added.data.email, 1);
    expect(invitation.text).toContain('Koffi Mensah vous a ajouté');
    expect((await remove(added.data.profile_id, m.session)).code).toBe(5000);
  });
});
