import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { addRole, formData, png } from './park-test-helpers.ts';

let ctx: TestContext;
let fx: ParkFixture;
let s: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  fx = await ctx.createPark({ name: 'Taxis du Wouri' });
  s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});

const as = (who: SignedIn = s) => ({ token: who.token, profileId: who.profile_id });
const put = (body: unknown, who: SignedIn = s) => ctx.api('PUT', `/api/park/${who.park_id}`, { ...as(who), body });

describe('GET /api/park/{park_id}', () => {
  it("answers the park's company data to any of its members", async () => {
    const r = await ctx.api('GET', `/api/park/${fx.park.id}`, as());
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({
      id: fx.park.id,
      name: 'Taxis du Wouri',
      country_code: 'CM',
      city: 'Douala',
      currency: 'XAF',
      time_zone: 'Africa/Douala',
      logo: null,
      logo_url: null,
      operations_need_confirmation: false,
    });
    expect(r.data.code).toMatch(/^TAXIS-DU-WOURI-/);

    const cashier = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    expect((await ctx.api('GET', `/api/park/${fx.park.id}`, as(sc))).data.name).toBe('Taxis du Wouri');
  });

  it("refuses another park's id", async () => {
    const other = await ctx.createPark({ name: 'Autre parc' });
    const r = await ctx.api('GET', `/api/park/${other.park.id}`, as());
    expect(r.status).toBe(403);
    expect(r.code).toBe(4034);
  });
});

describe('PUT /api/park/{park_id}', () => {
  it('changes the fields given, leaves the others, and answers the park as it now is', async () => {
    const r = await put({
      name: '  Flotte Abidjan  ',
      country_code: 'ci',
      city: 'Abidjan',
      currency: 'XOF',
      time_zone: 'Africa/Abidjan',
      phone: '+225 07 08 09 10 11',
      legal_notice: 'SARL au capital de 1 000 000 FCFA',
      operations_need_confirmation: true,
    });
    expect(r.code).toBe(5000);
    expect(r.message).toBe("Données de l'entreprise mises à jour.");
    expect(r.data).toMatchObject({
      name: 'Flotte Abidjan',
      country_code: 'CI',
      phone_code: '225',
      city: 'Abidjan',
      currency: 'XOF',
      time_zone: 'Africa/Abidjan',
      phone: '+2250708091011',
      legal_notice: 'SARL au capital de 1 000 000 FCFA',
      operations_need_confirmation: true,
    });
    const again = await put({ city: 'Yamoussoukro' });
    expect(again.data).toMatchObject({ name: 'Flotte Abidjan', city: 'Yamoussoukro', currency: 'XOF' });
    const me = await ctx.api('GET', '/api/user', as());
    expect(me.data.ets_name).toBe('Flotte Abidjan');
    expect(me.data.parks[0]).toMatchObject({ currency: 'XOF', time_zone: 'Africa/Abidjan' });
  });

  it('empties the optional fields named in clear (blank values are cleaned out, so they keep theirs)', async () => {
    await put({ city: 'Douala', phone: '+237699001122', legal_notice: 'SARL' });
    const blank = await put({ city: '', phone: null, legal_notice: 'Unknown' });
    expect(blank.data).toMatchObject({ city: 'Douala', phone: '+237699001122', legal_notice: 'SARL' });

    const cleared = await put({ name: 'Wouri Cabs', clear: ['city', 'legal_notice'] });
    expect(cleared.code).toBe(5000);
    expect(cleared.data).toMatchObject({ name: 'Wouri Cabs', city: null, legal_notice: null, phone: '+237699001122' });

    // Form data carries the list as a JSON string, or a comma list.
    const { body, headers } = formData({ park_id: fx.park.id, clear: '["phone"]' }, [{ field: 'logo', filename: 'logo.png', content: png }]);
    const multipart = await ctx.api('PUT', `/api/park/${fx.park.id}`, { ...as(), body, headers });
    expect(multipart.data).toMatchObject({ phone: null, name: 'Wouri Cabs' });
    expect(multipart.data.logo).toMatch(/^\/api\/file\//);

    const cases: [unknown, string, string][] = [
      [{ clear: ['name'] }, 'clear.0', 'Le champ « name » ne peut pas être vidé'],
      [{ clear: 'currency' }, 'clear.0', 'Le champ « currency » ne peut pas être vidé'],
      [{ clear: ['city'], city: 'Kribi' }, 'city', 'Le champ « city » ne peut pas être à la fois rempli et vidé'],
    ];
    for (const [body, field, message] of cases) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
      expect(r.data.errors).toContainEqual({ field, message });
    }
    expect((await ctx.api('GET', `/api/park/${fx.park.id}`, as())).data).toMatchObject({ name: 'Wouri Cabs', city: null, currency: 'XAF' });
  });

  it("answers every field's French message", async () => {
    const cases: [unknown, string, string][] = [
      [{ name: '   ' }, 'name', "Le nom de l'entreprise est requis"],
      [{ name: 'A' }, 'name', "Le nom de l'entreprise doit contenir au moins 2 caractères"],
      [{ name: 'A'.repeat(81) }, 'name', "Le nom de l'entreprise ne peut pas dépasser 80 caractères"],
      [{ country_code: 'XX' }, 'country_code', 'Pays inconnu'],
      [{ country_code: 'Cameroun' }, 'country_code', 'Pays inconnu'],
      [{ currency: 'ABC' }, 'currency', 'Devise inconnue'],
      [{ currency: 'FCFA' }, 'currency', 'Devise inconnue'],
      [{ time_zone: 'Africa/Wakanda' }, 'time_zone', 'Fuseau horaire invalide'],
      [{ time_zone: '+01:00' }, 'time_zone', 'Fuseau horaire invalide'],
      [{ city: 'D'.repeat(81) }, 'city', 'La ville ne peut pas dépasser 80 caractères'],
      [{ legal_notice: 'x'.repeat(2001) }, 'legal_notice', 'Les mentions légales ne peuvent pas dépasser 2000 caractères'],
      [{ phone: '12345' }, 'phone', 'Format de numéro de téléphone invalide'],
      [{ operations_need_confirmation: 'peut-être' }, 'operations_need_confirmation', 'Valeur invalide : oui ou non attendu'],
    ];
    for (const [body, field, message] of cases) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
      expect(r.data.errors).toContainEqual({ field, message });
    }
    expect((await ctx.api('GET', `/api/park/${fx.park.id}`, as())).data).toMatchObject({ name: 'Taxis du Wouri', currency: 'XAF' });
  });

  it('takes form data with a logo, which GET /api/user then shows, and clears it on remove_logo', async () => {
    const { body, headers } = formData(
      { park_id: fx.park.id, name: 'Wouri Cabs', operations_need_confirmation: 'true', city: 'Unknown' },
      [{ field: 'logo', filename: 'logo.png', content: png }],
    );
    const r = await ctx.api('PUT', `/api/park/${fx.park.id}`, { ...as(), body, headers });
    expect(r.code).toBe(5000);
    expect(r.data).toMatchObject({ name: 'Wouri Cabs', operations_need_confirmation: true, city: 'Douala' });
    expect(r.data.logo).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);
    const fileId = r.data.logo.split('/').pop();
    expect(r.data.logo_url).toContain(fileId);
    expect((await ctx.api('GET', r.data.logo_url)).raw.rawPayload.equals(png)).toBe(true);
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', fx.park.id, `${fileId}.png`))).toBe(true);

    const me = await ctx.api('GET', '/api/user', as());
    expect(me.data.ets_logo).toContain(fileId);
    expect(me.data.parks[0].logo).toContain(fileId);
    expect((await ctx.api('GET', `/api/park/${fx.park.id}`, as())).data.logo).toBe(r.data.logo);

    const removed = await put({ remove_logo: true });
    expect(removed.data).toMatchObject({ logo: null, logo_url: null });
    expect((await ctx.api('GET', '/api/user', as())).data.ets_logo).toBeNull();
  });

  it('refuses a logo that is not an image, and stores nothing when a field is invalid', async () => {
    const notImage = formData({}, [{ field: 'logo', filename: 'logo.png', content: Buffer.from('MZ not an image') }]);
    const r = await ctx.api('PUT', `/api/park/${fx.park.id}`, { ...as(), ...notImage });
    expect(r.status).toBe(415);
    expect(r.message).toBe('Type de fichier non accepté (jpg, jpeg, png, svg).');

    const invalid = formData({ name: 'A' }, [{ field: 'logo', filename: 'logo.png', content: png }]);
    const bad = await ctx.api('PUT', `/api/park/${fx.park.id}`, { ...as(), ...invalid });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe("Le nom de l'entreprise doit contenir au moins 2 caractères");
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', fx.park.id))).toBe(false);
    expect((await ctx.api('GET', `/api/park/${fx.park.id}`, as())).data.logo).toBeNull();
  });

  it('needs UPDATE_PARK_INFO, which a member may hold through a role', async () => {
    const cashier = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Caissier'] });
    const sc = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    const refused = await put({ name: 'Pirates' }, sc);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Vous n'avez pas les permissions nécessaires pour effectuer cette action");
    expect((await ctx.api('PUT', '/api/account', { ...as(sc), body: { name: 'Pirates' } })).status).toBe(403);

    await addRole(ctx, fx.park.id, 'Secrétariat', ['UPDATE_PARK_INFO']);
    const secretary = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Secrétariat'] });
    const ss = await ctx.signIn({ email: secretary.email, password: secretary.password, type: 'agent' });
    expect((await put({ city: 'Kribi' }, ss)).data.city).toBe('Kribi');
  });

  it("refuses another park's id in the path or in the form data", async () => {
    const other = await ctx.createPark({ name: 'Autre parc' });
    const r = await ctx.api('PUT', `/api/park/${other.park.id}`, { ...as(), body: { name: 'Pirates' } });
    expect(r.status).toBe(403);
    expect(r.code).toBe(4034);
    const form = formData({ park_id: other.park.id, name: 'Pirates' });
    const viaForm = await ctx.api('PUT', `/api/park/${fx.park.id}`, { ...as(), ...form });
    expect(viaForm.status).toBe(403);
    expect(viaForm.code).toBe(4034);
    expect((await ctx.api('GET', `/api/park/${other.park.id}`, { token: s.token, profileId: s.profile_id })).status).toBe(403);
  });
});

describe('PUT /api/account', () => {
  it('changes the acting park, in JSON or form data', async () => {
    const r = await ctx.api('PUT', '/api/account', { ...as(), body: { name: 'Wouri Express' } });
    expect(r.code).toBe(5000);
    expect(r.message).toBe("Données de l'entreprise mises à jour.");
    expect(r.data).toMatchObject({ id: fx.park.id, name: 'Wouri Express' });
    const form = formData({ city: 'Limbé' }, [{ field: 'logo', filename: 'logo.png', content: png }]);
    const withLogo = await ctx.api('PUT', '/api/account', { ...as(), ...form });
    expect(withLogo.data).toMatchObject({ city: 'Limbé', name: 'Wouri Express' });
    expect(withLogo.data.logo).toMatch(/^\/api\/file\//);
  });
});

describe('GET /api/park/by-code/{company}', () => {
  it('finds a park by its code whatever the case, and says when none matches', async () => {
    const { data: park } = await ctx.api('GET', `/api/park/${fx.park.id}`, as());
    const r = await ctx.api('GET', `/api/park/by-code/${park.code.toLowerCase()}`, { token: s.token });
    expect(r.code).toBe(5000);
    expect(r.data).toEqual({ id: fx.park.id, name: 'Taxis du Wouri', code: park.code, city: 'Douala', country_code: 'CM', logo: null });
    const none = await ctx.api('GET', '/api/park/by-code/NOPE-0000', { token: s.token });
    expect(none.status).toBe(404);
    expect(none.message).toBe('Aucune entreprise ne correspond à ce code');
    expect((await ctx.api('GET', `/api/park/by-code/${park.code}`)).status).toBe(401);
  });
});
