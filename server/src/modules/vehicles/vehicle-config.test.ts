import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { ALL_DAYS, as, insertDriver, setDriverStatus, todayWeekday, vehicleBody } from './vehicle-test-helpers.ts';

let parks = 0;
const uniquePark = (name: string) => `${name} ${++parks}`;

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark({ name: uniquePark('Parc Plannings') });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const get = (url: string, s: SignedIn = owner) => ctx.api('GET', url, as(s));
const planning = (id: string, config: unknown, s: SignedIn = owner) => ctx.api('POST', `/api/vehicle/update/${id}`, { ...as(s), body: { update_type: 'planning', config } });
const recipe = (id: string, recipes: unknown) => ctx.api('POST', `/api/vehicle/update/${id}`, { ...as(owner), body: { update_type: 'recipe', recipes } });

async function vehicle() {
  const r = await ctx.api('POST', '/api/vehicle', { ...as(owner), body: vehicleBody() });
  expect(r.code, r.message).toBe(5000);
  return r.data as { id: string; registration_number: string };
}
const driver = (lastName: string, status?: 'suspended' | 'deactivated') => insertDriver(ctx, fx.park.id, { firstName: 'Jean', lastName, status });

/** A vehicle and two drivers of the park. */
async function setup() {
  return { v: await vehicle(), a: await driver('Atangana'), b: await driver('Bella') };
}

const daily = (profiles: unknown[], over: Record<string, unknown> = {}) => ({ work_planning: 'daily', number_drivers: profiles.length || 1, profiles, ...over });

/** Expects a refusal with this message, on this field. */
async function refused(r: Promise<{ status: number; message: string; data: { errors?: { field: string; message: string }[] } }>, status: number, message: string, field?: string) {
  const res = await r;
  expect([res.status, res.message]).toEqual([status, message]);
  if (field) expect(res.data.errors?.[0]?.field).toBe(field);
}

describe('the planning rules, enforced by POST /api/vehicle/update/{id} (planning)', () => {
  it('saves a valid daily planning with the defaults and answers it', async () => {
    const { v, a } = await setup();
    const r = await planning(v.id, daily([{ driver_id: a, work_day: [1, 2, 3, 4, 5, 6] }], { salary_day_config: true, salary_day_id: 7 }));
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Véhicule mis à jour avec succès');
    expect(r.data.config).toMatchObject({
      work_planning: 'daily',
      number_drivers: 1,
      start_date: '08:30',
      end_date: '18:30',
      passation_date: null,
      alternation: false,
      salary_day_config: true,
      salary_day_id: 7,
      work_program: 'driver_in_turn',
      is_valid: true,
      profiles: [{ driver_id: a, position: 1, work_day: [1, 2, 3, 4, 5, 6], hour_interval_id: null, driver: { id: a, last_name: 'Atangana', status: 'active' } }],
    });
    expect(r.data.has_config).toBe(true);
    const read = await get(`/api/vehicle/vehicle-config/${v.id}`);
    expect(read.data.config.profiles).toHaveLength(1);
    expect(read.data.recipe).toBeNull();
  });

  it('needs the service to start before it ends', async () => {
    const { v, a } = await setup();
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }], { start_date: '18:00', end_date: '08:00' })), 400, "L'heure de début doit être antérieure à l'heure de fin", 'config.start_date');
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }], { start_date: '8h' })), 400, 'Heure invalide (format attendu HH:mm)');
  });

  it('needs, in hourly planning, 2 drivers, a handover inside the service, one different slot each', async () => {
    const { v, a, b } = await setup();
    const hourly = (profiles: unknown[], over: Record<string, unknown> = {}) => ({ work_planning: 'hourly', number_drivers: 2, profiles, ...over });
    await refused(planning(v.id, { work_planning: 'hourly', number_drivers: 1, passation_date: '12:30', profiles: [{ driver_id: a, work_day: [1], hour_interval_id: 1 }] }), 400, 'Le mode horaire nécessite 2 chauffeurs', 'config.work_planning');
    await refused(planning(v.id, hourly([{ driver_id: a, hour_interval_id: 1 }, { driver_id: b, hour_interval_id: 2 }], { passation_date: '19:00' })), 400, "L'heure de passation doit être comprise entre l'heure de début et de fin", 'config.passation_date');
    await refused(planning(v.id, hourly([{ driver_id: a, hour_interval_id: 1 }, { driver_id: b, hour_interval_id: 1 }])), 400, 'En mode horaire, chaque chauffeur doit avoir un créneau horaire différent', 'config.profiles.1.hour_interval_id');
    await refused(planning(v.id, hourly([{ driver_id: a, hour_interval_id: 1 }, { driver_id: b }])), 400, 'Un intervalle horaire doit être sélectionné', 'config.profiles.1.hour_interval_id');

    const ok = await planning(v.id, hourly([{ driver_id: a, hour_interval_id: 1, work_day: ALL_DAYS }, { driver_id: b, hour_interval_id: 2, work_day: ALL_DAYS }], { passation_date: '13:00' }));
    expect(ok.code, ok.message).toBe(5000);
    expect(ok.data.config).toMatchObject({ work_planning: 'hourly', passation_date: '13:00' });
    expect(ok.data.config.profiles.map((p: { hour_interval_id: number }) => p.hour_interval_id)).toEqual([1, 2]);
  });

  it('clears the handover and the slots when the planning is not hourly', async () => {
    const { v, a } = await setup();
    const r = await planning(v.id, daily([{ driver_id: a, work_day: [1], hour_interval_id: 2 }], { passation_date: '12:00' }));
    expect(r.data.config.passation_date).toBeNull();
    expect(r.data.config.profiles[0].hour_interval_id).toBeNull();
  });

  it('refuses more drivers than allowed, and the same driver twice', async () => {
    const { v, a, b } = await setup();
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }, { driver_id: b, work_day: [2] }], { number_drivers: 1 })), 400, 'Nombre maximum de chauffeurs atteint (1)', 'config.profiles');
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }, { driver_id: a, work_day: [2] }])), 400, 'Ce chauffeur est déjà affecté à ce véhicule', 'config.profiles.1.driver_id');
    await refused(planning(v.id, daily([])), 400, 'Veuillez affecter au moins un chauffeur au véhicule');
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }], { number_drivers: 3 })), 400, 'Le nombre de chauffeurs doit être 1 ou 2');
  });

  it('keeps work days off the salary day and, in daily planning, off the other driver\'s days', async () => {
    const { v, a, b } = await setup();
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1, 7] }], { salary_day_config: true, salary_day_id: 7 })), 400, 'Le jour de paie ne peut pas être un jour de travail', 'config.profiles.0.work_day');
    // Enabling the salary day without choosing one means Monday.
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }], { salary_day_config: true })), 400, 'Le jour de paie ne peut pas être un jour de travail');
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1, 2] }, { driver_id: b, work_day: [2, 3] }])), 400, "Ce jour de travail est déjà attribué à l'autre chauffeur", 'config.profiles.1.work_day');
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [8] }])), 400, 'Jour de travail invalide (1 à 7)');

    const weekly = await planning(v.id, { ...daily([{ driver_id: a, work_day: [1, 2] }, { driver_id: b, work_day: [2, 3] }]), work_planning: 'weekly' });
    expect(weekly.code, weekly.message).toBe(5000);
    const off = await planning(v.id, daily([{ driver_id: a, work_day: [1] }], { salary_day_config: false, salary_day_id: 1 }));
    expect(off.data.config).toMatchObject({ salary_day_config: false, salary_day_id: null });
  });

  it('needs work days for someone unless the alternation is automatic', async () => {
    const { v, a, b } = await setup();
    await refused(planning(v.id, daily([{ driver_id: a }, { driver_id: b }])), 400, 'Au moins un chauffeur doit avoir des jours de travail configurés', 'config.profiles.0.work_day');
    const auto = await planning(v.id, daily([{ driver_id: a }, { driver_id: b }], { alternation: true, alternating_days: 2, start_alternation_at: '2026-03-02' }));
    expect(auto.code, auto.message).toBe(5000);
  });

  it('alternates automatically only with 2 drivers outside hourly planning, every 1 to 3 days or weeks', async () => {
    const { v, a, b } = await setup();
    const alt = (over: Record<string, unknown>) => planning(v.id, daily([{ driver_id: a }, { driver_id: b }], { alternation: true, start_alternation_at: '2026-03-02', ...over }));
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }], { alternation: true, alternating_days: 1, start_alternation_at: '2026-03-02' })), 400, "L'alternance automatique nécessite 2 chauffeurs et un programme journalier ou hebdomadaire", 'config.alternation');
    await refused(alt({ alternating_days: 4 }), 400, "L'alternance doit être de 1 à 3 jours", 'config.alternating_days');
    await refused(alt({ alternating_days: 0 }), 400, "L'alternance doit être de 1 à 3 jours");
    await refused(alt({ work_planning: 'weekly' }), 400, "L'alternance doit être de 1 à 3 semaines", 'config.alternating_weeks');
    await refused(alt({ alternating_days: 2, start_alternation_at: undefined }), 400, "La date de début de l'alternance est requise", 'config.start_alternation_at');
    const stranger = await driver('Etranger');
    await refused(alt({ alternating_days: 2, first_driver_alternation_id: stranger }), 400, "Le premier chauffeur de l'alternance doit faire partie des chauffeurs affectés", 'config.first_driver_alternation_id');

    const ok = await alt({ work_planning: 'weekly', alternating_weeks: 3, alternating_days: 2, first_driver_alternation_id: b });
    expect(ok.code, ok.message).toBe(5000);
    expect(ok.data.config).toMatchObject({ alternation: true, alternating_weeks: 3, alternating_days: null, start_alternation_at: '2026-03-02', first_driver_alternation_id: b });

    const manual = await planning(v.id, daily([{ driver_id: a, work_day: [1] }, { driver_id: b, work_day: [2] }], { alternation: false, alternating_days: 2, start_alternation_at: '2026-03-02' }));
    expect(manual.data.config).toMatchObject({ alternation: false, alternating_days: null, alternating_weeks: null, start_alternation_at: null, first_driver_alternation_id: null });
  });

  it('assigns only active drivers of the park', async () => {
    const { v } = await setup();
    const suspended = await driver('Suspendu', 'suspended');
    const deactivated = await driver('Parti', 'deactivated');
    await refused(planning(v.id, daily([{ driver_id: suspended, work_day: [1] }])), 409, 'Le chauffeur Jean Suspendu est suspendu : il ne peut pas être affecté à un véhicule', 'config.profiles.0.driver_id');
    await refused(planning(v.id, daily([{ driver_id: deactivated, work_day: [1] }])), 409, 'Le chauffeur Jean Parti est désactivé : il ne peut pas être affecté à un véhicule');

    const other = await ctx.createPark({ name: uniquePark('Parc voisin') });
    const theirs = await insertDriver(ctx, other.park.id, { lastName: 'Voisin' });
    await refused(planning(v.id, daily([{ driver_id: theirs, work_day: [1] }])), 404, 'Chauffeur introuvable dans ce parc');
  });
});

describe('one driver, one vehicle per day', () => {
  it('refuses a driver already working on another vehicle those days, naming it', async () => {
    const { v, a } = await setup();
    const other = await vehicle();
    expect((await planning(other.id, daily([{ driver_id: a, work_day: [1, 2, 3] }]))).code).toBe(5000);
    const r = await planning(v.id, daily([{ driver_id: a, work_day: [3, 4] }]));
    expect(r.status).toBe(409);
    expect(r.message).toBe(`Le chauffeur Jean Atangana travaille déjà sur le véhicule ${other.registration_number} ces jours-là (mercredi)`);
    expect(r.data).toMatchObject({ vehicle_id: other.id, registration_number: other.registration_number, days: [3] });

    const otherDays = await planning(v.id, daily([{ driver_id: a, work_day: [4, 5] }]));
    expect(otherDays.code, otherDays.message).toBe(5000);
  });

  it('counts hourly slots as the whole day, and automatic alternation as every day', async () => {
    const { v, a, b } = await setup();
    const other = await vehicle();
    const hourly = await planning(other.id, { work_planning: 'hourly', number_drivers: 2, profiles: [{ driver_id: a, hour_interval_id: 1, work_day: [1] }, { driver_id: b, hour_interval_id: 2, work_day: [1] }] });
    expect(hourly.code, hourly.message).toBe(5000);
    // Slot 2 of this vehicle while slot 1 of the other: still the same Monday.
    const c = await driver('Chouala');
    await refused(planning(v.id, { work_planning: 'hourly', number_drivers: 2, profiles: [{ driver_id: c, hour_interval_id: 1, work_day: [1] }, { driver_id: a, hour_interval_id: 2, work_day: [1] }] }), 409, `Le chauffeur Jean Atangana travaille déjà sur le véhicule ${other.registration_number} ces jours-là (lundi)`);
    const d = await driver('Djomo');
    await refused(planning(v.id, daily([{ driver_id: b }, { driver_id: d }], { alternation: true, alternating_days: 1, start_alternation_at: '2026-03-02' })), 409, `Le chauffeur Jean Bella travaille déjà sur le véhicule ${other.registration_number} ces jours-là (lundi)`);
  });

  it("counts the salary day for the driver who keeps the vehicle that day", async () => {
    const { v, a } = await setup();
    const other = await vehicle();
    expect((await planning(other.id, daily([{ driver_id: a, work_day: [1, 2, 3, 4, 5, 6] }], { salary_day_config: true, salary_day_id: 7 }))).code).toBe(5000);
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [7] }])), 409, `Le chauffeur Jean Atangana travaille déjà sur le véhicule ${other.registration_number} ces jours-là (dimanche)`);
  });

  it('lets a re-saved planning keep its own drivers', async () => {
    const { v, a } = await setup();
    expect((await planning(v.id, daily([{ driver_id: a, work_day: [1] }]))).code).toBe(5000);
    expect((await planning(v.id, daily([{ driver_id: a, work_day: [1, 2] }]))).code).toBe(5000);
  });

  it('ignores the plannings of deactivated vehicles', async () => {
    const { v, a } = await setup();
    const other = await vehicle();
    expect((await planning(other.id, daily([{ driver_id: a, work_day: ALL_DAYS }]))).code).toBe(5000);
    await get(`/api/vehicle/deactivate/${other.id}`);
    expect((await planning(v.id, daily([{ driver_id: a, work_day: ALL_DAYS }]))).code).toBe(5000);
  });
});

describe('saving replaces the previous planning as a whole', () => {
  it('replaces the drivers, and a refused save leaves the previous planning untouched', async () => {
    const { v, a, b } = await setup();
    expect((await planning(v.id, daily([{ driver_id: a, work_day: [1, 2] }, { driver_id: b, work_day: [3] }]))).code).toBe(5000);
    const replaced = await planning(v.id, daily([{ driver_id: b, work_day: [4] }]));
    expect(replaced.data.config.profiles.map((p: { driver_id: string; work_day: number[] }) => [p.driver_id, p.work_day])).toEqual([[b, [4]]]);

    const suspended = await driver('Suspendu', 'suspended');
    const bad = await planning(v.id, daily([{ driver_id: b, work_day: [5] }, { driver_id: suspended, work_day: [6] }]));
    expect(bad.status).toBe(409);
    const after = await get(`/api/vehicle/vehicle-config/${v.id}`);
    expect(after.data.config).toMatchObject({ number_drivers: 1, profiles: [{ driver_id: b, work_day: [4] }] });
  });
});

describe('GET /api/vehicle/check-driver/{id}', () => {
  it("answers today's driver and the planning's drivers", async () => {
    const { v, a, b } = await setup();
    const today = todayWeekday();
    const rest = ALL_DAYS.filter((d) => d !== today);
    expect((await planning(v.id, daily([{ driver_id: a, work_day: [today] }, { driver_id: b, work_day: rest }]))).code).toBe(5000);
    const r = await get(`/api/vehicle/check-driver/${v.id}`);
    expect(r.data).toMatchObject({ has_driver: true, current_driver: { id: a, last_name: 'Atangana' } });
    expect(r.data.drivers.map((d: { driver_id: string; position: number }) => [d.driver_id, d.position])).toEqual([[a, 1], [b, 2]]);

    // A suspended driver drives nothing: the vehicle shows neutral.
    await setDriverStatus(ctx, a, 'suspended');
    expect((await get(`/api/vehicle/check-driver/${v.id}`)).data).toMatchObject({ has_driver: false, current_driver: null });
    expect((await get(`/api/vehicle/${v.id}`)).data.display_status).toBe('neutral');
  });

  it('answers no driver for a vehicle without planning', async () => {
    const v = await vehicle();
    expect((await get(`/api/vehicle/check-driver/${v.id}`)).data).toEqual({ has_driver: false, current_driver: null, drivers: [] });
  });
});

describe('the recipe section', () => {
  it('saves the automatic revenue with its defaults', async () => {
    const v = await vehicle();
    const r = await recipe(v.id, { collection_type: 'recipe_objective', amount: 15000 });
    expect(r.code, r.message).toBe(5000);
    expect(r.data.recipe).toMatchObject({ manage_in_vtc: true, collection_method: 'both', collection_type: 'recipe_objective', amount: 15000, freequency: 'daily', collect_time: '20:30', monthly_day: null, collect_day: null });
    expect(r.data.has_recipe_config).toBe(true);
    const again = await recipe(v.id, { collection_type: 'without_recipe_objective', amount: 9000, freequency: 'monthly', monthly_day: 5, collection_method: 'mobile_money', collect_time: '21:00' });
    expect(again.data.recipe).toMatchObject({ collection_type: 'without_recipe_objective', amount: null, freequency: 'monthly', monthly_day: 5, collection_method: 'mobile_money', collect_time: '21:00' });
  });

  it("refuses what the form refuses, with its messages", async () => {
    const v = await vehicle();
    await refused(recipe(v.id, {}), 400, 'Veuillez sélectionner le type de recette', 'recipes.collection_type');
    await refused(recipe(v.id, { collection_type: 'recipe_objective' }), 400, "Le montant de l'objectif est requis", 'recipes.amount');
    await refused(recipe(v.id, { collection_type: 'recipe_objective', amount: 0 }), 400, 'Le montant doit être supérieur à 0');
    await refused(recipe(v.id, { collection_type: 'recipe_objective', amount: 100.5 }), 400, 'Montant invalide', 'recipes.amount');
    await refused(recipe(v.id, { collection_type: 'yango_recipe', freequency: 'weekly' }), 400, 'Veuillez sélectionner le jour de collecte', 'recipes.collect_day');
    await refused(recipe(v.id, { collection_type: 'yango_recipe', freequency: 'monthly', monthly_day: 32 }), 400, 'Veuillez sélectionner le jour du mois (1 à 31)');
    await refused(recipe(v.id, { collection_type: 'yango_recipe', freequency: 'hourly' }), 400, 'Veuillez sélectionner la fréquence de paiement');
  });
});

describe('permissions', () => {
  it('refuses the planning to a member without MANAGE_DRIVER_VEHICLE', async () => {
    const { v, a } = await setup();
    const m = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: ['Agent de terrain'] });
    const agent = await ctx.signIn({ email: m.email, password: m.password, type: 'agent' });
    await refused(planning(v.id, daily([{ driver_id: a, work_day: [1] }]), agent), 403, "Vous n'avez pas les permissions nécessaires pour effectuer cette action");
    expect((await get(`/api/vehicle/vehicle-config/${v.id}`, agent)).code).toBe(5000);
  });
});
