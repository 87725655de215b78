import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, latestOtp, signIn } from './sign-in-helpers.ts';

// Issue 16 as a newcomer lives it on a phone: 'Créer un compte' from the sign-in screen, four
// questions, the code from the outbox, the PIN, and an empty park with its first steps. Then the
// demo owner opens a second park from the header and comes back to his own.

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const stamp = Date.now();

// E2E_SHOTS_DIR=/tmp/shots keeps a screenshot of every new screen, to look at them as a person would.
const shotsDir = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}-${page.viewportSize()?.width}.png`), fullPage, animations: 'disabled' });
}

test('a newcomer signs up on a phone, sets a PIN and lands on his empty park with its first steps', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `nouveau.${stamp}@flotte.demo`;
  const parkName = `Taxis du Plateau ${stamp % 100000}`;
  await page.setViewportSize(PHONE);

  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toBeVisible();
  await shot(page, 'login');
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);

  // 1. Who you are. Nothing typed yet: the errors say what is missing, under each field.
  await expect(page.getByTestId('signup-progress-text')).toHaveText('Étape 1 sur 5 · Vous');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Le prénom doit contenir au moins 2 caractères')).toBeVisible();
  await expect(page.getByText('Le nom de famille doit contenir au moins 2 caractères')).toBeVisible();
  await page.getByLabel('Professionnel').check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText("Le nom de l'entreprise est requis")).toBeVisible();
  await shot(page, 'signup-1-errors');
  await page.getByLabel("Nom de l'entreprise").fill('Plateau Mobilité SARL');
  await page.getByLabel('Prénom').fill('Awa');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Ndiaye');
  await page.getByRole('button', { name: 'Continuer' }).click();

  // 2. The park: the country says its currency and calling code.
  await expect(page.getByTestId('signup-progress-text')).toHaveText('Étape 2 sur 5 · Votre parc');
  await expect(page.getByRole('heading', { name: 'Votre parc' })).toBeFocused();
  await page.getByLabel('Nom du parc').fill(parkName);
  await page.getByLabel('Ville').fill('Dakar');
  await page.getByLabel('Pays').selectOption('SN');
  await expect(page.getByText('Devise : XOF · Indicatif : +221')).toBeVisible();
  await shot(page, 'signup-2-park');
  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page.getByLabel('Prénom')).toHaveValue('Awa');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByLabel('Nom du parc')).toHaveValue(parkName);
  await page.getByRole('button', { name: 'Continuer' }).click();

  // 3. The contact: the phone starts with the park country's code; the code goes by email here.
  await expect(page.getByTestId('signup-progress-text')).toHaveText('Étape 3 sur 5 · Contact');
  await expect(page.getByTestId('signup-phone-code')).toHaveValue(/\+221/);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Entrez un numéro de téléphone ou un email')).toBeVisible();
  await page.getByTestId('signup-phone-number').fill(`77${String(stamp).slice(-7)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('radio', { name: 'Email' }).check();
  await page.getByTestId('signup-password').fill('plateau2026');
  await page.getByTestId('signup-password-confirmation').fill('plateau2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText(/au moins une lettre majuscule/)).toBeVisible();
  await page.getByTestId('signup-password').fill('Plateau#2026');
  await page.getByTestId('signup-password-confirmation').fill('Plateau#2025');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await page.getByTestId('signup-password-confirmation').fill('Plateau#2026');
  await shot(page, 'signup-3-contact');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  // 4. The code, from the outbox.
  await expect(page.getByTestId('signup-progress-text')).toHaveText('Étape 4 sur 5 · Code');
  await expect(page.getByTestId('otp-sent-to')).toContainText('par email');
  await expect(page.getByLabel('Code de vérification')).toBeFocused();
  await shot(page, 'signup-4-code');
  await page.getByLabel('Code de vérification').fill(await latestOtp(page, email));
  await page.getByRole('button', { name: 'Valider' }).click();

  // 5. The PIN, the sign-in's own screen, then the dashboard of the new, empty park.
  await expect(page).toHaveURL(/\/auth\/pin/);
  await page.getByLabel('Code PIN', { exact: true }).fill('31415');
  await page.getByLabel('Confirmez le code PIN', { exact: true }).fill('31415');
  await page.getByRole('button', { name: 'Définir le code PIN' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-park-name')).toHaveText(parkName);
  await expect(page.getByTestId('park-name')).toHaveText(parkName);
  await expect(page.getByTestId('park-currency')).toHaveText('XOF');
  const checklist = page.getByTestId('park-checklist');
  await expect(checklist.getByRole('heading', { name: 'Pour bien démarrer' })).toBeVisible();
  await expect(checklist.getByRole('link')).toHaveCount(5);
  await expect(checklist.locator('[data-done="true"]')).toHaveCount(0);
  await expect(page.getByTestId('park-checklist-progress')).toHaveText('Aucune des 5 étapes n’est encore faite');
  await shot(page, 'dashboard-new-park', false);
  // Each step leads to its screen.
  await checklist.getByRole('link', { name: /Inviter un agent/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/access$/);

  // A phone's header names the park; its menu lists this one park and offers a new one.
  await page.getByTestId('park-switcher').click();
  await expect(page.getByRole('menuitem', { name: new RegExp(parkName) })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Nouveau parc' })).toBeVisible();
  await shot(page, 'park-switcher-new-owner', false);
  await page.keyboard.press('Escape');
});

test('the demo owner opens a second park from the header, finds it empty, and goes back to his own', async ({ page }) => {
  test.setTimeout(120_000);
  const parkName = `Flotte Lomé ${stamp % 100000}`;
  await page.setViewportSize(PHONE);
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  await expect(page.getByTestId('header-park-name')).toHaveText('Flotte Démo');
  // The demo park has done every first step: no checklist.
  await expect(page.getByTestId('fleet-cards')).toBeVisible();
  await expect(page.getByTestId('park-checklist')).toHaveCount(0);

  await page.getByTestId('park-switcher').click();
  await expect(page.getByRole('menuitem', { name: /Flotte Démo/ })).toHaveAttribute('aria-current', 'true');
  await shot(page, 'park-switcher', false);
  await page.getByRole('menuitem', { name: 'Nouveau parc' }).click();
  const dialog = page.getByTestId('new-park-dialog');
  await expect(dialog.getByLabel('Pays')).toHaveValue('CM'); // the acting park's country to start with
  await dialog.getByRole('button', { name: 'Créer le parc' }).click();
  await expect(dialog.getByText('Le nom du parc doit contenir au moins 2 caractères')).toBeVisible();
  await expect(dialog.getByText('La ville doit contenir au moins 2 caractères')).toBeVisible();
  await shot(page, 'new-park-errors', false);
  await dialog.getByLabel('Nom du parc').fill(parkName);
  await dialog.getByLabel('Ville').fill('Lomé');
  await dialog.getByLabel('Pays').selectOption('TG');
  await expect(dialog.getByText('Devise : XOF · Indicatif : +228')).toBeVisible();
  await shot(page, 'new-park', false);
  await dialog.getByRole('button', { name: 'Créer le parc' }).click();

  await expect(page.getByTestId('toast-success').filter({ hasText: `Parc créé : ${parkName}` })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('header-park-name')).toHaveText(parkName);
  await expect(page.getByTestId('park-name')).toHaveText(parkName);
  await expect(page.getByTestId('park-currency')).toHaveText('XOF');
  await expect(page.getByTestId('park-checklist-progress')).toHaveText('Aucune des 5 étapes n’est encore faite');
  await expect(page.getByTestId('card-vehicles-value')).toHaveText('0');
  await shot(page, 'dashboard-second-park', false);

  // Back to the demo park and its data.
  await page.getByTestId('park-switcher').click();
  await expect(page.getByRole('menuitem', { name: new RegExp(parkName) })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('menuitem', { name: /Flotte Démo/ }).click();
  await expect(page.getByTestId('header-park-name')).toHaveText('Flotte Démo');
  await expect(page.getByTestId('park-name')).toHaveText('Flotte Démo');
  await expect(page.getByTestId('card-vehicles-value')).not.toHaveText('0');
  await expect(page.getByTestId('park-checklist')).toHaveCount(0);
});

test('where sign-up is closed, the sign-in screen offers no link and the page says so', async ({ page }) => {
  // The server's FLOTTE_SIGNUP=closed answer, without restarting the shared e2e server.
  await page.route('**/api/register', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { code: 5000, message: 'Opération réussie', data: { open: false, countries: [] } } })
      : route.fallback(),
  );
  await page.setViewportSize(PHONE);
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toHaveCount(0);
  await page.goto('/auth/register');
  await expect(page.getByText('Les inscriptions sont fermées')).toBeVisible();
  await shot(page, 'signup-closed');
  await page.getByRole('link', { name: 'Retour à la connexion' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("the server's field errors send the person back to the step that asked for the field", async ({ page }) => {
  // A refusal the form's own checks let through (as when the server knows more), made up here.
  await page.route('**/api/register', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          json: { code: 5400, message: 'Données invalides', data: { errors: [{ field: 'park.city', message: 'Ville inconnue dans ce pays' }] } },
        })
      : route.fallback(),
  );
  await page.setViewportSize(PHONE);
  await page.goto('/auth/register');
  await page.getByLabel('Prénom').fill('Kossi');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Agbeko');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Nom du parc').fill('Taxis du Golfe');
  await page.getByLabel('Ville').fill('Atlantis');
  await page.getByLabel('Pays').selectOption('TG');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(`kossi.${stamp}@flotte.demo`);
  await page.getByTestId('signup-password').fill('Golfe#2026');
  await page.getByTestId('signup-password-confirmation').fill('Golfe#2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByTestId('signup-progress-text')).toHaveText('Étape 2 sur 5 · Votre parc');
  await expect(page.getByText('Ville inconnue dans ce pays')).toBeVisible();
  await expect(page.getByLabel('Ville')).toHaveValue('Atlantis');
});

test('the new screens at desktop width', async ({ page }) => {
  test.skip(!shotsDir, 'screenshots only (E2E_SHOTS_DIR)');
  await page.setViewportSize(DESKTOP);
  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toBeVisible();
  await shot(page, 'login');
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('heading', { name: 'Qui êtes-vous ?' })).toBeVisible();
  await shot(page, 'signup-1');
  await page.getByLabel('Prénom').fill('Kofi');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Mensah');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Pays').selectOption('TG');
  await shot(page, 'signup-2-park');
  await page.getByLabel('Nom du parc').fill('Taxis de Lomé');
  await page.getByLabel('Ville').fill('Lomé');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await shot(page, 'signup-3-contact');

  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  await page.getByTestId('park-switcher').click();
  await shot(page, 'park-switcher', false);
  await page.getByRole('menuitem', { name: 'Nouveau parc' }).click();
  await shot(page, 'new-park', false);
  await page.keyboard.press('Escape');

  // The checklist half done (an answer made up here: the demo park has done every step).
  await page.route('**/api/park/checklist', (route) =>
    route.fulfill({
      json: {
        code: 5000,
        message: 'Opération réussie',
        data: {
          steps: ['vehicle', 'driver', 'planning', 'recipes', 'agent'].map((step, i) => ({ step, done: i < 2 })),
          done: false,
        },
      },
    }),
  );
  await page.reload();
  await expect(page.getByTestId('park-checklist-progress')).toHaveText('2 étapes faites sur 5');
  await shot(page, 'checklist-half-done', false);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('park-checklist-progress')).toHaveText('2 étapes faites sur 5');
  await shot(page, 'checklist-half-done', false);
});
