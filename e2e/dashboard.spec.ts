import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

/**
 * The home's figures (issue 17 section 4): each card says what the screen it opens says, a profile
 * without READ_FINANCE sees no amount, and 'Vos accès' lives on the account page.
 */

/** The headers the app itself sends (its access token lives only in memory), read from one of its calls. */
async function appHeaders(page: Page, navigate: () => Promise<unknown>): Promise<Record<string, string>> {
  const call = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers()['authorization'] && !!r.headers()['profile_id']);
  await navigate();
  const h = (await call).headers();
  return { authorization: h['authorization']!, profile_id: h['profile_id']! };
}

/** The figure a card shows, as a number. */
async function cardCount(page: Page, card: string): Promise<number> {
  const text = await page.getByTestId(`${card}-value`).innerText();
  return Number(text.replace(/\D/g, ''));
}

test('the cards count what the screens they open list, as the owner', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  const cards = page.getByTestId('fleet-cards');
  await expect(cards).toBeVisible();

  // Documents to renew: the card's count is the list's total; the expired ones are told apart.
  const documents = await cardCount(page, 'card-documents');
  const headers = await appHeaders(page, () => page.getByTestId('card-documents-link').click());
  await expect(page).toHaveURL(/\/dashboard\/drivers\/documents$/);
  await expect(page.getByTestId('expiring-documents-table-range')).toHaveText(new RegExp(`sur ${documents}$`));
  const list = await page.request.get('/api/vehicle-document/future-expired?itemPerPage=100', { headers });
  const items = ((await list.json()) as { data: { items: { status: string }[] } }).data.items;
  const expired = items.filter((d) => d.status === 'expired').length;
  await page.goBack();
  await expect(page.getByTestId('card-documents-detail')).toContainText(expired > 0 ? `Dont ${expired} déjà expiré` : 'Aucun déjà expiré');

  // Drivers: the card's total is the drivers list's.
  const drivers = await cardCount(page, 'card-drivers');
  await page.getByTestId('card-drivers-link').click();
  await expect(page).toHaveURL(/\/dashboard\/drivers$/);
  await expect(page.getByTestId('drivers-table-range')).toHaveText(new RegExp(`sur ${drivers}$`));
  await page.goBack();

  // Uncollected: the card's amount is Encaissements' 'Non encaissées'.
  const uncollected = await page.getByTestId('card-uncollected-value').innerText();
  await page.getByTestId('card-uncollected-link').click();
  await expect(page).toHaveURL(/\/dashboard\/receipts$/);
  await expect(page.getByTestId('receipts-unpaid-total')).toHaveText(uncollected);
});

test('the agent sees no amount on the home, finds what he may do on the account page, and meets no dead end', async ({ page }) => {
  test.setTimeout(120_000);
  // The cashier of the demo (Caissier: no READ_FINANCE, no MANAGE_DRIVER_VEHICLE); sign-in.spec set his PIN.
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { login: 'agent@flotte.demo', password: DEMO_OWNER.password, pin: '97531' }, 'agent');
  const cards = page.getByTestId('fleet-cards');
  await expect(cards).toBeVisible();
  await expect(page.getByTestId('card-documents')).toBeVisible();
  for (const money of ['card-collected-today', 'card-uncollected', 'card-balance', 'revenue-evolution']) {
    await expect(page.getByTestId(money), money).toHaveCount(0);
  }
  await expect(cards).not.toContainText('XAF');
  // The server sends no amount either.
  const headers = await appHeaders(page, () => page.reload());
  const details = await page.request.get('/api/dashboard/fleet/details', { headers });
  const d = ((await details.json()) as { data: Record<string, unknown> }).data;
  expect([d.receipts_expected_today, d.actual_recipe, d.previous_receipts_not_collected, d.balance]).toEqual([null, null, null, null]);
  await expect(page.getByTestId('access-card')).toHaveCount(0);

  await page.goto('/dashboard/account');
  await expect(page.getByTestId('access-card')).toContainText('Vos accès');
  await expect(page.getByTestId('granted-actions')).toContainText('Encaisser');
  await expect(page.getByTestId('granted-actions')).not.toContainText('Consulter les finances');

  // Without MANAGE_DRIVER_VEHICLE there is no 'Recruter un chauffeur' leading to 'Accès refusé'.
  await page.goto('/dashboard/drivers');
  await expect(page.getByTestId('drivers-table-range')).toBeVisible();
  await expect(page.getByTestId('driver-add')).toHaveCount(0);
});
