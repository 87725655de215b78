import { expect, test, type Page } from '@playwright/test';

// A newcomer's first visit: sign in to the demo park as its owner through the one-time code (read
// from the demo outbox, as the start banner says), set a PIN, reach the dashboard, stay signed in
// across a reload, verify identity with the PIN, and sign out.
const OWNER = { email: 'owner@flotte.demo', password: 'Flotte2026!' };

async function latestOtp(page: Page, to: string): Promise<string> {
  const r = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = await r.json();
  return body.data[0].otp as string;
}

test('the demo owner signs in with a one-time code, sets a PIN, and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);

  // A wrong password first, as people do.
  await page.getByLabel('Type de compte').selectOption('proprietaire');
  await page.getByLabel('Email ou téléphone').fill(OWNER.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Identifiant ou mot de passe incorrect.').first()).toBeVisible();

  await page.getByLabel('Mot de passe', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth\/otp/);

  // A wrong code, then the right one from the outbox.
  const otp = await latestOtp(page, OWNER.email);
  await page.getByLabel('Code de vérification').fill(otp === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByText(/Code OTP incorrect/).first()).toBeVisible();
  await page.getByLabel('Code de vérification').fill(otp);
  await page.getByRole('button', { name: 'Valider' }).click();

  // First sign-in: the PIN is set before the dashboard.
  await expect(page).toHaveURL(/\/auth\/pin/);
  await page.getByLabel('Code PIN', { exact: true }).fill('24680');
  await page.getByLabel('Confirmez le code PIN', { exact: true }).fill('13579');
  await page.getByRole('button', { name: 'Définir le code PIN' }).click();
  await expect(page.getByText('Les codes PIN ne correspondent pas.')).toBeVisible();
  await page.getByLabel('Confirmez le code PIN', { exact: true }).fill('24680');
  await page.getByRole('button', { name: 'Définir le code PIN' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('park-name')).toHaveText('Flotte Démo');
  await expect(page.getByTestId('profile-name')).toContainText('Mbarga');
  await expect(page.getByTestId('nav-VIEW_ACCESS_MANAGEMENT')).toBeVisible();

  // Still signed in after a reload: the session comes back from the httpOnly cookie.
  await page.reload();
  await expect(page.getByTestId('park-name')).toHaveText('Flotte Démo');
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'flotte_rt');
  expect(session?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('flotte_rt');

  // The PIN step-up: a wrong PIN resets the field, the right one confirms.
  await page.getByTestId('security-verify-identity').click();
  const dialog = page.getByTestId('pin-dialog');
  await dialog.getByLabel('Code PIN', { exact: true }).fill('11111');
  await expect(dialog.getByText('Code PIN incorrect. Veuillez réessayer.')).toBeVisible();
  await dialog.getByLabel('Code PIN', { exact: true }).fill('24680');
  await expect(page.getByText('Identité vérifiée avec succès !')).toBeVisible();

  // Sign out: back to the sign-in screen, and a reload does not bring the session back.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the agent sees only what the role allows, and a page typed by hand says access is denied', async ({ page }) => {
  const agent = 'agent@flotte.demo';
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/auth/login');
  await page.getByLabel('Type de compte').selectOption('agent');
  await page.getByLabel('Email ou téléphone').fill(agent);
  await page.getByLabel('Mot de passe', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth\/otp/);
  await page.getByLabel('Code de vérification').fill(await latestOtp(page, agent));
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/auth\/pin/);
  await page.getByLabel('Code PIN', { exact: true }).fill('97531');
  await page.getByLabel('Confirmez le code PIN', { exact: true }).fill('97531');
  await page.getByRole('button', { name: 'Définir le code PIN' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('profile-card')).toContainText('Caissier');
  await page.screenshot({ path: test.info().outputPath('agent-dashboard-360.png'), fullPage: true });
  // 'Vos accès' is on the account page.
  await page.goto('/dashboard/account');
  await expect(page.getByTestId('granted-actions')).toContainText('Encaisser');
  await expect(page.getByTestId('granted-actions')).not.toContainText('Gérer les accès');

  await page.goto('/dashboard/access');
  await expect(page.getByTestId('access-denied')).toBeVisible();
});
