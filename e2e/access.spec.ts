import { expect, test } from '@playwright/test';
import { latestOtp, signIn } from './sign-in-helpers.ts';

// Issue 3 as an owner lives it: open Gestion des accès, make a role, invite a night cashier who
// chooses a password from the invitation and sees exactly what the role grants; then the company
// logo in the header, and a password change.
const OWNER = { email: 'owner@flotte.demo', password: 'Flotte2026!', pin: '24680' };
const NEW_PASSWORD = 'Nouveau#2026';
const ADMIN = { email: `caissier.nuit.${Date.now()}@flotte.demo`, password: 'Nuit#2026ok', pin: '86420' };
// A 1x1 PNG, enough for a logo the browser can decode.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// One test, so the owner signs in once: codes to one address are limited to 3 per 15 minutes.
test('access management, company logo and password, as the owner and an invited administrator', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, { login: OWNER.email, ...OWNER }, 'proprietaire');
  await page.getByTestId('nav-VIEW_ACCESS_MANAGEMENT').click();
  await expect(page).toHaveURL(/\/dashboard\/access$/);
  await expect(page.getByTestId('admins-table-row').first()).toContainText('Propriétaire');

  // Roles: the demo park already has a 'Caissier'.
  await page.getByTestId('access-tab-roles').click();
  await expect(page.getByTestId('role-card').filter({ hasText: 'Caissier' }).first()).toBeVisible();
  await page.getByTestId('role-add').click();
  const roleDialog = page.getByTestId('role-dialog');
  await roleDialog.getByTestId('role-name').fill('Caissier');
  await roleDialog.getByTestId('permission-ENCAISSER').check();
  // What ENCAISSER implies is shown included, and can't be unchecked on its own.
  const included = roleDialog.getByTestId('permission-VIEW_CASH_COLLECTION');
  await expect(included).toBeChecked();
  await expect(included).toBeDisabled();
  await expect(roleDialog.getByText('Inclus par « Encaisser »')).toBeVisible();
  await roleDialog.getByTestId('role-submit').click();
  await expect(roleDialog.getByText('Un rôle porte déjà ce nom')).toBeVisible();

  await roleDialog.getByTestId('role-name').fill('Caissier de nuit');
  await roleDialog.getByTestId('permission-VIEW_PLANNING').check();
  await roleDialog.getByTestId('role-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Rôle ajouté avec succès' })).toBeVisible();
  await expect(roleDialog).toBeHidden();
  const card = page.locator('[data-testid="role-card"][data-role-name="Caissier de nuit"]');
  await expect(card.getByTestId('role-card-permissions')).toHaveText('3 permissions'); // ENCAISSER, its view, planning

  // Administrators: invite one with that role.
  await page.getByTestId('access-tab-admins').click();
  await page.getByTestId('admin-add').click();
  const adminDialog = page.getByTestId('admin-dialog');
  await adminDialog.getByTestId('admin-first-name').fill('Nadège');
  await adminDialog.getByTestId('admin-last-name').fill('Ngo Bassa');
  await adminDialog.getByTestId('admin-email').fill(ADMIN.email);
  await adminDialog.getByTestId('admin-roles').click();
  await page.getByRole('option', { name: 'Caissier de nuit' }).click();
  await adminDialog.getByTestId('admin-first-name').click(); // closes the role list
  await adminDialog.getByTestId('admin-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Administrateur mis à jour avec succès' })).toBeVisible();
  const row = page.getByTestId('admins-table-row').filter({ hasText: ADMIN.email });
  await expect(row).toContainText('Invitation envoyée');
  await expect(row).toContainText('Caissier de nuit');

  // A row opens what the person may do, grouped like the role editor.
  await row.getByTestId('admin-row-name').click();
  const perms = page.getByTestId('admin-permissions-dialog');
  await expect(perms.getByTestId('permission-ENCAISSER')).toBeChecked();
  await expect(perms.getByTestId('permission-VIEW_PLANNING')).toBeChecked();
  await expect(perms.getByTestId('permission-MANAGE_ACCESS')).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(perms).toBeHidden();

  // The invited person, on a phone: 'Mot de passe oublié ?' with the code received, then signs in.
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: 'fr-FR', timezoneId: 'Africa/Douala' });
  const agent = await phone.newPage();
  await agent.goto('/auth/login');
  await agent.getByText('Mot de passe oublié ?').click();
  // The sign-in form has a field of the same label: fill the one of the page that has opened.
  await expect(agent).toHaveURL(/\/auth\/forgot-password/);
  await expect(agent.getByRole('button', { name: 'Envoyer le code' })).toBeVisible();
  await agent.getByLabel('Email ou téléphone').fill(ADMIN.email);
  await agent.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(agent.getByLabel('Code de vérification')).toBeVisible(); // the code has gone out
  await agent.getByLabel('Code de vérification').fill(await latestOtp(agent, ADMIN.email));
  await agent.getByRole('button', { name: 'Valider' }).click();
  await agent.getByLabel('Nouveau mot de passe').fill(ADMIN.password);
  await agent.getByLabel('Confirmez le mot de passe').fill(ADMIN.password);
  await agent.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(agent).toHaveURL(/\/auth\/login/);

  await signIn(agent, { login: ADMIN.email, ...ADMIN }, 'agent');
  const navLinks = agent.getByTestId('navbar').locator('[data-testid^="nav-"]');
  await expect(navLinks).toHaveCount(2); // once the profile has loaded
  const navCodes = await navLinks.evaluateAll((links) => links.map((l) => l.getAttribute('data-testid')));
  expect(navCodes.sort()).toEqual(['nav-VIEW_CASH_COLLECTION', 'nav-VIEW_PLANNING']);
  await agent.goto('/dashboard/access');
  await expect(agent.getByTestId('access-denied')).toBeVisible();
  await agent.goto('/dashboard/company');
  await expect(agent.getByTestId('access-denied')).toBeVisible();
  await phone.close();

  // Back on the owner's side, the invitation is accepted.
  await page.reload();
  await expect(page.getByTestId('admins-table-row').filter({ hasText: ADMIN.email })).not.toContainText('Invitation envoyée');

  // The company logo shows in the header once saved.
  await page.getByTestId('nav-VIEW_COMPANY_PROFILE').click();
  await expect(page).toHaveURL(/\/dashboard\/company$/);
  await expect(page.getByTestId('company-name')).toHaveValue('Flotte Démo');
  await expect(page.getByTestId('danger-zone')).toBeVisible();

  await page.getByTestId('company-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('company-logo-preview')).toBeVisible();
  // Emptying the city in the same save: a blank field is kept as emptied, not read as "unchanged".
  await page.getByTestId('company-city').fill('');
  await page.getByTestId('company-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: "Données de l'entreprise mises à jour." })).toBeVisible();
  const logo = page.getByTestId('header-park-logo');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('company-name')).toHaveValue('Flotte Démo');
  await expect(page.getByTestId('company-city')).toHaveValue('');

  // Password: a wrong confirmation first, then the right one.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('account-link').click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await page.getByTestId('old-password').fill(OWNER.password);
  await page.getByTestId('new-password').fill(NEW_PASSWORD);
  await page.getByTestId('new-password-confirm').fill('Autre#2026');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await page.getByTestId('new-password-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Mot de passe mis à jour.' })).toBeVisible();
  await expect(page.getByTestId('old-password')).toHaveValue(''); // the form empties on success only

  // The demo owner's password goes back to the documented one, for whoever signs in next.
  await page.getByTestId('old-password').fill(NEW_PASSWORD);
  await page.getByTestId('new-password').fill(OWNER.password);
  await page.getByTestId('new-password-confirm').fill(OWNER.password);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('old-password')).toHaveValue('');
  // The previous toast may still be fading out beside the new one.
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Mot de passe mis à jour.' }).last()).toBeVisible();
});
