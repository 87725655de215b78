import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 5 section 8, as a park lives it: the owner puts the demo cashier on 'Caisse Akwa'; the
// cashier records a fuel expense there, which waits for the owner ('En attente') and moves no
// money; the owner confirms it and the caisse balance and the month's expenses move by its amount.
// The owner then records a revenue in the same caisse and cancels it with a reason: it is struck
// through as 'Annulé' and the balance and the month's revenue come back down. Last, the operations
// go to Excel. Every figure the screens show is checked against the API the app itself calls.
const AGENT = { login: 'agent@flotte.demo', password: 'Flotte2026!', pin: '13579' };
const AGENT_NAME = { first: 'Jean-Paul', last: 'Ekwalla' };
const PARK_ZONE = 'Africa/Douala';
const CAISSE = 'Caisse Akwa';
const FUEL_AMOUNT = 7_500;
const FUEL_LITRES = '9.5';
const REVENUE_AMOUNT = 12_500;
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

type Headers = Record<string, string>;
interface Caisse {
  id: string;
  name: string;
  sold: number;
  admin_profiles: { first_name: string; last_name: string }[];
}
interface Figure {
  amount: number;
}
interface AccountingState {
  revenue: Figure;
  expenses: Figure;
  result: Figure;
}

/** '1,234,567.5 XAF', as every screen writes an amount of the demo park. */
const money = (amount: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount)} XAF`;

/** Today in the park: its wire day, its parts and the calendar's label for it and for the 1st. */
function parkToday() {
  const wire = new Intl.DateTimeFormat('en-CA', { timeZone: PARK_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [year, month, day] = wire.split('-').map(Number) as [number, number, number];
  const label = (d: number) => `${d} ${MONTHS[month - 1]} ${year}`;
  return {
    wire,
    day,
    monthStart: `${wire.slice(0, 8)}01`,
    monthLabel: `${MONTHS[month - 1]} ${year}`,
    label: label(day),
    firstLabel: label(1),
    shown: (d: string) => d.split('-').reverse().join('/'),
  };
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
async function caisseOnScreen(page: Page): Promise<Caisse> {
  const { headers, url } = await appCall(page, '/api/caisse', () => page.goto('/dashboard/status-accounts'));
  const parkId = url.searchParams.get('park_id')!;
  const caisses = await apiGet<Caisse[]>(page, `/api/caisse?filter_by_profile=true&park_id=${parkId}`, headers);
  const caisse = caisses.find((c) => c.name === CAISSE)!;
  const card = page.locator(`[data-testid="caisse-card"][data-caisse-name="${CAISSE}"]`);
  await expect(card.getByTestId('caisse-card-sold')).toHaveText(money(caisse.sold));
  return caisse;
}

const caisseBalanceOnScreen = async (page: Page) => (await caisseOnScreen(page)).sold;

/**
 * The accounting state for this month up to today, picked on the calendar (before the 7th the
 * screen opens on last month): the API's figures, after checking the three cards show the same.
 */
async function monthStateOnScreen(page: Page): Promise<AccountingState> {
  const today = parkToday();
  const { headers } = await appCall(page, '/api/accounting/state', () => page.goto('/dashboard/reports'));
  const panel = page.getByTestId('accounting-state');
  await panel.getByTestId('state-period').click();
  const calendar = page.getByTestId('state-period-popover');
  // The calendar opens on the applied period's month: last month's before the 7th.
  const month = calendar.getByRole('button', { name: 'Choisir le mois' });
  await expect(month).toBeVisible();
  if (!(await month.textContent())!.toLowerCase().includes(today.monthLabel)) await calendar.getByRole('button', { name: 'Mois suivant' }).click();
  await expect(month).toHaveText(new RegExp(today.monthLabel, 'i'));
  // Days of the month shown, not the neighbouring months' days that fill its first and last weeks.
  const day = (label: string) => calendar.getByRole('button', { name: label, exact: true }).and(calendar.locator('button:not([data-outside])'));
  await day(today.firstLabel).click();
  if (today.day !== 1) await day(today.label).click();
  await calendar.getByTestId('state-period-apply').click();
  await expect(panel.getByTestId('state-comparison')).toContainText(`Du ${today.shown(today.monthStart)} au ${today.shown(today.wire)},`);
  await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0); // the figures of this period, not the previous ones kept meanwhile

  const state = await apiGet<AccountingState>(page, `/api/accounting/state?start_date=${today.monthStart}&end_date=${today.wire}`, headers);
  await expect(panel.getByTestId('state-revenue-amount')).toHaveText(money(state.revenue.amount));
  await expect(panel.getByTestId('state-expenses-amount')).toHaveText(money(state.expenses.amount));
  await expect(panel.getByTestId('state-result-amount')).toHaveText(money(state.result.amount));
  return state;
}

/** The operations table's row of an operation (the newest are on the first page). */
const operationRow = (page: Page, id: string): Locator => page.locator(`[data-testid="operations-table-row"][data-row-id="${id}"]`);

/** Opens a Select (or MultiSelect) and picks the option. */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Sends the fund movement dialog and answers the created operation's id. */
async function submitFundMovement(page: Page, dialog: Locator): Promise<string> {
  const created = page.waitForResponse((r) => r.url().includes('/api/pnl-account/fund-movement') && r.request().method() === 'POST');
  await dialog.getByTestId('fund-movement-submit').click();
  const body = (await (await created).json()) as { code: number; message: string; data: { id: string } };
  expect(body.code, body.message).toBe(5000);
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Mouvement de fonds créé' })).toBeVisible();
  await expect(dialog).toBeHidden();
  return body.data.id;
}

// One test: the owner and the cashier each sign in once, in a browser context of their own
// (codes to one address are limited to 3 per 15 minutes).
test('a fuel expense confirmed by the owner, a revenue cancelled, balances, accounting state and Excel export', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString().slice(-6);
  const fuelComment = `Plein taxi Akwa E2E ${stamp}`;
  const revenueComment = `Apport E2E ${stamp}`;
  const cancelReason = `Saisie en double E2E ${stamp}`;

  // ── The owner puts the cashier on Caisse Akwa, and reads where the money stands. ──
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  const akwa = await caisseOnScreen(page);
  const start = akwa.sold;
  const card = page.locator(`[data-testid="caisse-card"][data-caisse-name="${CAISSE}"]`);
  // A balance hides on demand (a phone shown around the room), and shows again.
  await card.getByTestId('caisse-card-toggle').click();
  await expect(card.getByTestId('caisse-card-sold-hidden')).toHaveText('••••••');
  await expect(card.getByTestId('caisse-card-sold')).toHaveCount(0);
  await card.getByTestId('caisse-card-toggle').click();
  await expect(card.getByTestId('caisse-card-sold')).toHaveText(money(start));

  // (A server already used, through E2E_BASE_URL, may have the cashier on it from an earlier run.)
  if (!akwa.admin_profiles.some((a) => a.last_name === AGENT_NAME.last)) {
    await card.getByTestId('caisse-edit').click();
    const caisseDialog = page.getByTestId('caisse-dialog');
    await expect(caisseDialog.getByTestId('caisse-name')).toHaveValue(CAISSE);
    await choose(page, caisseDialog.getByTestId('caisse-admins'), `${AGENT_NAME.first} ${AGENT_NAME.last}`);
    await caisseDialog.getByTestId('caisse-name').click(); // closes the list
    await caisseDialog.getByTestId('caisse-submit').click();
    await expect(page.getByTestId('toast-success').filter({ hasText: 'Caisse mise à jour avec succès' })).toBeVisible();
    await expect(caisseDialog).toBeHidden();
  }
  await expect(card.getByTestId('caisse-card-admins')).toBeVisible();
  expect((await caisseOnScreen(page)).admin_profiles.map((a) => `${a.first_name} ${a.last_name}`)).toContain(`${AGENT_NAME.first} ${AGENT_NAME.last}`);

  const before = await monthStateOnScreen(page);

  // ── The cashier records a fuel expense in Caisse Akwa. ──
  const phone = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: PARK_ZONE });
  let fuelId: string;
  try {
    const agent = await phone.newPage();
    await signIn(agent, AGENT, 'agent');
    const { headers: agentHeaders } = await appCall(agent, '/api/accounting/pnl/operation', () => agent.goto('/dashboard/operations'));
    const fuels = await apiGet<{ id: number; name: string }[]>(agent, '/api/carburant', agentHeaders);
    const fuel = fuels[0]!;

    await agent.getByTestId('operation-add').click();
    const dialog = agent.getByTestId('fund-movement-dialog');
    await expect(dialog.getByText('Enregistrer une opération')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Dépense' }).check();
    await choose(agent, dialog.getByTestId('fund-movement-sub-account'), 'Carburant');
    // The caisses the cashier holds: the cash account and, now, Caisse Akwa.
    await choose(agent, dialog.getByTestId('fund-movement-caisse'), CAISSE);
    await dialog.getByTestId('fund-movement-amount').fill(String(FUEL_AMOUNT));
    // The 8 checks run in the dialog first: a fuel expense needs its fuel type.
    await dialog.getByTestId('fund-movement-submit').click();
    await expect(agent.getByTestId('toast-error').filter({ hasText: 'Vous devez spécifier le type de carburant' })).toBeVisible();
    await choose(agent, dialog.getByTestId('fund-movement-fuel'), fuel.name);
    await dialog.getByTestId('fund-movement-litres').fill(FUEL_LITRES);
    await dialog.getByTestId('fund-movement-vehicle').click();
    const picker = agent.getByTestId('vehicle-picker');
    await picker.getByTestId('vehicle-picker-item').first().click();
    await picker.getByTestId('vehicle-picker-confirm').click();
    await expect(dialog.getByTestId('fund-movement-vehicle')).not.toHaveText('Choisir un véhicule');
    await dialog.getByTestId('fund-movement-comment').fill(fuelComment);
    fuelId = await submitFundMovement(agent, dialog);

    // It waits for the owner; the cashier can neither confirm nor cancel it.
    const agentRow = operationRow(agent, fuelId);
    await expect(agentRow.getByTestId('operation-status')).toHaveText('En attente');
    await expect(agentRow.locator('[data-col="sub_category"]')).toHaveText('Carburant');
    await expect(agentRow.locator('[data-col="amount"]')).toHaveText(money(FUEL_AMOUNT));
    await expect(agentRow.locator('[data-col="caisse"]')).toHaveText(CAISSE);
    await expect(agentRow.locator('[data-col="profile_initiator"]')).toHaveText(`${AGENT_NAME.last} ${AGENT_NAME.first}`);
    await agentRow.locator('[data-col="sub_category"]').click();
    const agentDetail = agent.getByTestId('operation-detail');
    await expect(agentDetail.getByTestId('operation-detail-status')).toHaveText('En attente');
    await expect(agentDetail.getByText(`${fuel.name} · ${FUEL_LITRES} L`)).toBeVisible();
    await expect(agentDetail.getByTestId('operation-confirm')).toHaveCount(0);
    await expect(agentDetail.getByTestId('operation-cancel')).toHaveCount(0);
    await agent.keyboard.press('Escape');
    await expect(agentDetail).toBeHidden();
  } finally {
    await phone.close();
  }

  // ── Pending, it moved nothing: not the caisse, not the accounting state. ──
  expect(await caisseBalanceOnScreen(page)).toBe(start);
  const pending = await monthStateOnScreen(page);
  expect(pending.expenses.amount).toBe(before.expenses.amount);

  // ── The owner confirms it. ──
  await page.goto('/dashboard/operations');
  // The cashier's operation, found by its id among the newest.
  const fuelRow = operationRow(page, fuelId);
  await expect(fuelRow.locator('[data-col="comment"]')).toContainText(fuelComment);
  await expect(fuelRow.getByTestId('operation-status')).toHaveText('En attente');
  await fuelRow.locator('[data-col="sub_category"]').click();
  const detail = page.getByTestId('operation-detail');
  await expect(detail.getByTestId('operation-detail-status')).toHaveText('En attente');
  await detail.getByTestId('operation-confirm').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Opération confirmée' })).toBeVisible();
  await expect(detail.getByTestId('operation-detail-status')).toHaveText('Accepté');
  await expect(detail.getByTestId('operation-confirm')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(fuelRow.getByTestId('operation-status')).toHaveText('Accepté');

  const afterFuel = await caisseBalanceOnScreen(page);
  expect(afterFuel).toBe(start - FUEL_AMOUNT);
  const confirmed = await monthStateOnScreen(page);
  expect(confirmed.expenses.amount).toBe(before.expenses.amount + FUEL_AMOUNT);
  expect(confirmed.revenue.amount).toBe(before.revenue.amount);

  // ── The owner records a revenue in the same caisse: confirmed at once. ──
  await page.goto('/dashboard/operations');
  await page.getByTestId('operation-add').click();
  const dialog = page.getByTestId('fund-movement-dialog');
  await expect(dialog.getByRole('radio', { name: 'Revenu' })).toBeChecked();
  await choose(page, dialog.getByTestId('fund-movement-sub-account'), 'Revenus divers');
  await choose(page, dialog.getByTestId('fund-movement-caisse'), CAISSE);
  await dialog.getByTestId('fund-movement-amount').fill(String(REVENUE_AMOUNT));
  await dialog.getByTestId('fund-movement-comment').fill(revenueComment);
  const revenueId = await submitFundMovement(page, dialog);
  const revenueRow = operationRow(page, revenueId);
  await expect(revenueRow.getByTestId('operation-status')).toHaveText('Accepté');

  expect(await caisseBalanceOnScreen(page)).toBe(afterFuel + REVENUE_AMOUNT);
  const withRevenue = await monthStateOnScreen(page);
  expect(withRevenue.revenue.amount).toBe(before.revenue.amount + REVENUE_AMOUNT);

  // ── ... and cancels it, with a reason. ──
  await page.goto('/dashboard/operations');
  await revenueRow.locator('[data-col="sub_category"]').click();
  await expect(detail.getByTestId('operation-detail-status')).toHaveText('Accepté');
  await detail.getByTestId('operation-cancel').click();
  await detail.getByTestId('operation-cancel-submit').click();
  await expect(page.getByTestId('toast-error').filter({ hasText: "Vous devez préciser le motif de l'annulation" })).toBeVisible();
  await detail.getByTestId('operation-cancel-comment-input').fill(cancelReason);
  await detail.getByTestId('operation-cancel-submit').click();
  const irreversible = page.getByTestId('operation-cancel-confirm');
  await expect(irreversible.getByText('Cette action est irréversible')).toBeVisible();
  await irreversible.getByTestId('operation-cancel-confirm-confirm').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Opération annulée' })).toBeVisible();
  await expect(irreversible).toBeHidden();
  await expect(detail.getByTestId('operation-detail-status')).toHaveText('Annulé');
  await expect(detail.getByTestId('operation-detail-cancel')).toContainText(cancelReason);
  await expect(detail.getByTestId('operation-cancel')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // The row is struck through, 'Annulé', with the reason under its comment.
  await expect(revenueRow.getByTestId('operation-status')).toHaveText('Annulé');
  await expect(revenueRow.locator('[data-col="sub_category"] > span')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(revenueRow.locator('[data-col="amount"] > span')).toHaveCSS('text-decoration-line', 'line-through');
  await expect(revenueRow.getByTestId('operation-cancel-comment')).toHaveText(`Annulation : ${cancelReason}`);
  // The confirmed fuel expense stands, not struck.
  await expect(fuelRow.getByTestId('operation-status')).toHaveText('Accepté');
  await expect(fuelRow.locator('[data-col="sub_category"] > span')).not.toHaveCSS('text-decoration-line', 'line-through');

  expect(await caisseBalanceOnScreen(page)).toBe(afterFuel);
  const cancelled = await monthStateOnScreen(page);
  expect(cancelled.revenue.amount).toBe(before.revenue.amount);
  expect(cancelled.expenses.amount).toBe(before.expenses.amount + FUEL_AMOUNT);

  // ── The operations, to Excel: every row of the list, ours among them. ──
  const { headers } = await appCall(page, '/api/accounting/pnl/operation', () => page.goto('/dashboard/operations'));
  const list = await apiGet<{ meta: { total: number } }>(page, '/api/accounting/pnl/operation?page=1&itemPerPage=10', headers);
  await page.getByTestId('operations-table-export').click();
  const exportDialog = page.getByRole('dialog', { name: 'Options de téléchargement' });
  await expect(exportDialog).toBeVisible();
  await exportDialog.getByText('Excel', { exact: true }).click();
  const download = page.waitForEvent('download');
  await exportDialog.getByTestId('operations-table-export-dialog-submit').click();
  const excel = await download;
  expect(excel.suggestedFilename()).toMatch(/^Operations_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Fichier téléchargé' })).toBeVisible();
  await expect(exportDialog).toBeHidden();

  const xlsx = await readFile(await excel.path());
  expect(xlsx.length).toBeGreaterThan(0);
  expect(xlsx.subarray(0, 2).toString()).toBe('PK'); // a zip, as .xlsx files are
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('Statut');
  expect(sheet.rowCount - 1).toBe(list.meta.total);
  // Money columns carry the currency in their header ('Montant (XAF)').
  const col = (name: string) => header.findIndex((h) => String(h) === name || String(h).startsWith(`${name} (`)) + 1;
  const rowWith = (text: string) => {
    for (let i = 2; i <= sheet.rowCount; i++) {
      const r = sheet.getRow(i);
      if (String(r.getCell(col('Commentaire')).value ?? '').includes(text)) return r;
    }
    throw new Error(`no exported row with '${text}'`);
  };
  const fuelLine = rowWith(fuelComment);
  expect(fuelLine.getCell(col('Sous-catégorie')).value).toBe('Carburant');
  expect(fuelLine.getCell(col('Statut')).value).toBe('Accepté');
  expect(fuelLine.getCell(col('Montant')).value).toBe(FUEL_AMOUNT);
  expect(fuelLine.getCell(col('Caisse')).value).toBe(CAISSE);
  const revenueLine = rowWith(revenueComment);
  expect(revenueLine.getCell(col('Statut')).value).toBe('Annulé');
  expect(revenueLine.getCell(col('Commentaire')).value).toBe(`${revenueComment} — Annulation : ${cancelReason}`);
});
