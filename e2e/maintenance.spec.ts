import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 18 section 5, as an owner lives it on a phone (360 px): he schedules today's repair of a
// demo vehicle a driver is planned on, with two components (one he adds to the catalogue on the
// way); he is told which driver loses which day before confirming. While it runs, the vehicle is in
// maintenance (yellow) and the planning shows 'Entretien' instead of its driver. He finishes it with
// the real amounts, the garage's invoice and a caisse: the caisse's balance drops by what was paid
// and the expense shows in Opérations. Every figure on screen is checked against the app's own API.
const PARK_ZONE = 'Africa/Douala';
const CAISSE = 'Caisse Akwa';
const RUN = String(Date.now()).slice(-6);
const NEW_COMPONENT = `Capteur ABS ${RUN}`;
const BRAKE_PADS = 'Plaquettes de frein';
const PADS_PAID = 15_000;
const SENSOR_PAID = 3_500;

type Headers = Record<string, string>;
interface PlanningEntry {
  type: 'planning' | 'entretien';
  date: string;
  vehicle: { id: string; registration_number: string };
  driver?: { id: string; first_name: string; last_name: string };
}
interface Maintenance {
  id: string;
  state: string;
  amount: number;
  start_date: string;
  end_date: string;
  vehicle: { id: string };
  operations: { id: string; amount: number; sub_account: { name: string } }[];
}
interface Caisse {
  id: string;
  name: string;
  sold: number;
}

/** '1,234,567.5 XAF', as every screen writes an amount of the demo park. */
const money = (amount: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)} XAF`;

function parkToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PARK_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

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

async function apiGet<T>(page: Page, url: string, headers: Headers): Promise<T> {
  const r = await page.request.get(url, { headers });
  const body = (await r.json()) as { code: number; message: string; data: T };
  if (body.code !== 5000) throw new Error(`GET ${url}: ${r.status()} ${body.message}`);
  return body.data;
}

/** The balance page: the caisse as the API gives it, after checking its card shows the same balance. */
async function caisseOnScreen(page: Page, headers: Headers, parkId: string): Promise<Caisse> {
  await page.goto('/dashboard/status-accounts');
  const caisses = await apiGet<Caisse[]>(page, `/api/caisse?filter_by_profile=true&park_id=${parkId}`, headers);
  const caisse = caisses.find((c) => c.name === CAISSE)!;
  const card = page.locator(`[data-testid="caisse-card"][data-caisse-name="${CAISSE}"]`);
  await expect(card.getByTestId('caisse-card-sold')).toHaveText(money(caisse.sold));
  return caisse;
}

/** Opens a Select and picks the option. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A PDF the server takes for one (it judges files by their first bytes), of some 300 kB. */
function invoicePdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n% Facture E2E\n'), Buffer.alloc(300 * 1024 - 30, 0x20), Buffer.from('\n%%EOF\n')]);
}

/**
 * The app's headers, the park, and a planning entry of today whose vehicle no maintenance holds
 * today (the demo has one running today, and earlier tests may have taken others).
 */
async function vehicleDrivenToday(page: Page, today: string) {
  const { headers, url } = await appCall(page, '/api/planning/', () => page.goto('/dashboard/schedule'));
  const parkId = url.pathname.split('/').pop()!;
  const entries = await apiGet<PlanningEntry[]>(page, `/api/planning/${parkId}?start_date=${today}&end_date=${today}`, headers);
  const open = await apiGet<{ items: Maintenance[] }>(page, `/api/entretien?status=available&start_date=${today}&end_date=${today}&itemPerPage=1000`, headers);
  const busy = new Set([...open.items.map((m) => m.vehicle.id), ...entries.filter((e) => e.type === 'entretien').map((e) => e.vehicle.id)]);
  const planned = entries.find((e) => e.type === 'planning' && e.date === today && e.driver && !busy.has(e.vehicle.id));
  expect(planned, 'a vehicle driven today and not in maintenance').toBeTruthy();
  return { headers, parkId, planned: planned! };
}

test('a repair scheduled with two components, the vehicle in maintenance on the planning, finished with an invoice from a caisse', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const today = parkToday();
  const todayShort = `${today.slice(8, 10)}/${today.slice(5, 7)}`;

  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');

  // ── A demo vehicle a driver drives today, with no maintenance running today. ──
  const { headers, parkId, planned } = await vehicleDrivenToday(page, today);
  const plate = planned.vehicle.registration_number;
  const driverName = planned.driver!.last_name;

  // ── Programmer un entretien: today, a repair, brake pads and a new component. ──
  await page.goto('/dashboard/maintenance');
  await expect(page.getByTestId('maintenance-page')).toBeVisible();
  await page.getByTestId('maintenance-add').click();
  const form = page.getByTestId('maintenance-schedule-dialog');
  await expect(form.getByTestId('maintenance-schedule-next')).toBeDisabled();
  await expect(form.getByTestId('maintenance-warning')).toHaveText('Veuillez sélectionner le véhicule concerné.');

  await form.getByTestId('maintenance-vehicle').click();
  const picker = page.getByTestId('vehicle-picker');
  await picker.getByTestId('vehicle-picker-search').fill(plate);
  await picker.getByTestId('vehicle-picker-item').filter({ hasText: plate }).click();
  await picker.getByTestId('vehicle-picker-confirm').click();
  await expect(form.getByTestId('maintenance-vehicle')).toHaveText(plate);
  // One day, today, is what a fresh form holds.
  await expect(form.getByRole('radio', { name: 'Une journée' })).toBeChecked();
  await expect(form.getByTestId('maintenance-warning')).toHaveText("Veuillez sélectionner le type d'entretien.");

  await choose(page, form.getByTestId('maintenance-repair-type'), 'Réparation');
  await expect(form.getByTestId('maintenance-warning')).toHaveText("Veuillez sélectionner les éléments concernés pour l'entretien.");
  await form.getByTestId('maintenance-components-open').click();
  const checklist = page.getByTestId('maintenance-components-dialog');
  const pads = checklist.locator(`[data-testid="maintenance-component"][data-component-name="${BRAKE_PADS}"]`);
  await pads.getByRole('checkbox').check();
  // A checked component shows its amount, 2000 to start with.
  await expect(pads.getByTestId('maintenance-component-amount')).toHaveValue('2,000');
  await pads.getByTestId('maintenance-component-amount').fill(String(PADS_PAID));

  await checklist.getByTestId('maintenance-component-new').click();
  const adding = page.getByTestId('maintenance-new-component-dialog');
  await adding.getByLabel("Nom de l'élément").fill('ABS');
  await adding.getByTestId('maintenance-new-component-submit').click();
  await expect(adding.getByText("Le nom de l'élément doit compter plus de 3 caractères")).toBeVisible();
  await adding.getByLabel("Nom de l'élément").fill(NEW_COMPONENT);
  await adding.getByTestId('maintenance-new-component-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Composant ajouté' })).toBeVisible();
  const sensor = checklist.locator(`[data-testid="maintenance-component"][data-component-name="${NEW_COMPONENT}"]`);
  await expect(sensor.getByRole('checkbox')).toBeChecked();
  await expect(sensor.getByTestId('maintenance-component-amount')).toHaveValue('2,000');
  await checklist.getByTestId('maintenance-components-done').click();

  await expect(form.getByTestId('maintenance-group-components')).toContainText(`${BRAKE_PADS} · ${money(PADS_PAID)}`);
  await expect(form.getByTestId('maintenance-estimate')).toContainText(money(PADS_PAID + 2000));
  await expect(form.getByTestId('maintenance-warning')).toHaveCount(0);
  await form.getByTestId('maintenance-description').fill(`Freins E2E ${RUN}`);

  // 'Suivant': the driver planned today loses the day, and is told so before confirming.
  await form.getByTestId('maintenance-schedule-next').click();
  const lost = page.getByTestId('maintenance-lost-days-dialog');
  await expect(lost.getByTestId('maintenance-lost-days')).toContainText(driverName);
  await expect(lost.getByTestId('maintenance-lost-days')).toContainText(todayShort);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/entretien') && r.request().method() === 'POST');
  await lost.getByTestId('maintenance-lost-days-dialog-confirm').click();
  const body = (await (await created).json()) as { code: number; message: string; data: Maintenance };
  expect(body.code, body.message).toBe(5000);
  const maintenanceId = body.data.id;
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Entretien programmé' })).toBeVisible();

  // The detail opens on it: running today, the estimate, 'Terminer' and 'Annuler' offered.
  const detail = page.locator('[role="dialog"]').filter({ has: page.getByTestId('maintenance-detail-state') });
  await expect(detail.getByTestId('maintenance-detail-state')).toHaveText('En cours');
  await expect(detail.getByTestId('maintenance-detail-amount')).toHaveText(money(PADS_PAID + 2000));
  await expect(detail.getByTestId('maintenance-finish')).toBeEnabled();
  await expect(detail.getByTestId('maintenance-cancel')).toBeEnabled();
  await page.keyboard.press('Escape');

  // ── The vehicle is in maintenance (yellow) and the planning shows it instead of the driver. ──
  await page.goto('/dashboard/drivers/vehicles');
  await page.getByTestId('vehicles-table-search').fill(plate);
  const vehicleCard = page.getByTestId('vehicles-table-card').filter({ hasText: plate });
  await expect(vehicleCard.getByTestId('vehicle-status')).toHaveAttribute('data-status', 'maintain');

  await page.goto(`/dashboard/schedule?vehicle_id=${planned.vehicle.id}`);
  const day = page.getByTestId('planning-day-view');
  await expect(day).toHaveAttribute('data-day', today);
  await expect(day.getByTestId('planning-maintenance')).toContainText('Entretien');
  await expect(day.getByTestId('planning-entry')).toHaveCount(0);

  // ── Where the money stands before the garage is paid. ──
  const before = await caisseOnScreen(page, headers, parkId);
  expect(before.sold).toBeGreaterThanOrEqual(PADS_PAID + SENSOR_PAID);

  // ── Entretien effectué: the caisse, the real amounts, the invoice. ──
  await page.goto('/dashboard/maintenance');
  await page.getByTestId('maintenance-table-filters').click();
  await choose(page, page.getByTestId('maintenance-state-filter'), 'En cours');
  await page.getByTestId('maintenance-table-filters-apply').click();
  await page.locator(`[data-testid="maintenance-table-card"][data-row-id="${maintenanceId}"]`).getByTestId('maintenance-table-card-open').click();
  await detail.getByTestId('maintenance-finish').click();
  const finish = page.getByTestId('maintenance-finish-dialog');
  const amounts = finish.getByTestId('maintenance-finish-amount');
  await expect(amounts).toHaveCount(2);
  await expect(finish.getByLabel(BRAKE_PADS)).toHaveValue(money(PADS_PAID).replace(' XAF', ''));
  await finish.getByLabel(NEW_COMPONENT).fill('');
  await finish.getByTestId('maintenance-finish-submit').click();
  // The owner holds ACCESS_CAISSE_CASH (no caisse means the default cash account): the amounts speak first.
  await expect(page.getByTestId('toast-error').filter({ hasText: 'Entrez tous les montants' })).toBeVisible();
  await finish.getByLabel(NEW_COMPONENT).fill(String(SENSOR_PAID));
  await choose(page, finish.getByTestId('maintenance-finish-caisse'), `${CAISSE} · ${money(before.sold)}`);
  await finish.getByTestId('maintenance-invoice-input').setInputFiles({ name: `facture-${RUN}.pdf`, mimeType: 'application/pdf', buffer: invoicePdf() });
  await expect(finish.getByTestId('maintenance-invoice-name')).toHaveText(`facture-${RUN}.pdf`);
  await expect(finish.getByTestId('maintenance-invoice-size')).toHaveText('0.29 Mo');
  await finish.getByTestId('maintenance-finish-description').fill(`Plaquettes et capteur changés ${RUN}`);
  // The odometer only goes up: a little past what the vehicle reads now.
  const odometer = ((await apiGet<{ mileage: number | null }>(page, `/api/vehicle/all-data/${planned.vehicle.id}`, headers)).mileage ?? 0) + 250;
  await finish.getByTestId('maintenance-finish-mileage').fill(String(odometer));
  await finish.getByTestId('maintenance-finish-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Entretien clôturé' })).toBeVisible();
  await expect(finish).toBeHidden();

  // The detail: finished, what was paid, the invoice, the operation, no more actions.
  const paid = PADS_PAID + SENSOR_PAID;
  await expect(detail.getByTestId('maintenance-detail-state')).toHaveText('Terminé');
  await expect(detail.getByTestId('maintenance-detail-amount')).toHaveText(money(paid));
  await expect(detail.getByTestId('maintenance-detail-invoice')).toContainText(`facture-${RUN}.pdf (0.29 Mo)`);
  await expect(detail.getByTestId('maintenance-detail-operations')).toContainText(money(paid));
  await expect(detail.getByTestId('maintenance-finish')).toHaveCount(0);
  const done = await apiGet<Maintenance>(page, `/api/entretien/${maintenanceId}`, headers);
  expect(done.state).toBe('finished');
  expect(done.operations.map((o) => o.amount)).toEqual([paid]);
  expect((await apiGet<{ mileage: number | null }>(page, `/api/vehicle/all-data/${planned.vehicle.id}`, headers)).mileage).toBe(odometer);
  await page.keyboard.press('Escape');

  // ── The caisse paid it, and Opérations shows the expense. ──
  const after = await caisseOnScreen(page, headers, parkId);
  expect(after.sold).toBe(before.sold - paid);

  await page.goto('/dashboard/operations');
  const operation = page.locator(`[data-testid="operations-table-card"][data-row-id="${done.operations[0]!.id}"]`);
  await expect(operation).toContainText('Réparation');
  await expect(operation).toContainText(money(paid));
  await expect(operation).toContainText(plate);
});

test("from the vehicle's details: a few hours' oil change scheduled, then canceled after 'Ne pas annuler' kept it", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 780 });
  const today = parkToday();
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  const { planned } = await vehicleDrivenToday(page, today);
  const plate = planned.vehicle.registration_number;

  await page.goto('/dashboard/drivers/vehicles');
  await page.getByTestId('vehicles-table-search').fill(plate);
  await page.getByTestId('vehicles-table-card').filter({ hasText: plate }).getByTestId('vehicles-table-card-open').click();
  const details = page.getByTestId('vehicle-details');
  await details.getByTestId('vehicle-tab-maintenance').click();
  const history = page.getByTestId('vehicle-maintenance');
  await expect(history.locator('[data-testid="vehicle-maintenance-table-cards"], [data-testid="vehicle-maintenance-table-empty"]')).toBeVisible();
  await history.getByTestId('vehicle-maintenance-add').click();

  // The form opens on this vehicle; a few hours whose end comes before the start is refused.
  const form = page.getByTestId('maintenance-schedule-dialog');
  await expect(form.getByTestId('maintenance-vehicle')).toHaveText(plate);
  await form.getByRole('radio', { name: 'Quelques heures' }).check();
  await choose(page, form.getByTestId('maintenance-repair-type'), 'Vidange');
  await form.getByTestId('maintenance-components-open').click();
  const checklist = page.getByTestId('maintenance-components-dialog');
  await checklist.locator('[data-testid="maintenance-component"][data-component-name="Huile moteur"]').getByRole('checkbox').check();
  await checklist.getByTestId('maintenance-components-done').click();
  await expect(form.getByTestId('maintenance-warning')).toHaveCount(0);
  const endTime = form.getByTestId('maintenance-end-time');
  await endTime.getByLabel('Heures').click();
  await page.keyboard.type('07');
  await page.keyboard.type('00');
  await expect(form.getByTestId('maintenance-end-time-value')).toHaveValue('07:00');
  await expect(form.getByTestId('maintenance-warning')).toHaveText('Veuillez renseigner correctement la date et les heures de début et de fin.');
  await expect(form.getByTestId('maintenance-schedule-next')).toBeDisabled();
  await endTime.getByLabel('Heures').click();
  await page.keyboard.type('11');
  await page.keyboard.type('30');
  await expect(form.getByTestId('maintenance-end-time-value')).toHaveValue('11:30');
  await expect(form.getByTestId('maintenance-warning')).toHaveCount(0);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/entretien') && r.request().method() === 'POST');
  await form.getByTestId('maintenance-schedule-next').click();
  // The driver planned today may lose the day: then it is confirmed.
  const lost = page.getByTestId('maintenance-lost-days-dialog');
  const lostList = lost.getByTestId('maintenance-lost-days');
  await expect(lostList.or(page.getByTestId('toast-success').filter({ hasText: 'Entretien programmé' })).first()).toBeVisible();
  if (await lostList.isVisible()) await lost.getByTestId('maintenance-lost-days-dialog-confirm').click();
  const body = (await (await created).json()) as { code: number; message: string; data: Maintenance };
  expect(body.code, body.message).toBe(5000);
  expect([body.data.start_date, body.data.end_date]).toEqual([`${today}T08:00:00`, `${today}T11:30:00`]);

  // Its detail: 'Ne pas annuler' keeps it, 'Annuler l'entretien' cancels it.
  const detail = page.locator('[role="dialog"]').filter({ has: page.getByTestId('maintenance-detail-state') });
  await expect(detail.getByTestId('maintenance-detail-state')).not.toHaveText('Annulé');
  await detail.getByTestId('maintenance-cancel').click();
  const confirm = page.getByTestId('maintenance-cancel-dialog');
  await expect(confirm).toContainText('Êtes-vous sûr de vouloir annuler cet entretien\u00a0?');
  await confirm.getByRole('button', { name: 'Ne pas annuler' }).click();
  await expect(detail.getByTestId('maintenance-detail-state')).not.toHaveText('Annulé');
  await detail.getByTestId('maintenance-cancel').click();
  await confirm.getByRole('button', { name: "Annuler l'entretien" }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Entretien annulé' })).toBeVisible();
  await expect(detail.getByTestId('maintenance-detail-state')).toHaveText('Annulé');
  await expect(detail.getByTestId('maintenance-cancel')).toHaveCount(0);
  await expect(detail.getByTestId('maintenance-finish')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The vehicle's history lists it, canceled.
  await expect(history.locator(`[data-testid="vehicle-maintenance-table-card"][data-row-id="${body.data.id}"]`).getByTestId('maintenance-state')).toHaveText('Annulé');
});
