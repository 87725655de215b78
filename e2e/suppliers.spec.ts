import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// The owner keeps his directory of garages from a 360 px phone: a category, a supplier with a
// correspondent, seen as a card in the list, suspended, then found under 'Désactivés'.
const PHONE = { width: 360, height: 780 };
test.use({ viewport: PHONE });

const toast = (page: Page, text: string) => page.getByTestId('toast-success').filter({ hasText: text });

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Picks an option of a Mantine select (its list opens in a portal). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a category, a supplier with its correspondent, suspended and found under Désactivés', async ({ page }) => {
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const categoryName = `Garages ${stamp}`;
  const supplierName = `Garage du Wouri ${stamp}`;
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');
  await page.goto('/dashboard/providers');
  await expect(page.getByRole('heading', { name: 'Prestataires', level: 1 })).toBeVisible();

  // The categories dialog: a new one, listed with no supplier yet.
  await page.getByTestId('providers-categories').click();
  const categories = page.getByTestId('supplier-categories-dialog');
  await categories.getByTestId('supplier-category-add').click();
  const newCategory = page.getByTestId('supplier-category-new-dialog');
  await newCategory.getByTestId('supplier-category-new-submit').click();
  await expect(newCategory.getByText('Le nom de la catégorie est requis')).toBeVisible();
  await newCategory.getByTestId('supplier-category-new-name').fill(categoryName);
  await newCategory.getByTestId('supplier-category-new-submit').click();
  await expect(toast(page, 'Catégorie ajoutée avec succès')).toBeVisible();
  const item = categories.getByTestId('supplier-category-item').filter({ hasText: categoryName });
  await expect(item).toContainText('Aucun prestataire');
  await noSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(categories).toBeHidden();

  // The supplier's form: the spec's messages first, then a complete supplier with a correspondent.
  await page.getByTestId('supplier-add').click();
  const form = page.getByTestId('supplier-form-dialog');
  await expect(form.getByRole('heading', { name: 'Ajouter un prestataire' })).toBeVisible();
  await form.getByTestId('supplier-submit').click();
  await expect(form.getByText('Le nom du prestataire est requis')).toBeVisible();
  await expect(form.getByText('Veuillez sélectionner au moins une catégorie')).toBeVisible();
  await form.getByTestId('supplier-name').fill(supplierName);
  await form.getByTestId('supplier-rccm').fill('RC/DLA/2024/B/1234');
  await form.getByLabel('Numéro de contribuable (NIU)').fill('M012345678901Z');
  await form.getByTestId('supplier-phone-number').fill(`69${stamp}1`);
  await choose(page, form.getByTestId('supplier-categories'), categoryName);
  await form.getByTestId('supplier-city').fill('Douala');
  await form.getByTestId('supplier-street').fill('Bonabéri');

  await form.getByTestId('supplier-contact-add').click();
  const contact = page.getByTestId('supplier-contact-dialog');
  await contact.getByTestId('supplier-contact-submit').click();
  await expect(contact.getByText('Entrez des informations valides').first()).toBeVisible();
  await contact.getByTestId('supplier-contact-name').fill('Paul Mbarga');
  await contact.getByTestId('supplier-contact-phone-number').fill(`67${stamp}2`);
  await contact.getByTestId('supplier-contact-email').fill('paul.mbarga@garage-wouri.cm');
  await contact.getByTestId('supplier-contact-function').fill("Chef d'atelier");
  await contact.getByTestId('supplier-contact-submit').click();
  await expect(toast(page, 'Correspondant ajouté')).toBeVisible();
  await expect(form.getByTestId('supplier-contact-item')).toContainText('Paul Mbarga');
  await noSidewaysScroll(page);
  await form.getByTestId('supplier-submit').click();
  await expect(toast(page, 'Fournisseur ajouté avec succès')).toBeVisible();
  await expect(form).toBeHidden();

  // In the list, a card: its name, its category, its status.
  const list = page.getByTestId('providers-table');
  await list.getByTestId('providers-table-search').fill(supplierName);
  const card = list.getByTestId('providers-table-card').filter({ hasText: supplierName });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(categoryName);
  await expect(card.getByTestId('supplier-status')).toHaveText('Actif');
  await noSidewaysScroll(page);

  // Its page, then suspended after a confirmation.
  await card.getByTestId('providers-table-card-open').click();
  const detail = page.getByTestId('supplier-detail-dialog');
  await expect(detail.getByTestId('supplier-detail-name')).toHaveText(supplierName);
  await expect(detail).toContainText("Paul Mbarga · Chef d'atelier");
  await expect(detail.getByTestId('supplier-paid-this-year')).toHaveText(/^0\sXAF$/);
  await detail.getByTestId('supplier-toggle').click();
  const confirm = page.getByTestId('supplier-toggle-confirm');
  await confirm.getByRole('button', { name: 'Suspendre' }).click();
  await expect(toast(page, 'Prestataire suspendu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Gone from 'Actifs', found under 'Désactivés'.
  await expect(list.getByTestId('providers-table-card').filter({ hasText: supplierName })).toHaveCount(0);
  await page.getByTestId('providers-status').getByText('Désactivés').click();
  const suspended = list.getByTestId('providers-table-card').filter({ hasText: supplierName });
  await expect(suspended).toHaveCount(1);
  await expect(suspended.getByTestId('supplier-status')).toHaveText('Suspendu');
  await noSidewaysScroll(page);
});
