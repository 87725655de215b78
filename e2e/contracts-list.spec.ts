import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiData, appCall, PARK_ZONE, parkDay, pick, pickDay, type Headers } from './contract-helpers.ts';
import { DEMO_OWNER, latestOtp, signIn } from './sign-in-helpers.ts';

// Issue 19 section 3, the contracts list as the demo owner lives it: the figures and the list, a
// partner contract (the vehicle's owner chosen for him) and a driver's hire purchase created through
// the form with the schedule's preview in sight, both found in the list, the list narrowed to one
// type; on a phone the same list reads as cards with its filters folded. An administrator who may
// read contracts but not manage them sees no creation button.
const RUN = String(Date.now()).slice(-6);
const PARTNER_PLATE = `PA-${RUN.slice(0, 3)}-${RUN.slice(3)}`;
const DRIVER_PLATE = `DR-${RUN.slice(0, 3)}-${RUN.slice(3)}`;
const OWNER = { first_name: 'Simon', last_name: `Ebongue${RUN}` };
const DRIVER = { first_name: 'Paul', last_name: `Mbarga${RUN}`, phone: `+23767${RUN}3` };
const READER = { email: `lecteur.contrats.${RUN}@flotte.demo`, password: 'Contrats2026!', pin: '13579' };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 780 };

// E2E_SHOTS_DIR=/tmp/shots keeps a screenshot of the list and the form at each width.
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}-${page.viewportSize()?.width}.png`), fullPage, animations: 'disabled' });
}

async function pickVehicle(page: Page, form: Locator, plate: string) {
  await form.getByTestId('contract-vehicle').click();
  const vehicles = page.getByTestId('vehicle-picker');
  await vehicles.getByTestId('vehicle-picker-search').fill(plate);
  await vehicles.getByTestId('vehicle-picker-item').filter({ hasText: plate }).click();
  await vehicles.getByTestId('vehicle-picker-confirm').click();
  await expect(form.getByTestId('contract-vehicle')).toContainText(plate);
}

/** A vehicle of the demo's catalogue, through the API (the vehicle form is not the point here). */
async function addVehicle(page: Page, headers: Headers, plate: string, ownerId?: string) {
  const [type] = await apiData<{ id: number }[]>(page, 'get', '/api/vehicle-type', headers);
  const brands = await apiData<{ items: { id: number; name: string }[] }>(page, 'get', '/api/brand?itemPerPage=1000&page=1', headers);
  const brand = brands.items.find((b) => b.name === 'Toyota') ?? brands.items[0]!;
  const [model] = await apiData<{ id: number }[]>(page, 'get', `/api/model/${brand.id}`, headers);
  const [color] = await apiData<{ id: number }[]>(page, 'get', '/api/color', headers);
  await apiData(page, 'post', '/api/vehicle', headers, {
    vehicle_type_id: type!.id,
    brand_id: brand.id,
    model_id: model!.id,
    color_id: color!.id,
    registration_number: plate,
    ...(ownerId ? { vehicle_owner_id: ownerId } : {}),
  });
}

test('contracts list: figures, a partner and a driver contract created through the form, found and filtered; no creation without MANAGE_CONTRACTS', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');

  // ── The screen: its figures and its list. ──
  const { headers, url } = await appCall(page, '/api/vehicle-owner', () => page.getByTestId('nav-VIEW_CONTRACTS').click());
  const parkId = url.searchParams.get('park_id')!;
  await expect(page).toHaveURL(/\/dashboard\/contracts$/);
  await expect(page.getByRole('heading', { name: 'Contrats', level: 1 })).toBeVisible();
  const stats = await apiData<{ total: number }>(page, 'get', '/api/contract/stats', headers);
  await expect(page.getByTestId('contract-stat-total-value')).toHaveText(String(stats.total));
  await expect(page.getByTestId('contract-stat-remaining-value')).toContainText('XAF');

  // ── Who the contracts are with: an owner and his car, a driver and the car he buys. ──
  const owner = await apiData<{ id: string }>(page, 'post', '/api/vehicle-owner', headers, { type: 'individuel', ...OWNER, park_id: parkId });
  await addVehicle(page, headers, PARTNER_PLATE, owner.id);
  await addVehicle(page, headers, DRIVER_PLATE);
  await apiData(page, 'post', '/api/driver', headers, { ...DRIVER, driver_type_id: 1 });
  await page.reload();

  // ── A partner contract: the owner comes with the vehicle; weekly for two weeks, three payments. ──
  await page.getByTestId('contract-add-partner').click();
  let form = page.getByTestId('contract-form-dialog');
  await expect(form.getByRole('heading', { name: 'Nouveau contrat partenaire' })).toBeVisible();
  await form.getByTestId('contract-submit').click();
  await expect(form.getByTestId('contract-vehicle-error')).toHaveText('Veuillez sélectionner le véhicule');
  await pickVehicle(page, form, PARTNER_PLATE);
  await expect(form.getByTestId('contract-owner')).toHaveValue(`${OWNER.last_name} ${OWNER.first_name}`);
  await form.getByTestId('contract-frequency-amount').fill('75000');
  await pick(page, form.getByTestId('contract-frequency'), 'Par semaine');
  await pickDay(page, form.getByTestId('contract-end-date'), parkDay(14), 'Mois suivant');
  const preview = form.getByTestId('contract-preview');
  await expect(preview.getByTestId('contract-preview-count')).toHaveText('3');
  await expect(preview.getByTestId('contract-preview-first')).toHaveText(parkDay(0).shown);
  await expect(preview.getByTestId('contract-preview-last')).toHaveText(parkDay(14).shown);
  await expect(preview.getByTestId('contract-preview-total')).toHaveText('225,000 XAF');
  await shot(page, 'contract-form-partner');
  await form.getByTestId('contract-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Contrat partenaire ajouté avec succès' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/contracts\/[0-9a-f-]{36}$/);

  // ── A driver's hire purchase: 450,000 at 100,000 a month, the last instalment the remainder. ──
  await page.goto('/dashboard/contracts');
  await page.getByTestId('contract-add-driver').click();
  form = page.getByTestId('contract-form-dialog');
  await pickVehicle(page, form, DRIVER_PLATE);
  await form.getByTestId('contract-driver').click();
  const drivers = page.getByTestId('driver-picker');
  await drivers.getByTestId('driver-picker-search').fill(DRIVER.last_name);
  await drivers.getByTestId('driver-picker-item').filter({ hasText: DRIVER.last_name }).click();
  await drivers.getByTestId('driver-picker-confirm').click();
  await expect(form.getByTestId('contract-driver')).toContainText(DRIVER.last_name);
  await form.getByTestId('contract-frequency-amount').fill('100000');
  await form.getByTestId('contract-total-amount').fill('450000');
  await expect(form.getByTestId('contract-preview-count')).toHaveText('5');
  await expect(form.getByTestId('contract-preview-remainder')).toContainText('50,000 XAF');
  await expect(form.getByTestId('contract-preview-lines').locator('tbody tr')).toHaveCount(5);
  await shot(page, 'contract-form-driver');
  await form.getByTestId('contract-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Contrat ajouté avec succès' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/contracts\/[0-9a-f-]{36}$/);

  // ── Both in the list, waiting for their signature; then only the partner contracts. ──
  await page.goto('/dashboard/contracts');
  const rows = page.getByTestId('contracts-table-row');
  const partnerRow = rows.filter({ hasText: PARTNER_PLATE });
  const driverRow = rows.filter({ hasText: DRIVER_PLATE });
  await expect(partnerRow).toContainText('Partenaire');
  await expect(partnerRow).toContainText(`${OWNER.last_name} ${OWNER.first_name}`);
  await expect(partnerRow).toContainText('75,000 XAF');
  await expect(partnerRow.getByTestId('contract-status')).toHaveText('En attente de signature');
  await expect(driverRow).toContainText('Location-vente');
  await expect(driverRow).toContainText(`${DRIVER.first_name} ${DRIVER.last_name}`);
  await expect(driverRow).toContainText('0 / 450,000 XAF');
  await expect(page.getByTestId('contract-stat-total-value')).toHaveText(String(stats.total + 2));
  await shot(page, 'contracts-list');
  await pick(page, page.getByTestId('contracts-type-filter'), 'Contrat partenaire');
  await expect(driverRow).toHaveCount(0);
  await expect(partnerRow).toHaveCount(1);
  for (const type of await rows.getByTestId('contract-type').allTextContents()) expect(type).toBe('Partenaire');

  // ── Once signed, only its terms change (the parties and the start are kept); saving goes back to the list. ──
  await partnerRow.click();
  await expect(page).toHaveURL(/\/dashboard\/contracts\/[0-9a-f-]{36}$/);
  await apiData(page, 'post', `/api/contract/${page.url().split('/').pop()}/sign`, headers, {});
  await page.reload();
  await page.getByTestId('contract-action-edit').click();
  form = page.getByTestId('contract-form-dialog');
  await expect(form.getByTestId('contract-form-active-note')).toBeVisible();
  await expect(form.getByTestId('contract-vehicle')).toBeDisabled();
  await expect(form.getByTestId('contract-owner')).toBeDisabled();
  await expect(form.getByTestId('contract-start-date')).toBeDisabled();
  await form.getByTestId('contract-frequency-amount').fill('80000');
  await expect(form.getByTestId('contract-preview-total')).toHaveText('240,000 XAF');
  await form.getByTestId('contract-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Contrat mis à jour' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/contracts$/);
  await expect(partnerRow).toContainText('80,000 XAF');
  await expect(partnerRow.getByTestId('contract-status')).toHaveText('Actif');

  // ── On a phone: cards, the filters behind one button, the form full screen. ──
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('contracts-table-cards')).toBeVisible();
  await expect(page.getByTestId('contracts-table-filters')).toBeVisible();
  await expect(page.getByTestId('contracts-type-filter')).toBeHidden();
  await expect(page.locator('[data-testid="contracts-table-cards"] [data-card="title"]').first()).toBeVisible();
  await shot(page, 'contracts-list');
  await page.getByTestId('contract-add-driver').click();
  await expect(page.getByTestId('contract-form-dialog').getByTestId('contract-preview-empty')).toBeVisible();
  await shot(page, 'contract-form-driver', false);
  await page.keyboard.press('Escape');

  // ── An administrator who reads contracts without managing them: the list, no creation. ──
  const role = await apiData<{ id: string }>(page, 'post', '/api/role-name/add', headers, { name: `Lecture contrats ${RUN}`, permissions: ['VIEW_CONTRACTS'] });
  await apiData(page, 'post', '/api/admin/add', headers, { first_name: 'Linda', last_name: `Ekane${RUN}`, email: READER.email, role_ids: [role.id] });
  const reader = await browser.newContext({ baseURL, viewport: PHONE, locale: 'fr-FR', timezoneId: PARK_ZONE });
  const agent = await reader.newPage();
  await apiData(agent, 'post', '/api/forgot-password', {}, { email: READER.email });
  const grant = await apiData<{ code: string }>(agent, 'post', '/api/forgot-password-verify-otp', {}, { email: READER.email, otp: await latestOtp(agent, READER.email) });
  await apiData(agent, 'post', '/api/reset-password', {}, { email: READER.email, code: grant.code, password: READER.password });
  await signIn(agent, { login: READER.email, ...READER }, 'agent');
  await agent.goto('/dashboard/contracts');
  await expect(agent.getByTestId('contracts-table-cards')).toBeVisible();
  await expect(agent.getByTestId('contract-stat-total-value')).toBeVisible();
  await expect(agent.getByTestId('contract-add-partner')).toHaveCount(0);
  await expect(agent.getByTestId('contract-add-driver')).toHaveCount(0);
  await reader.close();
});
