import { expect, type Page } from '@playwright/test';

/** The demo park's owner, as the README and the start banner give it. */
export const DEMO_OWNER = { email: 'owner@flotte.demo', password: 'Flotte2026!', pin: '24680' };

/** The last one-time code the demo outbox holds for an email or phone. */
export async function latestOtp(page: Page, to: string): Promise<string> {
  const r = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await r.json()) as { data: { otp: string | null }[] };
  const withCode = body.data.find((m) => m.otp);
  if (!withCode?.otp) throw new Error(`no code sent to ${to}`);
  return withCode.otp;
}

/**
 * Signs in as a person would: password, then the code from the outbox, then the PIN the first
 * time (the account may already have one from an earlier spec). `login` is an email or a phone.
 */
export async function signIn(page: Page, who: { login: string; password: string; pin: string }, type: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Type de compte').selectOption(type);
  await page.getByLabel('Email ou téléphone').fill(who.login);
  await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/auth\/otp/);
  await page.getByLabel('Code de vérification').fill(await latestOtp(page, who.login));
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/auth\/pin|\/dashboard/);
  if (/\/auth\/pin/.test(page.url())) {
    await page.getByLabel('Code PIN', { exact: true }).fill(who.pin);
    await page.getByLabel('Confirmez le code PIN', { exact: true }).fill(who.pin);
    await page.getByRole('button', { name: 'Définir le code PIN' }).click();
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}
