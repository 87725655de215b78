import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 4 as an owner lives it: a vehicle's insurance ends in 10 days; the owner records it from the
// documents screen, sees it in the list of papers to renew, then puts the vehicle in a new group,
// takes it out and back in, and deletes the group.
const PARK_ZONE = 'Africa/Douala';
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** The headers the app itself sends (its access token lives only in memory), read from one of its calls. */
async function appHeaders(page: Page, navigate: () => Promise<unknown>): Promise<Record<string, string>> {
  const call = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers()['authorization'] && !!r.headers()['profile_id']);
  await navigate();
  const h = (await call).headers();
  return { authorization: h['authorization']!, profile_id: h['profile_id']! };
}

async function apiData<T>(page: Page, method: 'get' | 'post', url: string, headers: Record<string, string>, data?: unknown): Promise<T> {
  const r = await page.request[method](url, { headers, data });
  const body = (await r.json()) as { code: number; message: string; data: T };
  if (body.code !== 5000) throw new Error(`${method.toUpperCase()} ${url}: ${r.status()} ${body.message}`);
  return body.data;
}

/** A day in the park's time zone, `offset` days from today: its wire form and the calendar's label. */
function parkDay(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: PARK_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return { wire: d.toISOString().slice(0, 10), label: `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`, month: d.getUTCMonth() };
}

/** Opens a date field's calendar and clicks the day, moving to the next month when it is there. */
async function pickDay(page: Page, field: string, day: ReturnType<typeof parkDay>) {
  await page.getByTestId(field).click();
  // The calendar that just opened (the previous field's may still be fading out).
  const next = page.getByRole('button', { name: 'Mois suivant' }).filter({ visible: true }).last();
  await expect(next).toBeVisible();
  const button = page.getByRole('button', { name: day.label, exact: true }).filter({ visible: true });
  if ((await button.count()) === 0) await next.click();
  await button.last().click();
}

// One test, so the owner signs in once: codes to one address are limited to 3 per 15 minutes.
test('an expiring insurance, then a vehicle group, as the owner', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');

  // A vehicle made through the API, with the seeded reference data.
  const headers = await appHeaders(page, () => page.goto('/dashboard/drivers/documents'));
  const [type] = await apiData<{ id: number }[]>(page, 'get', '/api/vehicle-type', headers);
  const brands = await apiData<{ items: { id: number; name: string }[] }>(page, 'get', '/api/brand?itemPerPage=1000&page=1', headers);
  const brand = brands.items.find((b) => b.name === 'Toyota') ?? brands.items[0]!;
  const [model] = await apiData<{ id: number }[]>(page, 'get', `/api/model/${brand.id}`, headers);
  const colors = await apiData<{ id: number; name: string }[]>(page, 'get', '/api/color', headers);
  const color = colors.find((c) => c.name === 'Jaune') ?? colors[0]!;
  const plate = `LT-${String(Date.now()).slice(-6)}-E`;
  const vehicle = await apiData<{ id: string }>(page, 'post', '/api/vehicle', headers, {
    vehicle_type_id: type!.id,
    brand_id: brand.id,
    model_id: model!.id,
    color_id: color.id,
    registration_number: plate,
    label: 'Taxi documents E2E',
  });
  expect(vehicle.id).toBeTruthy();

  // Documents: the fleet's tabs, the default 30-day window.
  await expect(page.getByTestId('fleet-tabs')).toBeVisible();
  await expect(page.getByTestId('expiring-days').getByRole('radio', { name: '30 jours' })).toBeChecked();
  await page.getByTestId('document-add').click();
  const picker = page.getByTestId('document-vehicle-picker');
  await expect(picker.getByText('Sélectionner un véhicule')).toBeVisible();
  await picker.getByTestId('document-vehicle-picker-search').fill(plate);
  await picker.getByTestId('document-vehicle-picker-item').filter({ hasText: plate }).click();
  await picker.getByTestId('document-vehicle-picker-confirm').click();

  const dialog = page.getByTestId('document-dialog');
  await expect(dialog.getByText('Nouveau document')).toBeVisible();
  await dialog.getByTestId('document-submit').click();
  await expect(dialog.getByText('Veuillez sélectionner le type de document')).toBeVisible();
  await expect(dialog.getByText('La date de début est requise')).toBeVisible();

  // A park's own document type, from the '+'.
  await dialog.getByTestId('document-type-add').click();
  const typeDialog = page.getByTestId('document-type-dialog');
  await typeDialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(typeDialog.getByText('Entrez un nom de document valide')).toBeVisible();
  const ownType = `Contrôle anti-pollution ${Date.now() % 100000}`;
  await typeDialog.getByTestId('document-type-name').fill(ownType);
  await typeDialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Type de document ajouté avec succès' })).toBeVisible();
  await expect(typeDialog).toBeHidden();
  await expect(dialog.getByTestId('document-type')).toHaveValue(ownType);

  // The insurance: its form reveals the insurer, one of the park's active suppliers (optional).
  await dialog.getByTestId('document-type').click();
  await page.getByRole('option', { name: 'Assurance', exact: true }).click();
  await expect(dialog.getByTestId('document-supplier')).toBeEnabled();
  await pickDay(page, 'document-start-date', parkDay(0));
  await pickDay(page, 'document-end-date', parkDay(10));
  await dialog.getByTestId('document-description').fill('Assurance tous risques, agence Akwa');
  await dialog.getByTestId('document-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: /^Document ajouté avec succès$/ })).toBeVisible();
  await expect(dialog).toBeHidden();

  const table = page.getByTestId('expiring-documents-table');
  await table.getByTestId('expiring-documents-table-search').fill(plate);
  const row = table.getByTestId('expiring-documents-table-row').filter({ hasText: plate });
  await expect(row).toContainText('Assurance');
  await expect(row).toContainText(parkDay(10).wire.split('-').reverse().join('/'));
  await expect(row.getByTestId('expiring-days-left')).toHaveText('10 jours restants');
  await expect(row.getByTestId('expiring-days-left')).toHaveAttribute('data-status', 'expiring');
  // A 7-day window leaves it out.
  await page.getByTestId('expiring-days').getByText('7 jours').click();
  await expect(table.getByTestId('expiring-documents-table-row').filter({ hasText: plate })).toHaveCount(0);

  // Groups: a new group with that vehicle and the owner as administrator.
  await page.getByTestId('fleet-tab-Groupes').click();
  await expect(page).toHaveURL(/\/dashboard\/drivers\/groups$/);
  await page.getByTestId('group-add').click();
  const groupDialog = page.getByTestId('group-dialog');
  await groupDialog.getByTestId('group-submit').click();
  await expect(groupDialog.getByText('Le nom du groupe est requis')).toBeVisible();
  const title = `Taxis Akwa ${Date.now() % 100000}`;
  await groupDialog.getByTestId('group-title').fill(title);
  await groupDialog.getByTestId('group-description').fill('Les taxis jaunes du quartier Akwa');
  await groupDialog.getByTestId('group-vehicles').click();
  await groupDialog.getByTestId('group-vehicles').pressSequentially(plate.slice(0, 9));
  await page.getByRole('option', { name: new RegExp(plate) }).click();
  await groupDialog.getByTestId('group-admins').click();
  await page.getByRole('option').first().click();
  await groupDialog.getByTestId('group-title').click(); // closes the list
  await groupDialog.getByTestId('group-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Groupe ajouté avec succès' })).toBeVisible();
  await expect(groupDialog).toBeHidden();

  const card = page.locator(`[data-testid="group-card"][data-group-title="${title}"]`);
  await expect(card.getByTestId('group-card-vehicles')).toHaveText('1 véhicule');
  await expect(card.getByTestId('group-card-admins')).toBeVisible();

  // Its vehicles: remove the one, then add it back among the vehicles in no group.
  await card.getByTestId('group-card-open').click();
  const vehiclesDialog = page.getByTestId('group-vehicles-dialog');
  await expect(vehiclesDialog.getByTestId('group-vehicle')).toContainText(plate);
  await vehiclesDialog.getByTestId('group-vehicle-remove').click();
  await expect(vehiclesDialog.getByText("Aucun véhicules dans ce groupe pour l'instant")).toBeVisible();
  await vehiclesDialog.getByTestId('group-vehicles-empty-action').click();
  const add = page.getByTestId('group-add-vehicles');
  await add.getByTestId('group-add-vehicles-search').fill(plate);
  await add.getByTestId('group-add-vehicles-item').filter({ hasText: plate }).click();
  await add.getByTestId('group-add-vehicles-confirm').click();
  await expect(vehiclesDialog.getByTestId('group-vehicle')).toContainText(plate);
  // The dialog's own button: the theme names the corner cross 'Fermer' too.
  await vehiclesDialog.getByTestId('group-vehicles-close').click();
  await expect(card.getByTestId('group-card-vehicles')).toHaveText('1 véhicule');

  // Edit, then delete after confirming.
  await card.getByTestId('group-edit').click();
  await expect(groupDialog.getByTestId('group-title')).toHaveValue(title);
  await groupDialog.getByTestId('group-description').fill('Taxis jaunes, Akwa et Bonanjo');
  await groupDialog.getByTestId('group-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Groupe mis à jour avec succès' })).toBeVisible();
  await expect(card).toContainText('Akwa et Bonanjo');

  await card.getByTestId('group-delete').click();
  await page.getByTestId('group-delete-dialog-confirm').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Groupe supprimé' })).toBeVisible();
  await expect(card).toHaveCount(0);
});
