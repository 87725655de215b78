import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 6 as an owner lives it, on a vehicle and two drivers of the run's own: the vehicle is
// shared on disjoint work days (Monday, Wednesday, Friday, Sunday for one, Tuesday, Thursday,
// Saturday for the other) with a daily objective collected at 00:05; the owner generates and
// confirms the month's planning and finds both drivers on their days in the calendar. The
// collection runs (the dev route runs the recipe job now, catching up to 7 days back); today's
// recipe is collected in cash in full, yesterday's, of the other driver, partly by mobile money
// through the simulator. The other driver's debt shows what remains; the first driver's salary is
// paid with a contravention deducted; the dashboard's recipe cards move by what was collected.
const PARK_ZONE = 'Africa/Douala';
const RUN = String(Date.now()).slice(-6);
const PLATE = `PL-${RUN.slice(0, 3)}-${RUN.slice(3)}`;
const OBJECTIVE = 10_000;
const SALARY = 2_000;
const MOBILE_PART = 4_000;
const PENALTY = 500;
const DAY_NAMES = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];
const DAY_SHORT = ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'];
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

interface Driver {
  first_name: string;
  last_name: string;
  phone: string;
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  days: number[];
  id?: string;
}
// Phones never end in 0000: the payment simulators refuse those numbers.
const MOUSSA: Driver = { first_name: 'Moussa', last_name: `Kamga${RUN}`, phone: `+23769${RUN}1`, days: [1, 3, 5, 7] };
const AWA: Driver = { first_name: 'Awa', last_name: `Ngo${RUN}`, phone: `+23769${RUN}2`, days: [2, 4, 6] };

type Headers = Record<string, string>;
interface FleetDetails {
  receipts_expected_today: { amount: number; collected: number; remaining: number; count: number };
  actual_recipe: { amount: number };
  previous_receipts_not_collected: { amount: number; count: number };
}

/** '1,234,567.5 XAF', as every screen writes an amount of the demo park. */
const money = (amount: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)} XAF`;

/** yyyy-MM-dd arithmetic on calendar days. */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
/** Every day from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
const isoWeekday = (day: string) => ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const shown = (day: string) => day.split('-').reverse().join('/');
/** The calendars' accessible name of a day: '22 novembre 2026'. */
const dayLabel = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
const monthLabel = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** Today in the park, yyyy-MM-dd. */
function parkToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PARK_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const driverOf = (day: string) => (MOUSSA.days.includes(isoWeekday(day)) ? MOUSSA : AWA);
const otherThan = (d: Driver) => (d === MOUSSA ? AWA : MOUSSA);
const fullName = (d: Driver) => `${d.first_name} ${d.last_name}`;
/** How the recipe and driver screens write a person: last name first. */
const listName = (d: Driver) => `${d.last_name} ${d.first_name}`;

/**
 * Runs `navigate` and answers the headers the app sent on its first call matching `urlPart` (its
 * access token lives only in memory) and that call's URL.
 */
async function appCall(page: Page, urlPart: string, navigate: () => Promise<unknown>): Promise<{ headers: Headers; url: URL }> {
  const call = page.waitForRequest((r) => r.url().includes(urlPart) && !!r.headers()['authorization'] && !!r.headers()['profile_id']);
  await navigate();
  const r = await call;
  const h = r.headers();
  return { headers: { authorization: h['authorization']!, profile_id: h['profile_id']! }, url: new URL(r.url()) };
}

async function apiCall<T>(page: Page, method: 'GET' | 'POST', url: string, headers: Headers, data?: unknown): Promise<T> {
  const r = method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data: data ?? {} });
  const body = (await r.json()) as { code: number; message: string; data: T };
  expect(body.code, `${method} ${url}: ${r.status()} ${body.message}`).toBe(5000);
  return body.data;
}

async function pick(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/**
 * Picks a period in a date-range popover (the kit's picker): navigates to each day's month, clicks
 * the first day, then the last unless it is the same, and applies.
 */
async function pickPeriod(page: Page, testId: string, from: string, to: string) {
  await page.getByTestId(testId).click();
  const popover = page.getByTestId(`${testId}-popover`);
  const month = popover.getByRole('button', { name: 'Choisir le mois' });
  await expect(month).toBeVisible();
  const goTo = async (day: string) => {
    const target = monthLabel(day);
    for (let i = 0; i < 24 && !(await month.textContent())!.toLowerCase().includes(target); i++) {
      const shownMonth = (await month.textContent())!.toLowerCase();
      const [name, year] = shownMonth.trim().split(/\s+/);
      const shownKey = `${year}-${String(MONTHS.indexOf(name!) + 1).padStart(2, '0')}`;
      await popover.getByRole('button', { name: shownKey < day.slice(0, 7) ? 'Mois suivant' : 'Mois précédent' }).click();
    }
    await expect(month).toHaveText(new RegExp(target, 'i'));
  };
  // Days of the month shown, not the neighbouring months' days that fill its first and last weeks.
  const dayButton = (day: string) => popover.getByRole('button', { name: dayLabel(day), exact: true }).and(popover.locator('button:not([data-outside])'));
  await goTo(from);
  await dayButton(from).click();
  if (to !== from) {
    await goTo(to);
    await dayButton(to).click();
  }
  await popover.getByTestId(`${testId}-apply`).click();
  await expect(popover).toBeHidden();
}

/** The fleet dashboard as the API gives it, after checking the recipe cards show the same. */
async function dashboardOnScreen(page: Page, headers: Headers): Promise<FleetDetails> {
  await page.goto('/dashboard');
  await expect(page.getByTestId('fleet-cards')).toBeVisible();
  const d = await apiCall<FleetDetails>(page, 'GET', '/api/dashboard/fleet/details', headers);
  await expect(page.getByTestId('card-collected-today-value')).toHaveText(money(d.actual_recipe.amount));
  await expect(page.getByTestId('card-uncollected-value')).toHaveText(money(d.previous_receipts_not_collected.amount));
  await expect(page.getByTestId('card-expected-today')).toContainText(`encaissé ${money(d.receipts_expected_today.collected)}`);
  return d;
}

/** The receipts page narrowed to one driver, and the history row of one of his recipes (by day). */
async function receiptsOf(page: Page, driver: Driver) {
  await page.goto(`/dashboard/receipts?driver_id=${driver.id}`);
  await expect(page.getByTestId('receipts-page')).toBeVisible();
  await expect(page.getByTestId('receipts-driver-filter')).toContainText(driver.last_name);
  return (day: string) => page.getByTestId('receipts-history-row').filter({ has: page.locator('[data-col="date"]', { hasText: shown(day) }) });
}

test('a month planned for a shared vehicle, its recipes collected in cash and by mobile money, a debt, a salary with a penalty, the dashboard', async ({ page }) => {
  test.setTimeout(180_000);
  const today = parkToday();
  const yesterday = addDays(today, -1);
  const monthStart = `${today.slice(0, 8)}01`;
  const monthEnd = addDays(`${addDays(monthStart, 32).slice(0, 8)}01`, -1);
  // The planning runs to the month's end from 4 days ago (within the month), or from yesterday on
  // the 1st: past days whose recipes the owner asks for on confirming.
  const fourDaysAgo = addDays(today, -4);
  const planStart = today === monthStart ? yesterday : fourDaysAgo > monthStart ? fourDaysAgo : monthStart;
  const pastDays = daysFrom(planStart, yesterday);
  const todayDriver = driverOf(today);
  const yesterdayDriver = driverOf(yesterday);
  expect(todayDriver).not.toBe(yesterdayDriver); // two days in a row are never one driver's here

  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  const { headers, url } = await appCall(page, '/api/driver?', () => page.goto('/dashboard/drivers'));
  const parkId = url.searchParams.get('park_id')!;

  // ── Two drivers recruited (not the point here: through the API, as the fleet specs do). ──
  for (const d of [MOUSSA, AWA]) {
    d.id = (await apiCall<{ id: string }>(page, 'POST', '/api/driver', headers, { first_name: d.first_name, last_name: d.last_name, phone: d.phone, driver_type_id: 1, park_id: parkId })).id;
  }

  // ── The vehicle, through the 3-step wizard: two drivers on disjoint days, a daily objective. ──
  await page.getByTestId('fleet-tab-Véhicules').click();
  await expect(page.getByTestId('vehicles-page')).toBeVisible();
  await page.getByTestId('vehicle-add').click();
  const wizard = page.getByTestId('vehicle-dialog');
  await pick(page, wizard.getByTestId('vehicle-vehicle-type'), 'Berline');
  await pick(page, wizard.getByTestId('vehicle-brand'), 'Toyota');
  await pick(page, wizard.getByTestId('vehicle-model'), 'Corolla');
  await pick(page, wizard.getByTestId('vehicle-color'), 'Jaune');
  await wizard.getByTestId('vehicle-registration').fill(PLATE);
  await wizard.getByTestId('vehicle-label').fill(`Taxi partagé ${RUN}`);
  await wizard.getByRole('button', { name: 'Créer le véhicule' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Véhicule ajouté avec succès' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Configurer le véhicule' }).click();

  await expect(wizard.getByTestId('planning-section')).toBeVisible();
  await wizard.getByTestId('planning-number-drivers').getByText('2 chauffeurs').click();
  await wizard.getByTestId('planning-driver-add').click();
  const driverPicker = page.getByTestId('driver-picker');
  for (const d of [MOUSSA, AWA]) {
    await driverPicker.getByTestId('driver-picker-search').fill(d.last_name);
    await driverPicker.getByTestId('driver-picker-item').filter({ hasText: d.last_name }).click();
  }
  await driverPicker.getByTestId('driver-picker-confirm').click();
  await expect(driverPicker).toBeHidden();
  for (const d of [MOUSSA, AWA]) {
    const card = wizard.locator(`[data-testid="planning-driver-card"][data-driver-id="${d.id}"]`);
    for (const day of d.days) {
      await card.getByText(DAY_SHORT[day - 1]!, { exact: true }).click();
      await expect(card.getByRole('checkbox', { name: DAY_NAMES[day - 1] })).toBeChecked();
    }
  }
  // Each day is one driver's: the other's days can no longer be picked.
  await expect(wizard.locator(`[data-testid="planning-driver-card"][data-driver-id="${AWA.id}"]`).getByRole('checkbox', { name: 'Lundi' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  await expect(wizard.getByTestId('recipe-section')).toBeVisible();
  await wizard.getByTestId('recipe-amount').fill(String(OBJECTIVE));
  await wizard.getByTestId('recipe-salary').fill(String(SALARY));
  // Collected at 00:05: today's recipe is already due.
  const collectTime = wizard.getByTestId('recipe-collect-time');
  await collectTime.getByLabel('Heures').click();
  await page.keyboard.type('00');
  await collectTime.getByLabel('Minutes').click();
  await page.keyboard.type('05');
  await expect(wizard.getByTestId('recipe-collect-time-value')).toHaveValue('00:05');
  await wizard.getByRole('button', { name: 'Appliquer la configuration' }).click();
  await expect(wizard.getByTestId('vehicle-updated')).toBeVisible();
  await wizard.getByRole('button', { name: 'Fermer' }).click();
  await expect(wizard).toBeHidden();

  // Its work programme, from its details.
  await page.getByTestId('vehicles-table-search').fill(PLATE);
  const vehicleRow = page.getByTestId('vehicles-table-row').filter({ hasText: PLATE });
  await expect(vehicleRow).toHaveCount(1);
  await vehicleRow.getByTestId('vehicle-row-label').click();
  const details = page.getByTestId('vehicle-details');
  await expect(details.getByTestId('vehicle-info-recipe-amount')).toContainText('10,000');
  await details.getByRole('link', { name: 'Voir le programme de travail' }).click();
  await expect(page).toHaveURL(/\/dashboard\/schedule\?vehicle_id=/);

  // ── 'Générer le planning' for this month, the vehicle already chosen: preview, then confirm. ──
  await expect(page.getByTestId('schedule-page')).toBeVisible();
  await page.getByTestId('planning-generate').click();
  const generate = page.getByTestId('planning-generate-dialog');
  await expect(generate.getByTestId('planning-generate-period')).toHaveText(`${shown(monthStart)} – ${shown(monthEnd)}`);
  if (planStart !== monthStart) await pickPeriod(page, 'planning-generate-period', planStart, monthEnd);
  await expect(generate.getByRole('radio', { name: 'Choisir des véhicules' })).toBeChecked();
  await expect(generate.getByText(`Taxi partagé ${RUN} · ${PLATE}`, { exact: true })).toBeVisible(); // the chosen vehicle's pill
  await generate.getByTestId('planning-generate-submit').click();
  const preview = generate.getByTestId('planning-preview');
  const planned = daysFrom(planStart, monthEnd);
  await expect(preview.getByTestId('planning-preview-count')).toHaveText(`${planned.length} entrées`);
  await expect(preview.getByTestId('planning-preview-conflicts')).toHaveCount(0);
  await expect(preview.getByTestId('planning-preview-day')).toHaveCount(planned.length);
  // A day opens on its entry: today's driver, the whole day.
  await preview.locator(`[data-testid="planning-preview-day"][data-day="${today}"]`).click();
  await expect(preview.getByTestId('planning-entry')).toHaveCount(1);
  await expect(preview.getByTestId('planning-entry')).toContainText(fullName(todayDriver));
  // The job won't charge the past days (the planning comes after them): the owner asks, seeing
  // how many recipes and how much first. Off by default.
  const past = preview.getByTestId('planning-past-recipes');
  await expect(past.getByTestId('planning-past-recipes-summary')).toHaveText(`${pastDays.length} recette${pastDays.length > 1 ? 's' : ''}, ${money(OBJECTIVE * pastDays.length)}`);
  const createPast = past.getByRole('checkbox', { name: 'Créer les recettes des jours passés' });
  await expect(createPast).not.toBeChecked();
  await createPast.check();
  await preview.getByTestId('planning-confirm').click();
  const created = `${pastDays.length} recette${pastDays.length > 1 ? 's' : ''} des jours passés créée${pastDays.length > 1 ? 's' : ''}`;
  await expect(page.getByTestId('toast-success').filter({ hasText: `Planning confirmé : ${created}` })).toBeVisible();
  await expect(generate).toBeHidden();

  // The calendar of the vehicle, this month: each day shows the driver whose day it is.
  await pick(page, page.getByTestId('planning-preset'), 'Ce mois-ci');
  await expect(page.getByTestId('planning-period-title')).toHaveText(new RegExp(monthLabel(today), 'i'));
  for (const day of daysFrom(monthStart, monthEnd)) {
    const cell = page.locator(`[data-testid="planning-cell"][data-day="${day}"]`);
    if (day < planStart) {
      await expect(cell.getByTestId('planning-entry')).toHaveCount(0);
      continue;
    }
    await expect(cell.getByTestId('planning-entry')).toHaveCount(1);
    await expect(cell.getByTestId('planning-entry')).toContainText(fullName(driverOf(day)));
    await expect(cell.getByTestId('planning-entry')).not.toContainText(fullName(otherThan(driverOf(day))));
  }

  // ── The collection runs now: the recipe job (every 5 minutes) started at once by the dev route. ──
  // It may already have run on its own since the confirmation: it creates each recipe once.
  await apiCall(page, 'POST', '/api/dev/recipes/run-job', headers);
  // Today's recipe is the job's; the past days' were created on confirming: one a day, that day's driver's.
  const recipeDays = daysFrom(planStart, today);
  const owed = (d: Driver) => recipeDays.filter((day) => day !== today && driverOf(day) === d).length;

  // The dashboard before anything is collected (the park's other vehicles' recipes of today may
  // arrive meanwhile at their collect time: what is compared below is what was collected).
  const before = await dashboardOnScreen(page, headers);

  // ── Today's driver: his recipe of today expected, his earlier ones uncollected. ──
  let rowOn = await receiptsOf(page, todayDriver);
  await expect(page.getByTestId('receipts-expected-total')).toHaveText(money(OBJECTIVE));
  await expect(page.getByTestId('receipts-expected-count')).toHaveText('1 recette(s)');
  await expect(page.getByTestId('receipts-unpaid-total')).toHaveText(money(OBJECTIVE * (owed(todayDriver) + 1)));
  await expect(page.getByTestId('receipts-history-row')).toHaveCount(owed(todayDriver) + 1); // at most 5: one page
  const todayRow = rowOn(today);
  await expect(todayRow.locator('[data-col="vehicle"]')).toContainText(PLATE);
  await expect(todayRow.locator('[data-col="objective"]')).toHaveText(money(OBJECTIVE));
  await expect(todayRow.getByTestId('recipe-status')).toHaveText('Non encaissé');

  // Collected in cash, in full, into the default cash account.
  await todayRow.locator('[data-col="driver"]').click();
  const collection = page.getByTestId('recipe-collection-dialog');
  await expect(collection.getByTestId('recipe-collection-driver')).toHaveText(listName(todayDriver));
  await expect(collection.getByTestId('recipe-collection-remaining')).toHaveText(money(OBJECTIVE));
  await collection.getByRole('radio', { name: 'Espèces' }).check();
  await expect(collection.getByTestId('recipe-payment-total')).toHaveText(money(OBJECTIVE));
  await collection.getByTestId('recipe-payment-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Encaissement effectué avec succès' })).toBeVisible();
  await expect(collection).toBeHidden();
  await expect(todayRow.getByTestId('recipe-status')).toHaveText('Payé');
  await expect(todayRow.getByTestId('recipe-objective-reached')).toHaveText('Objectif atteint');
  await expect(todayRow.locator('[data-col="toEncaiss"]')).toHaveText(money(0));
  await expect(page.getByTestId('receipts-expected-total')).toHaveText(money(0));
  await expect(page.getByTestId('receipts-unpaid-total')).toHaveText(money(OBJECTIVE * owed(todayDriver)));

  // ── Yesterday's driver: his recipe of yesterday, partly paid by mobile money. ──
  rowOn = await receiptsOf(page, yesterdayDriver);
  await expect(page.getByTestId('receipts-expected-count')).toHaveText('0 recette(s)'); // not his day today
  await expect(page.getByTestId('receipts-unpaid-total')).toHaveText(money(OBJECTIVE * owed(yesterdayDriver)));
  const yesterdayRow = rowOn(yesterday);
  await expect(yesterdayRow.getByTestId('recipe-status')).toHaveText('Non encaissé');
  await yesterdayRow.locator('[data-col="driver"]').click();
  await expect(collection.getByTestId('recipe-collection-driver')).toHaveText(listName(yesterdayDriver));
  await collection.getByRole('radio', { name: 'Mobile money' }).check();
  await pick(page, collection.getByTestId('recipe-payment-operator'), 'MTN MoMo');
  await collection.getByTestId('recipe-payment-phone-number').fill(yesterdayDriver.phone);
  await collection.getByTestId('recipe-payment-partial').check();
  await collection.getByTestId('recipe-payment-amount').fill(String(MOBILE_PART));
  await collection.getByTestId('recipe-payment-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Transaction initiée avec succès' })).toBeVisible();
  // The validation card: the amount, the code the driver dials, the 5-minute countdown.
  const card = collection.getByTestId('payin-card');
  await expect(card.getByTestId('payin-amount')).toHaveText(money(MOBILE_PART));
  await expect(card.getByTestId('payin-ussd')).toHaveText('*126#');
  await expect(card.getByTestId('payin-countdown')).toHaveText(/^[45]:[0-5]\d$/);
  await expect(card.getByTestId('payin-validated')).toHaveText("J'ai validé");
  // The simulated operator settles on its own (PAYMENTS_SIMULATOR_SETTLE_MS, 3 s by default); the
  // card, asking every 3 s, sees it and closes: up to about 6 s, more on a busy machine.
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Paiement reçu' })).toBeVisible({ timeout: 30_000 });
  await expect(collection).toBeHidden();
  await expect(yesterdayRow.getByTestId('recipe-status')).toHaveText('Partiel');
  await expect(yesterdayRow.locator('[data-col="actual_recipe"]')).toHaveText(money(MOBILE_PART));
  await expect(yesterdayRow.locator('[data-col="toEncaiss"]')).toHaveText(money(OBJECTIVE - MOBILE_PART));
  await expect(page.getByTestId('receipts-unpaid-total')).toHaveText(money(OBJECTIVE * owed(yesterdayDriver) - MOBILE_PART));

  // ── The drivers' debts: what remains of their recipes before today. ──
  const debt = OBJECTIVE * owed(yesterdayDriver) - MOBILE_PART;
  await page.goto('/dashboard/drivers');
  const driverRow = async (d: Driver) => {
    await page.getByTestId('drivers-table-search').fill(d.last_name);
    const row = page.getByTestId('drivers-table-row').filter({ hasText: d.last_name });
    await expect(row).toHaveCount(1);
    return row;
  };
  await expect((await driverRow(yesterdayDriver)).getByTestId('driver-debt')).toHaveText(`${money(debt)} (${owed(yesterdayDriver)})`);
  // Today's recipe, paid, was never a debt: his debt is his earlier days.
  await expect((await driverRow(todayDriver)).getByTestId('driver-debt')).toHaveText(`${money(OBJECTIVE * owed(todayDriver))} (${owed(todayDriver)})`);
  // The detail dialog's 'Recettes' tab says the same, with yesterday's recipe partly paid.
  await (await driverRow(yesterdayDriver)).getByTestId('driver-row-name').click();
  const detail = page.getByTestId('driver-detail');
  await detail.getByTestId('driver-tab-recipes').click();
  await expect(detail.getByTestId('driver-money-dettes')).toHaveText(money(debt));
  await expect(detail.getByTestId('driver-money-nb-dettes')).toHaveText(String(owed(yesterdayDriver)));
  await expect(detail.getByTestId('driver-money-ca')).toHaveText(money(MOBILE_PART));
  const partial = detail.getByTestId('recipe-line').filter({ hasText: 'Partiel' });
  await expect(partial).toHaveCount(1);
  await expect(partial.getByTestId('recipe-line-remaining')).toHaveText(money(OBJECTIVE - MOBILE_PART));
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // ── A speeding fine for today's driver: a contravention expense, his vehicle found from the planning. ──
  const fine = `Excès de vitesse E2E ${RUN}`;
  await page.goto('/dashboard/operations');
  await page.getByTestId('operation-add').click();
  const operation = page.getByTestId('fund-movement-dialog');
  await operation.getByRole('radio', { name: 'Dépense' }).check();
  await pick(page, operation.getByTestId('fund-movement-sub-account'), 'Contraventions');
  await pick(page, operation.getByTestId('fund-movement-caisse'), /^Compte cash par défaut/);
  await operation.getByTestId('fund-movement-amount').fill(String(PENALTY));
  await operation.getByTestId('fund-movement-driver').click();
  await driverPicker.getByTestId('driver-picker-search').fill(todayDriver.last_name);
  await driverPicker.getByTestId('driver-picker-item').filter({ hasText: todayDriver.last_name }).click();
  await driverPicker.getByTestId('driver-picker-confirm').click();
  await expect(operation.getByTestId('fund-movement-driver')).toHaveText(listName(todayDriver));
  await expect(operation.getByTestId('fund-movement-vehicle')).toHaveText(PLATE);
  await operation.getByTestId('fund-movement-comment').fill(fine);
  await operation.getByTestId('fund-movement-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Mouvement de fonds créé' })).toBeVisible();
  await expect(operation).toBeHidden();

  // ── His salary for the month so far: today's paid recipe, the fine deducted, paid by the owner. ──
  await page.goto('/dashboard/drivers');
  await (await driverRow(todayDriver)).getByTestId('driver-row-name').click();
  await detail.getByTestId('driver-tab-salary').click();
  const salary = detail.getByTestId('salary-tab');
  await pickPeriod(page, 'salary-period', monthStart, today);
  await expect(salary.getByTestId('salary-gross-amount')).toHaveText(money(SALARY));
  // Only the fully paid recipe counts; his unpaid days show, not counted yet.
  await expect(salary.locator('[data-testid="salary-line"][data-counted="true"]')).toHaveCount(1);
  await expect(salary.locator('[data-testid="salary-line"][data-counted="false"]')).toHaveCount(owed(todayDriver));
  await expect(salary.getByTestId('salary-net-amount')).toHaveText(money(SALARY));
  await salary.getByTestId('salary-penalties').getByRole('checkbox', { name: new RegExp(fine) }).check();
  await expect(salary.getByTestId('salary-deducted-amount')).toHaveText(money(PENALTY));
  await expect(salary.getByTestId('salary-net-amount')).toHaveText(money(SALARY - PENALTY));
  await salary.getByTestId('salary-pay').click();
  const confirmPay = salary.getByTestId('salary-confirm');
  await expect(confirmPay.getByTestId('salary-confirm-net')).toHaveText(money(SALARY - PENALTY));
  await expect(confirmPay.getByRole('radio', { name: 'Espèces (caisse)' })).toBeChecked();
  await confirmPay.getByTestId('salary-confirm-pay').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Salaire payé avec succès' })).toBeVisible();
  await expect(salary.getByTestId('salary-already-paid')).toContainText(`${money(SALARY - PENALTY)} net (brut ${money(SALARY)}, pénalités ${money(PENALTY)})`);
  // Counted once: nothing left to pay for the period, the fine no longer offered.
  await expect(salary.getByTestId('salary-gross-amount')).toHaveText(money(0));
  await expect(salary.getByTestId('salary-pay')).toBeDisabled();
  await expect(salary.getByRole('checkbox', { name: new RegExp(fine) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // ── The dashboard moved by what was collected: today's cash, yesterday's mobile money. ──
  const after = await dashboardOnScreen(page, headers);
  expect(after.actual_recipe.amount).toBe(before.actual_recipe.amount + OBJECTIVE + MOBILE_PART);
  expect(after.receipts_expected_today.collected).toBe(before.receipts_expected_today.collected + OBJECTIVE);
  // The uncollected card is Encaissements' 'Non encaissées' total, whatever the job added meanwhile.
  const unpaid = await apiCall<{ total_remaining: number }>(page, 'GET', '/api/transaction/unpaid/recipes/history?page=1&itemPerPage=1', headers);
  expect(after.previous_receipts_not_collected.amount).toBe(unpaid.total_remaining);
});
