import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { TInvoice, TSubscriptionInfo } from '@flotte/contract/subscriptions';
import type { Page as ApiPage } from '@flotte/contract';
import { pdfText } from '../server/test/pdf-text.ts';
import { apiData, appCall } from './contract-helpers.ts';
import { axeProblems, settled } from './page-checks.ts';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 23 as the demo owner lives it on his phone (360 × 780). His park runs on Premium monthly
// (the demo seeds it with 23 days left): /dashboard/subscription shows the plan, the vehicles used
// of those allowed and the days left. He adds 5 vehicles ('Ajouter des véhicules'), pays the
// prorated invoice by MTN MoMo through the simulator ('Transaction initiée', the validation card
// until the operator says paid); the screen then allows 5 more vehicles and the history lists the
// invoice paid, its PDF downloaded and read back. His second demo park ends in 6 days: switching to
// it, the dashboard shows the near-end banner. No serious or critical axe violation at 360 px.
const PHONE = { width: 360, height: 780 };
const ADDED = 5;
/** A number the payment simulators accept (not ending in 0000). */
const PAYER = '+237677123456';

/** An amount as the screens show it: '12,500 XAF'. */
const money = (n: number, currency: string) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;
const vehicles = (n: number) => `${n} véhicule${n > 1 ? 's' : ''}`;

test('the demo owner reads his subscription, adds 5 vehicles paid by mobile money, finds the paid invoice and its PDF, and sees the banner of his park ending soon', async ({ page }) => {
  test.setTimeout(180_000);
  const axe: string[] = [];
  await page.setViewportSize(PHONE);
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  await expect(page.getByTestId('header-park-name')).toHaveText('Flotte Démo');
  // Its park runs on a paid subscription with weeks left: no banner.
  await settled(page);
  await expect(page.getByTestId('subscription-banner')).toHaveCount(0);

  // ── The screen: plan, vehicles used of allowed, days left. ──
  const { headers } = await appCall(page, '/api/subscription/active-subscription-info', () => page.goto('/dashboard/subscription'));
  const before = await apiData<TSubscriptionInfo>(page, 'get', '/api/subscription/active-subscription-info', headers);
  expect(before.state).toBe('active');
  const card = page.getByTestId('subscription-card');
  await expect(card.getByTestId('subscription-title')).toHaveText('Premium mensuel');
  await expect(card.getByTestId('subscription-usage')).toHaveText(`${before.vehicles_used} / ${vehicles(before.vehicles_allowed)}`);
  await expect(card.getByTestId('subscription-days-left')).toHaveText(`Il reste ${before.days_left} jours`);
  expect(before.days_left).toBeGreaterThan(15);
  const history = page.getByTestId('invoice-history');
  await expect(history.getByTestId('invoice-status').first()).toBeVisible();
  await settled(page);
  axe.push(...(await axeProblems(page, '/dashboard/subscription')));

  // ── 5 more vehicles: the prorated invoice, paid by MTN MoMo. ──
  await card.getByTestId('subscription-action-upgrade').click();
  const dialog = page.getByTestId('subscription-upgrade-dialog');
  await expect(dialog.getByText('Ajouter des véhicules')).toBeVisible();
  await dialog.getByTestId('upgrade-vehicles').fill(String(ADDED));
  await expect(dialog).toContainText(`Votre abonnement couvrira ${before.vehicles_allowed + ADDED} véhicules`);
  axe.push(...(await axeProblems(page, 'dialogue « Ajouter des véhicules »', '[role="dialog"]')));
  await dialog.getByTestId('upgrade-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Facture créée' })).toBeVisible();
  const summary = dialog.getByTestId('invoice-summary');
  await expect(summary).toContainText('Ajout de véhicules');
  const total = (await summary.getByTestId('invoice-total').textContent())!;
  expect(total).toMatch(/ XAF$/);
  axe.push(...(await axeProblems(page, 'paiement de la facture', '[role="dialog"]')));
  await dialog.getByTestId('invoice-operator').click();
  await page.getByRole('option', { name: 'MTN MoMo', exact: true }).click();
  await dialog.getByTestId('invoice-phone-number').fill(PAYER);
  await dialog.getByTestId('invoice-pay').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Transaction initiée' })).toBeVisible();

  // The validation card: the amount, the code to dial, 'J'ai validé' until the operator says paid.
  const payin = dialog.getByTestId('payin-card');
  await expect(payin).toBeVisible();
  await expect(payin.getByTestId('payin-amount')).toHaveText(total);
  await expect(payin.getByTestId('payin-ussd')).toHaveText('*126#');
  axe.push(...(await axeProblems(page, 'carte de validation', '[role="dialog"]')));
  await expect(async () => {
    if ((await payin.getAttribute('data-state')) === 'pending' && (await payin.getByTestId('payin-validated').isEnabled())) {
      await payin.getByTestId('payin-validated').click({ timeout: 2_000 });
    }
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Forfait mis à jour' })).toBeVisible();

  // ── The new limit, and the invoice paid in the history with its PDF. ──
  await expect(card.getByTestId('subscription-usage')).toHaveText(`${before.vehicles_used} / ${vehicles(before.vehicles_allowed + ADDED)}`);
  const after = await apiData<TSubscriptionInfo>(page, 'get', '/api/subscription/active-subscription-info', headers);
  expect(after.vehicles_allowed).toBe(before.vehicles_allowed + ADDED);
  const invoices = await apiData<ApiPage<TInvoice>>(page, 'get', '/api/subscription/invoices/history?page=1&itemPerPage=10', headers);
  const paid = invoices.items[0]!;
  expect(paid.kind).toBe('upgrade');
  expect(paid.status).toBe('paid');
  expect(money(paid.amount, paid.currency)).toBe(total);
  const row = history.getByTestId('invoice-history-card').filter({ hasText: paid.number });
  await expect(row.getByTestId('invoice-status')).toHaveText('Payée');
  const downloading = page.waitForEvent('download');
  await row.getByTestId('invoice-pdf').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(text).toContain(paid.number);
  expect(text).toContain('Flotte Démo');
  await settled(page);
  axe.push(...(await axeProblems(page, '/dashboard/subscription après l’ajout')));

  // ── The second demo park ends in 6 days: the dashboard's banner says so. ──
  await page.goto('/dashboard');
  await page.getByTestId('park-switcher').click();
  await page.getByRole('menuitem', { name: /Flotte Yaoundé/ }).click();
  await expect(page.getByTestId('header-park-name')).toHaveText('Flotte Yaoundé');
  const banner = page.getByTestId('subscription-banner');
  await expect(banner).toContainText('Votre abonnement arrive à son terme');
  await expect(banner).toContainText('il reste 6 jours');
  await settled(page);
  axe.push(...(await axeProblems(page, '/dashboard, parc bientôt à échéance')));
  await banner.getByTestId('subscription-banner-renew').click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await expect(page.getByTestId('subscription-title')).toHaveText('Starter mensuel');
  await expect(page.getByTestId('subscription-days-left')).toHaveText('Il reste 6 jours');

  // Back to the demo park for the specs that follow (the session remembers the park).
  await page.getByTestId('park-switcher').click();
  await page.getByRole('menuitem', { name: /Flotte Démo/ }).click();
  await expect(page.getByTestId('header-park-name')).toHaveText('Flotte Démo');

  expect(axe, axe.join('\n')).toEqual([]);
});
