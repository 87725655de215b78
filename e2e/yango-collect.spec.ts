import { expect, test, type Page } from '@playwright/test';
import type { TRecipeHistoryPage } from '@flotte/contract';
import type { TYangoActivity } from '@flotte/contract/yango';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 21, the rest of the Yango link as an owner lives it: a linked driver's 'Activités VTC'
// (his Yango revenue beside what the park collected), and his 'Recette Yango' (the objective is
// his Yango revenue of the day) collected by debiting his Yango balance. The demo links half its
// drivers to the simulator's park, two of them owing their Yango revenue from a week back; the dev
// route runs the recipe job (the Yango one with it) instead of waiting 5 minutes.

type Headers = { authorization: string; profile_id: string };

async function appHeaders(page: Page, urlPart: string, navigate: () => Promise<unknown>): Promise<Headers> {
  const call = page.waitForRequest((r) => r.url().includes(urlPart) && !!r.headers()['authorization'] && !!r.headers()['profile_id']);
  await navigate();
  const h = (await call).headers();
  return { authorization: h['authorization']!, profile_id: h['profile_id']! };
}

async function apiCall<T>(page: Page, method: 'GET' | 'POST', url: string, headers: Headers): Promise<T> {
  const r = method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data: {} });
  const body = (await r.json()) as { code: number; message: string; data: T };
  expect(body.code, `${method} ${url}: ${r.status()} ${body.message}`).toBe(5000);
  return body.data;
}

const money = (n: number) => new RegExp(n.toLocaleString('en-US').replace(/,/g, '[,\\s\\u202f]'));

test("a linked driver's Yango activity, and his Yango recipe collected from his Yango balance", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  const headers = await appHeaders(page, '/api/driver?', () => page.goto('/dashboard/drivers'));

  // The collections run now (the Yango recipes' job syncs the drivers' revenue first).
  await apiCall(page, 'POST', '/api/dev/recipes/run-job', headers);
  const unpaid = await apiCall<TRecipeHistoryPage>(page, 'GET', '/api/park/history-recipe?status=not_collected&itemPerPage=100&page=1', headers);
  const owed = unpaid.items.filter((r) => r.collection_type === 'yango_recipe' && r.objective > 0);
  expect(owed.length, 'Yango recipes made by the job').toBeGreaterThan(0);
  // His activity over the day each recipe pays for: the revenue is the recipe's objective. The one
  // collected below is of a driver whose Yango balance holds something (a balance may be negative).
  let chosen: { recipe: (typeof owed)[number]; activity: TYangoActivity } | null = null;
  for (const r of owed) {
    const day = r.period_start.slice(0, 10);
    const a = await apiCall<TYangoActivity>(page, 'GET', `/api/yango/activity/${r.driver.id}?start_date=${day}T00:00:00&end_date=${day}T23:59:59`, headers);
    expect(a.balance.total).toBe(r.objective);
    if (!chosen && (a.yango_balance?.balance ?? 0) > 0) chosen = { recipe: r, activity: a };
  }
  expect(chosen, 'a Yango recipe of a driver whose Yango balance is positive').toBeTruthy();
  const { recipe, activity } = chosen!;
  const driver = recipe.driver;

  // On screen: his details, 'Activités VTC'.
  await page.goto('/dashboard/drivers');
  await page.getByTestId('drivers-table-search').fill(driver.last_name);
  await page.getByTestId('drivers-table-row').filter({ hasText: `${driver.last_name}` }).filter({ hasText: driver.first_name }).first().click();
  const detail = page.getByTestId('driver-detail');
  await detail.getByRole('tab', { name: 'Activités VTC' }).click();
  const tab = detail.getByTestId('yango-activity-tab');
  await expect(tab.getByTestId('yango-revenue-total')).toBeVisible();
  await expect(tab.getByTestId('yango-breakdown')).toBeVisible();
  await expect(tab.getByTestId('yango-balance-amount')).toBeVisible();
  await page.keyboard.press('Escape');

  // Encaissements: the recipe collected from his Yango balance.
  await page.goto(`/dashboard/receipts?driver_id=${driver.id}`);
  await expect(page.getByTestId('receipts-page')).toBeVisible();
  const row = page.getByTestId('receipts-history-row').filter({ has: page.locator('[data-col="objective"]', { hasText: money(recipe.objective) }) }).first();
  await row.locator('[data-col="driver"]').click();
  const collection = page.getByTestId('recipe-collection-dialog');
  await expect(collection.getByTestId('recipe-collection-driver')).toBeVisible();
  // One recipe of a linked driver: 'Solde Yango' is offered.
  const lines = collection.getByTestId('recipe-line');
  if ((await lines.count()) > 1) {
    for (let i = 1; i < (await lines.count()); i++) await lines.nth(i).getByRole('checkbox').uncheck();
  }
  await collection.getByRole('radio', { name: 'Solde Yango' }).check();
  // Yango refuses a debit above his balance: what it holds now, at most the objective.
  const balance = activity.yango_balance!.balance;
  const amount = Math.min(recipe.objective, Math.floor(balance));
  if (amount < recipe.objective) {
    await collection.getByTestId('recipe-payment-partial').check({ force: true });
    await collection.getByTestId('recipe-payment-amount').fill(String(amount));
  }
  await collection.getByTestId('recipe-payment-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Recette encaissée sur le solde Yango' })).toBeVisible();

  // Paid once, by the Yango balance.
  const after = await apiCall<TRecipeHistoryPage>(page, 'GET', `/api/park/history-recipe?driver_id=${driver.id}&itemPerPage=100&page=1`, headers);
  const paid = after.items.find((r) => r.id === recipe.id)!;
  expect(paid.actual_recipe).toBe(amount);
  expect(paid.payments.map((p) => p.method)).toEqual(['yango']);
});
