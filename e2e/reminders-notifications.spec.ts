import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 18 sections 2 and 3 on a 360 px phone: a service reminder added to a demo vehicle that is
// already due shows its urgency in the vehicle's details and in the vehicles list; the header's
// bell counts the unread notifications (the demo's morning run wrote some), opening one marks it
// read and leads to its record, and 'Tout marquer comme lu' clears the count.
const PHONE = { width: 360, height: 780 };
test.use({ viewport: PHONE });

// The reminder this spec writes, named so that no demo reminder is mistaken for it.
const TITLE = `Contrôle des freins ${Date.now().toString(36)}`;

const OWNER = { login: DEMO_OWNER.email, ...DEMO_OWNER };
// The cashier reads the fleet (VIEW_DRIVERS) but may not manage maintenance.
const AGENT = { login: 'agent@flotte.demo', password: DEMO_OWNER.password, pin: '13579' };

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Serious or critical axe findings inside `include`, as readable lines. */
async function axeProblems(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(include).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}

/** The bell's unread count, as its French name says it. */
async function unreadOnBell(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  if (label === 'Notifications, aucune non lue') return 0;
  const n = /^Notifications, (\d+) non lues?$/.exec(label);
  expect(n, label).not.toBeNull();
  return Number(n![1]);
}

test('a reminder already due shows as « À faire » in the vehicle and in the list', async ({ page }) => {
  await signIn(page, OWNER, 'proprietaire');
  await page.goto('/dashboard/drivers/vehicles');
  const list = page.getByTestId('vehicles-table');
  const cards = list.getByTestId('vehicles-table-card');
  await expect(cards.first()).toBeVisible();
  // A demo vehicle (its odometer is known; other specs add vehicles without one, listed first)
  // nothing is due on yet: its card shows no service urgency.
  const demoVehicle = page.getByTestId('vehicle-row-label').filter({ hasText: /^(Taxi|VTC|Location|Navette) \d{3}$/ });
  const calm = cards.filter({ has: demoVehicle }).filter({ hasNot: page.getByTestId('service-urgency') }).first();
  const registration = (await calm.getByTestId('vehicle-row-registration').innerText()).trim();
  await calm.getByTestId('vehicles-table-card-open').click();

  const details = page.getByTestId('vehicle-details');
  await details.getByTestId('vehicle-tab-reminders').click();
  const panel = details.getByTestId('vehicle-reminders');
  const summary = panel.getByTestId('vehicle-reminders-summary');
  await expect(summary).toContainText('Kilométrage actuel');
  // Due exactly now: every 1,000 km, last done 1,000 km ago.
  const mileage = Number(/Kilométrage actuel\s:\s([\d,]+) km/.exec(await summary.innerText())![1].replaceAll(',', ''));
  expect(mileage).toBeGreaterThan(1000);
  expect(await axeProblems(page, '[data-testid="vehicle-details"]')).toEqual([]);

  await panel.getByTestId('reminder-add').click();
  const dialog = page.getByTestId('reminder-dialog');
  await expect(dialog.getByRole('heading', { name: 'Nouveau rappel' })).toBeVisible();
  // Nothing said yet: the contract's messages under the fields.
  await dialog.getByTestId('reminder-submit').click();
  await expect(dialog).toContainText("Choisissez un type d'entretien ou saisissez un titre");
  await expect(dialog).toContainText('Indiquez un intervalle en kilomètres, en mois, ou les deux');
  await dialog.getByTestId('reminder-title').fill(TITLE);
  await dialog.getByTestId('reminder-every-km').fill('1000');
  await dialog.getByTestId('reminder-last-done-km').fill(String(mileage - 1000));
  await expect(dialog.getByTestId('reminder-recurring')).toBeChecked();
  expect(await axeProblems(page, '[data-testid="reminder-dialog"]')).toEqual([]);
  await dialog.getByTestId('reminder-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Rappel ajouté avec succès' })).toBeVisible();
  await expect(page.getByTestId('reminder-form')).toHaveCount(0);

  const card = panel.getByTestId('reminder-card').filter({ hasText: TITLE });
  await expect(card.getByTestId('reminder-urgency')).toHaveText('À faire');
  await expect(card).toContainText('Tous les 1,000 km');
  await expect(card).toContainText(`Échéance\u00a0: ${mileage.toLocaleString('en-US')} km`);
  await expect(card).toContainText('Kilométrage atteint');
  // The vehicle's own urgency is its worst reminder's.
  await expect(panel.getByTestId('vehicle-reminders-urgency')).toHaveText('À faire');
  await noSidewaysScroll(page);

  // Back in the list, the vehicle's card says it.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await list.getByTestId('vehicles-table-search').fill(registration);
  const found = cards.filter({ hasText: registration });
  await expect(found).toHaveCount(1);
  await expect(found.getByTestId('service-urgency')).toHaveText('À faire');
  await expect(found.getByTestId('service-urgency')).toHaveAttribute('data-urgency', 'due');

  // Deleted after a confirmation, the vehicle is calm again.
  await found.getByTestId('vehicles-table-card-open').click();
  await details.getByTestId('vehicle-tab-reminders').click();
  await panel.getByTestId('reminder-card').filter({ hasText: TITLE }).getByTestId('reminder-delete').click();
  await page.getByTestId('reminder-delete-dialog-confirm').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Rappel supprimé' })).toBeVisible();
  await expect(panel.getByTestId('reminder-card').filter({ hasText: TITLE })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(found.getByTestId('service-urgency')).toHaveCount(0);
});

test('the bell counts the unread notifications; one opened is read, then all', async ({ page }) => {
  await signIn(page, OWNER, 'proprietaire');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  // The demo's morning run told the owner of reminders and expiring papers.
  await expect.poll(() => unreadOnBell(page)).toBeGreaterThan(0);
  const before = await unreadOnBell(page);

  await bell.click();
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  const list = page.getByTestId('notifications-table');
  const cards = list.getByTestId('notifications-table-card');
  await expect(cards.first()).toBeVisible();
  await noSidewaysScroll(page);
  expect(await axeProblems(page, '[data-testid="notifications-page"]')).toEqual([]);

  // A reminder's notice leads to its vehicle: opening it marks it read and shows the vehicle's reminders.
  const unread = cards.filter({ has: page.locator('[data-testid="notification-state"][data-read="false"]') });
  const notice = unread.filter({ hasText: 'Entretien à prévoir' }).first();
  // Newer notices come first (after 19:00 in Douala, the contracts' instalments due): on a phone
  // the list grows by 'Voir plus' until the reminder's notice is there.
  const more = list.getByTestId('notifications-table-more');
  for (let i = 0; i < 10 && (await notice.count()) === 0 && (await more.isVisible()); i++) {
    const shown = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(shown);
  }
  await expect(notice).toBeVisible();
  await notice.getByTestId('notifications-table-card-open').click();
  await expect(page).toHaveURL(/\/dashboard\/drivers\/vehicles\?vehicle_id=[^&]+&tab=reminders$/);
  // On its 'Rappels d'entretien' tab, where the reminder that fell due is.
  await expect(page.getByRole('dialog').getByTestId('vehicle-reminders').getByTestId('reminder-card').first()).toBeVisible();
  await expect.poll(() => unreadOnBell(page)).toBe(before - 1);

  // Closing the details leaves the list without the vehicle in the address.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/dashboard\/drivers\/vehicles$/);

  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notifications-unread-count')).toHaveText(`${before - 1} non lue${before - 1 > 1 ? 's' : ''}`);
  await page.getByTestId('notifications-read-all').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Toutes les notifications sont marquées comme lues' })).toBeVisible();
  await expect.poll(() => unreadOnBell(page)).toBe(0);
  await expect(page.getByTestId('notifications-unread-count')).toHaveCount(0);
  await expect(page.getByTestId('notifications-read-all')).toBeDisabled();
  await expect(list.locator('[data-testid="notification-state"][data-read="false"]')).toHaveCount(0);

  // Only the unread ones: none left.
  await list.getByTestId('notifications-table-filters').click();
  await page.getByTestId('notifications-table-filters-sheet-body').getByText('Non lues', { exact: true }).click();
  await page.getByTestId('notifications-table-filters-apply').click();
  await expect(list.getByTestId('notifications-table-filters-count')).toHaveText('1');
  await expect(page.getByText('Aucune notification non lue')).toBeVisible();
});

test('without MANAGE_MAINTENANCE the reminders are read, every change disabled and saying why', async ({ page }) => {
  await signIn(page, AGENT, 'agent');
  await page.goto('/dashboard/drivers/vehicles');
  // Reminders at every urgency in the demo: open a vehicle that has one.
  const list = page.getByTestId('vehicles-table');
  await list.getByTestId('vehicles-table-search').fill('Taxi 001');
  const card = list.getByTestId('vehicles-table-card');
  await expect(card).toHaveCount(1);
  await card.getByTestId('vehicles-table-card-open').click();
  const panel = page.getByTestId('vehicle-reminders');
  await page.getByRole('dialog').getByTestId('vehicle-tab-reminders').click();
  await expect(panel.getByTestId('reminder-card').first()).toBeVisible();
  await expect(panel.getByTestId('reminder-add')).toBeDisabled();
  await expect(panel.getByTestId('reminder-edit')).toHaveCount(0);
  await expect(panel.getByTestId('reminder-delete')).toHaveCount(0);
  await panel.getByTestId('reminder-add').locator('..').hover();
  await expect(page.getByText("Vous n'avez pas les permissions nécessaires pour effectuer cette action")).toBeVisible();
});
