import { expect, test, type Page } from '@playwright/test';
import type { Page as ApiPage, TDriver, TRecipeHistoryPage, TUnpaidHistory } from '@flotte/contract';
import type { TDriverMe, TDriverOwed } from '@flotte/contract/driver-space';
import { PHONE_GPS_MESSAGES, type TDriverGpsStatus, type TGpsPhones } from '@flotte/contract/phone-gps';
import { apiData, appCall, type Headers } from './contract-helpers.ts';
import { axeProblems, settled } from './page-checks.ts';
import { DEMO_OWNER, latestOtp, signIn } from './sign-in-helpers.ts';

// Issue 22 section 2 as a driver of the demo park lives it, on his phone (360 × 780): from the
// sign-in page's driver link, his phone number, the code received by SMS (the demo outbox), then
// the PIN he chooses; his home shows his name and park; 'À payer' lists his unpaid recipe, which he
// pays in part by mobile money (the MTN simulator settles it, 'J'ai validé' asks where it stands);
// he consents to share his position on duty, which the park sees. A park screen typed by hand
// sends him back to his space and a park route refuses his session (403). His screens pass axe
// with no serious or critical violation at 360 px.
const PHONE = { width: 360, height: 780 };
const DRIVER_PIN = '97531';
/** Douala, where the demo park works. */
const DOUALA = { latitude: 4.0511, longitude: 9.7679 };

/** An amount as the screens show it: '12,500 XAF'. */
const money = (n: number, currency: string) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${currency}`;

test("a driver signs in with his phone, sees his space, pays his recipe by mobile money and shares his position; no park screen for him", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const axe: string[] = [];

  // The owner finds an active driver who owes a recipe (a phone the payment simulators accept:
  // not ending in 0000), from the drivers list, the unpaid recipes and the phones shared.
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  const { headers: owner } = await appCall(page, '/api/driver?', () => page.goto('/dashboard/drivers'));
  // The recipes due by now are made first (the job's dev route), so none appears mid-test.
  await apiData(page, 'post', '/api/dev/recipes/run-job', owner);
  const drivers = await apiData<ApiPage<TDriver>>(page, 'get', '/api/driver?status=active&page=1&itemPerPage=200', owner);
  const unpaid = await apiData<TUnpaidHistory>(page, 'get', '/api/transaction/unpaid/recipes/history?page=1&itemPerPage=200', owner);
  const owing = new Set(unpaid.items.flatMap((g) => g.recipes).filter((r) => r.toEncaiss > 0 && !r.deleted_at).map((r) => r.driver.id));
  // Not one of the demo's drivers who already share their position: he gives his consent here.
  const sharing = new Set((await apiData<TGpsPhones>(page, 'get', '/api/gps/phones', owner)).items.map((p) => p.driver.id));
  const driver = drivers.items.find((d) => owing.has(d.id) && !sharing.has(d.id) && !d.phone.endsWith('0000'));
  expect(driver, 'an active demo driver who owes a recipe and does not share his position yet').toBeTruthy();
  const { phone, first_name, last_name } = driver!;

  // A park's session on his space's address goes to its dashboard.
  await page.goto('/chauffeur');
  await expect(page).toHaveURL(/\/dashboard$/);

  // His phone: a fresh browser, 360 px wide, that may give its position.
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Douala',
    viewport: PHONE,
    permissions: ['geolocation'],
    geolocation: DOUALA,
  });
  try {
    const me = await context.newPage();

    // ── Sign-in: the driver's link, his number, the SMS code, his PIN. ──
    await me.goto('/auth/login');
    await me.getByTestId('driver-sign-in-link').click();
    await expect(me).toHaveURL(/\/chauffeur\/connexion$/);
    await expect(me.getByRole('heading', { name: 'Espace chauffeur' })).toBeVisible();
    axe.push(...(await axeProblems(me, '/chauffeur/connexion')));
    // Typed as an international number: the calling code follows.
    await me.getByTestId('driver-phone-number').fill(phone);
    await me.getByTestId('driver-login-submit').click();
    await expect(me.getByTestId('otp-form')).toBeVisible();
    axe.push(...(await axeProblems(me, '/chauffeur/connexion (code)')));
    await me.getByLabel('Code de vérification').fill(await latestOtp(me, phone));
    // His first time: he chooses his PIN (the same page as every account), then his space.
    const headersCall = me.waitForRequest((r) => r.url().includes('/api/driver/me') && !!r.headers()['authorization'] && !!r.headers()['profile_id']);
    await me.getByTestId('otp-submit').click();
    const choosePin = me.getByLabel('Confirmez le code PIN', { exact: true });
    await expect(choosePin.or(me.getByTestId('driver-pin-form')).or(me.getByTestId('driver-header'))).toBeVisible();
    if (await choosePin.isVisible()) {
      await expect(me).toHaveURL(/\/auth\/pin\?next=%2Fchauffeur$/);
      axe.push(...(await axeProblems(me, '/auth/pin')));
      await me.getByLabel('Code PIN', { exact: true }).fill(DRIVER_PIN);
      await me.getByLabel('Confirmez le code PIN', { exact: true }).fill(DRIVER_PIN);
      await me.getByRole('button', { name: 'Définir le code PIN' }).click();
    } else if (await me.getByTestId('driver-pin-form').isVisible()) {
      await me.getByTestId('driver-pin-form').getByLabel('Code PIN', { exact: true }).fill(DRIVER_PIN);
      await me.getByTestId('driver-pin-submit').click();
    }
    await expect(me).toHaveURL(/\/chauffeur$/);
    const h = (await headersCall).headers();
    const his: Headers = { authorization: h['authorization']!, profile_id: h['profile_id']! };

    // ── His home: his name and park, what he owes. ──
    const profile = await apiData<TDriverMe>(me, 'get', '/api/driver/me', his);
    expect(profile.phone).toBe(phone);
    const currency = profile.park.currency;
    await expect(me.getByTestId('driver-name')).toHaveText(`${first_name} ${last_name}`);
    await expect(me.getByTestId('driver-park')).toHaveText(profile.park.name);
    await expect(me.getByRole('heading', { level: 1 })).toHaveText(`Bonjour ${first_name}`);
    const owed = await apiData<TDriverOwed>(me, 'get', '/api/driver/me/owed?page=1', his);
    expect(owed.total_remaining).toBeGreaterThan(0);
    await expect(me.getByTestId('driver-owed-total')).toHaveText(money(owed.total_remaining, currency));
    await expect(me.getByTestId('driver-bottom-nav')).toBeVisible();
    await settled(me);
    axe.push(...(await axeProblems(me, '/chauffeur')));

    // ── Sharing his position: the consent card, once. ──
    const gpsCard = me.getByTestId('driver-gps-card');
    await expect(gpsCard.getByRole('heading', { name: 'Partager ma position pendant mon service' })).toBeVisible();
    await gpsCard.getByTestId('driver-gps-consent').click();
    await expect(me.getByTestId('toast-success').filter({ hasText: PHONE_GPS_MESSAGES.consentGiven })).toBeVisible();
    await expect(gpsCard.getByTestId('driver-gps-withdraw')).toBeVisible();
    const gps = await apiData<TDriverGpsStatus>(me, 'get', '/api/driver/me/gps', his);
    expect(gps.consent).toBe(true);
    // On duty (inside a slot of his planning) his phone reports its position at once; off duty the
    // card says nothing is sent. Which one depends on the hour the test runs.
    const reporting = gpsCard.getByTestId('driver-gps-badge').filter({ hasText: 'Partage en cours' });
    const offDuty = gpsCard.getByTestId('driver-gps-state').filter({ hasText: "Vous n'êtes pas en service" });
    await expect(reporting.or(offDuty)).toBeVisible({ timeout: 20_000 });
    const onDuty = await reporting.isVisible();
    test.info().annotations.push({ type: 'on duty', description: String(onDuty) });
    // The park sees that he shares it (and, on duty, where he is).
    await expect(async () => {
      const phones = await apiData<TGpsPhones>(page, 'get', '/api/gps/phones', owner);
      const shared = phones.items.find((p) => p.driver.id === driver!.id);
      expect(shared, 'his phone in the park’s list').toBeTruthy();
      if (onDuty) {
        expect(shared!.last_position?.latitude).toBeCloseTo(DOUALA.latitude, 3);
        expect(shared!.last_position?.longitude).toBeCloseTo(DOUALA.longitude, 3);
      }
    }).toPass({ timeout: 20_000 });

    // ── À payer: his unpaid recipes, newest first; he pays part of the first by mobile money. ──
    await me.getByTestId('driver-nav-owed').click();
    await expect(me).toHaveURL(/\/chauffeur\/a-payer$/);
    await expect(me.getByTestId('driver-owed-page-total')).toHaveText(money(owed.total_remaining, currency));
    const recipe = owed.items[0]!.recipes[0]!;
    const remaining = recipe.toEncaiss;
    const part = remaining >= 2 ? Math.floor(remaining / 2) : remaining;
    const first = me.getByTestId('driver-owed-recipe').first();
    await expect(first).toContainText(money(remaining, currency));
    await settled(me);
    axe.push(...(await axeProblems(me, '/chauffeur/a-payer')));
    await first.getByTestId('driver-owed-pay').click();
    const dialog = me.getByRole('dialog', { name: 'Payer par mobile money' });
    await expect(dialog).toContainText(new RegExp(`Reste à payer\\s*:\\s*${money(remaining, currency)}`));
    // His own number is offered, all that remains too; he pays less.
    await expect(dialog.getByTestId('driver-pay-amount')).toHaveValue(remaining.toLocaleString('en-US', { maximumFractionDigits: 2 }));
    await expect(dialog.getByTestId('driver-pay-phone-number')).not.toHaveValue('');
    axe.push(...(await axeProblems(me, 'dialogue « Payer par mobile money »', '[role="dialog"]')));
    await dialog.getByTestId('driver-pay-operator').selectOption({ label: 'MTN MoMo' });
    await dialog.getByTestId('driver-pay-amount').fill(String(part));
    await dialog.getByTestId('driver-pay-submit').click();

    // The validation card: the amount, the code he dials, 'J'ai validé' until the operator says paid.
    const card = dialog.getByTestId('driver-payin-card');
    await expect(card).toHaveAttribute('data-state', 'pending');
    await expect(card.getByTestId('driver-payin-amount')).toHaveText(money(part, currency));
    await expect(card).toContainText('*126#');
    axe.push(...(await axeProblems(me, 'carte de validation', '[role="dialog"]')));
    await expect(async () => {
      if ((await card.getAttribute('data-state')) === 'pending') await card.getByTestId('driver-payin-validated').click({ timeout: 2_000 });
      await expect(card).toHaveAttribute('data-state', 'success', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByTestId('driver-payin-success')).toBeVisible();
    await card.getByTestId('driver-payin-close').click();
    await expect(dialog).toBeHidden();

    // What he owes is lower by what he paid; the park sees the mobile money payment on the recipe.
    await expect(me.getByTestId('driver-owed-page-total')).toHaveText(money(owed.total_remaining - part, currency));
    const after = await apiData<TRecipeHistoryPage>(page, 'get', `/api/park/history-recipe?driver_id=${driver!.id}&page=1&itemPerPage=1000`, owner);
    const paid = after.items.find((r) => r.id === recipe.id)!;
    expect(paid.toEncaiss).toBe(remaining - part);
    expect(paid.payments.filter((p) => p.method === 'mobile_money').map((p) => p.amount)).toContain(part);

    // His other screens, on the phone.
    for (const [tab, marker] of [
      ['driver-nav-planning', 'driver-planning'],
      ['driver-nav-paid', 'driver-paid'],
      ['driver-nav-salary', 'driver-salary'],
    ] as const) {
      await me.getByTestId(tab).click();
      await expect(me.getByTestId(marker).first()).toBeVisible();
      await settled(me);
      axe.push(...(await axeProblems(me, me.url().replace(baseURL ?? '', ''))));
    }
    await me.getByTestId('driver-nav-notifications').click();
    await expect(me).toHaveURL(/\/chauffeur\/notifications$/);
    await expect(me.getByTestId('driver-notifications')).toBeVisible();
    await settled(me);
    axe.push(...(await axeProblems(me, '/chauffeur/notifications')));

    // He stops sharing his position from his home: the park no longer lists his phone.
    await me.getByTestId('driver-nav-home').click();
    await gpsCard.getByTestId('driver-gps-withdraw').click();
    await expect(me.getByTestId('toast-success').filter({ hasText: PHONE_GPS_MESSAGES.consentWithdrawn })).toBeVisible();
    await expect(gpsCard.getByTestId('driver-gps-consent')).toBeVisible();
    expect((await apiData<TDriverGpsStatus>(me, 'get', '/api/driver/me/gps', his)).consent).toBe(false);
    const phones = await apiData<TGpsPhones>(page, 'get', '/api/gps/phones', owner);
    expect(phones.items.map((p) => p.driver.id)).not.toContain(driver!.id);

    // ── No park screen for him: typed by hand, /dashboard sends him home; a park route refuses him. ──
    await me.goto('/dashboard');
    await expect(me).toHaveURL(/\/chauffeur$/);
    await expect(me.getByTestId('driver-name')).toHaveText(`${first_name} ${last_name}`);
    await me.goto('/dashboard/drivers');
    await expect(me).toHaveURL(/\/chauffeur$/);
    const refused = await me.request.get('/api/driver?page=1', { headers: his });
    expect(refused.status()).toBe(403);
    expect((await me.request.get('/api/gps/phones', { headers: his })).status()).toBe(403);
  } finally {
    await context.close();
  }

  expect(axe, axe.join('\n')).toEqual([]);
});
