import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// A fleet owner on a 360 px phone: every list shows cards (what, how much, its status, when)
// that fit the screen, the filters sit behind one 'Filtres' button that counts them, and
// 'Voir plus' adds the next records under those already read.
const PHONE = { width: 360, height: 780 };

test.use({ viewport: PHONE });

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The part of a card is on screen, whole: not cut by the right edge. */
async function fullyOnScreen(part: Locator) {
  await expect(part).toBeVisible();
  const box = (await part.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

/** Picks an option of a Mantine select (its list opens in a portal). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rangeTotal = async (range: Locator) => Number(/sur (\d+)/.exec((await range.textContent()) ?? '')?.[1]);

test.beforeEach(async ({ page }) => {
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
});

test('operations: cards led by the amount and the status, Filtres counts, Voir plus appends', async ({ page }) => {
  await page.goto('/dashboard/operations');
  const list = page.getByTestId('operations-table');
  const cards = list.getByTestId('operations-table-card');
  await expect(cards).toHaveCount(10);
  await expect(list.getByTestId('operations-table-table')).toHaveCount(0); // no table squeezed into the phone
  const first = cards.first();
  await fullyOnScreen(first.locator('[data-card="title"]'));
  await fullyOnScreen(first.locator('[data-card="amount"]'));
  await expect(first.locator('[data-card="amount"]')).toHaveText(/\d.*XAF/);
  await fullyOnScreen(first.getByTestId('operation-status'));
  await fullyOnScreen(first.locator('[data-card="date"]'));
  await expect(first.locator('[data-card="date"]')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await noSidewaysScroll(page);
  // The search stays in sight; the filters fold into one button.
  await expect(list.getByTestId('operations-table-search')).toBeVisible();
  await expect(list.getByTestId('operations-type-filter')).toHaveCount(0);

  // 'Voir plus' adds the next ten under the first ones.
  const firstId = await first.getAttribute('data-row-id');
  await list.getByTestId('operations-table-more').click();
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toHaveAttribute('data-row-id', firstId!);
  await noSidewaysScroll(page);

  // One filter chosen in the sheet: the button counts it, the list holds expenses only.
  const all = await rangeTotal(list.getByTestId('operations-table-range'));
  await list.getByTestId('operations-table-filters').click();
  const sheet = page.getByRole('dialog', { name: 'Filtres' });
  await choose(page, sheet.getByTestId('operations-type-filter'), 'Dépenses');
  await sheet.getByTestId('operations-table-filters-apply').click();
  await expect(sheet).toBeHidden();
  await expect(list.getByTestId('operations-table-filters-count')).toHaveText('1');
  await expect(list.getByTestId('operations-table-filters')).toHaveAccessibleName('Filtres, 1 actif');
  await expect(cards).toHaveCount(10); // back to the first page of the new question
  await expect.poll(() => rangeTotal(list.getByTestId('operations-table-range'))).toBeLessThan(all);

  // A tap on a card opens the operation's detail, where its registration date now lives.
  await cards.first().getByTestId('operations-table-card-open').click();
  await expect(page.getByRole('dialog').getByText("Date d'enregistrement")).toBeVisible();
  await page.keyboard.press('Escape');

  // 'Réinitialiser' puts the list back.
  await list.getByTestId('operations-table-filters').click();
  await sheet.getByTestId('operations-table-filters-reset').click();
  await sheet.getByTestId('operations-table-filters-apply').click();
  await expect(list.getByTestId('operations-table-filters-count')).toHaveCount(0);
  await expect.poll(() => rangeTotal(list.getByTestId('operations-table-range'))).toBe(all);
});

test('receipts: the recipe cards show the driver, the objective and the status; a status filter counts', async ({ page }) => {
  await page.goto('/dashboard/receipts');
  const list = page.getByTestId('receipts-history');
  const cards = list.getByTestId('receipts-history-card');
  await expect(cards.first()).toBeVisible();
  const first = cards.first();
  await fullyOnScreen(first.locator('[data-card="title"]'));
  await fullyOnScreen(first.locator('[data-card="amount"]'));
  await fullyOnScreen(first.getByTestId('recipe-status'));
  await noSidewaysScroll(page);

  await list.getByTestId('receipts-history-filters').click();
  const sheet = page.getByRole('dialog', { name: 'Filtres' });
  await choose(page, sheet.getByTestId('receipts-status-filter'), 'Non encaissé');
  await sheet.getByTestId('receipts-history-filters-apply').click();
  await expect(list.getByTestId('receipts-history-filters-count')).toHaveText('1');
  await expect(cards.first().getByTestId('recipe-status')).toHaveText('Non encaissé');
  const statuses = await cards.getByTestId('recipe-status').allTextContents();
  expect(new Set(statuses)).toEqual(new Set(['Non encaissé']));

  // 'Voir plus' appends the next page of unpaid recipes.
  const shown = await cards.count();
  await list.getByTestId('receipts-history-more').click();
  await expect.poll(() => cards.count()).toBeGreaterThan(shown);
  await noSidewaysScroll(page);

  // The deleted recipes read as cards too.
  await page.getByTestId('receipts-tab-deleted').click();
  await expect(page.getByTestId('receipts-deleted-card').or(page.getByTestId('receipts-deleted-empty')).first()).toBeVisible();
  await noSidewaysScroll(page);
});

test('drivers and vehicles: cards with name, status and figure; Voir plus; a filter counted', async ({ page }) => {
  await page.goto('/dashboard/drivers');
  const drivers = page.getByTestId('drivers-table');
  const driverCards = drivers.getByTestId('drivers-table-card');
  await expect(driverCards).toHaveCount(10);
  await fullyOnScreen(driverCards.first().getByTestId('driver-row-name'));
  await fullyOnScreen(driverCards.first().locator('[data-card="status"]'));
  await noSidewaysScroll(page);
  await drivers.getByTestId('drivers-table-more').click();
  await expect(driverCards).toHaveCount(20);
  // A card opens the driver.
  await driverCards.first().getByTestId('drivers-table-card-open').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/drivers/vehicles');
  const vehicles = page.getByTestId('vehicles-table');
  const vehicleCards = vehicles.getByTestId('vehicles-table-card');
  await expect(vehicleCards).toHaveCount(10);
  await fullyOnScreen(vehicleCards.first().getByTestId('vehicle-row-label'));
  await fullyOnScreen(vehicleCards.first().getByTestId('vehicle-row-registration'));
  await fullyOnScreen(vehicleCards.first().locator('[data-card="status"]'));
  await noSidewaysScroll(page);

  await vehicles.getByTestId('vehicles-table-filters').click();
  const sheet = page.getByRole('dialog', { name: 'Filtres' });
  await choose(page, sheet.getByTestId('vehicles-group-filter'), 'Akwa');
  await sheet.getByTestId('vehicles-table-filters-apply').click();
  await expect(vehicles.getByTestId('vehicles-table-filters-count')).toHaveText('1');
  await expect(vehicleCards.first()).toContainText('Groupe : Akwa');
  const groups = await vehicleCards.evaluateAll((cards) => cards.map((c) => /Groupe : Akwa/.test(c.textContent ?? '')));
  expect(groups.every(Boolean)).toBe(true);
  await noSidewaysScroll(page);
});
