import { expect, test, type Page } from '@playwright/test';

// The inputs half of the web kit, driven in the widget gallery (/dev/gallery, demo mode) as a
// person would: periods picked in a French calendar, images and documents added, phone and email
// checked with the spec's messages. Today is pinned to Tuesday 18 March 2025 (Africa/Douala).

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1PX });

async function openGallery(page: Page, section: 'dates' | 'uploads' | 'inputs') {
  await page.clock.setFixedTime(new Date('2025-03-18T11:00:00+01:00'));
  await page.goto(`/dev/gallery#${section}`);
  await expect(page.getByTestId(`gallery-${section}`)).toBeVisible();
}

test.describe('date-range picker and periods', () => {
  test('one click then Apply is a one-day period; two clicks are a range; Réinitialiser clears', async ({ page }) => {
    await openGallery(page, 'dates');
    const trigger = page.getByTestId('dates-basic');
    const output = page.getByTestId('dates-basic-output');
    const popover = page.getByTestId('dates-basic-popover');
    await expect(trigger).toHaveText('Choisir une période');

    // One day: the end is set to the start on Apply.
    await trigger.click();
    await expect(popover.getByText('mars 2025')).toBeVisible(); // French calendar, this month
    await popover.getByRole('button', { name: '10 mars 2025', exact: true }).click();
    await popover.getByRole('button', { name: 'Appliquer' }).click();
    await expect(popover).toBeHidden();
    await expect(output).toHaveText('10/03/2025 – 10/03/2025');
    await expect(trigger).toHaveText('10/03/2025 – 10/03/2025');

    // A range, across a month change.
    await trigger.click();
    await popover.getByRole('button', { name: 'Mois précédent' }).click();
    await popover.getByRole('button', { name: '24 février 2025', exact: true }).click();
    await popover.getByRole('button', { name: 'Mois suivant' }).click();
    await popover.getByRole('button', { name: '12 mars 2025', exact: true }).click();
    await popover.getByRole('button', { name: 'Appliquer' }).click();
    await expect(output).toHaveText('24/02/2025 – 12/03/2025');

    // Clicks not applied are forgotten when the popover closes.
    await trigger.click();
    await popover.getByRole('button', { name: '5 mars 2025', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(output).toHaveText('24/02/2025 – 12/03/2025');

    // Réinitialiser empties the period.
    await trigger.click();
    await popover.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(output).toHaveText('aucune');
    await expect(trigger).toHaveText('Choisir une période');
  });

  test('the period picker forbids future days', async ({ page }) => {
    await openGallery(page, 'dates');
    await page.getByTestId('dates-past').click();
    const popover = page.getByTestId('dates-past-popover');
    await expect(popover.getByRole('button', { name: '19 mars 2025', exact: true })).toBeDisabled();
    await expect(popover.getByRole('button', { name: '31 mars 2025', exact: true })).toBeDisabled();
    await expect(popover.getByRole('button', { name: 'Mois suivant' })).toBeDisabled();
    await popover.getByRole('button', { name: '18 mars 2025', exact: true }).click();
    await popover.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByTestId('dates-past-output')).toHaveText('18/03/2025 – 18/03/2025');

    // The default reporting period (18th: the current month) comes prefilled.
    await expect(page.getByTestId('dates-prefilled-output')).toHaveText('01/03/2025 – 31/03/2025');
  });

  test('presets give today, tomorrow, the Monday-to-Sunday week and the month', async ({ page }) => {
    await openGallery(page, 'dates');
    const select = page.getByTestId('dates-preset');
    const output = page.getByTestId('dates-preset-output');
    const choose = async (label: string) => {
      await select.click();
      await page.getByRole('option', { name: label, exact: true }).click();
    };
    await choose("Aujourd'hui");
    await expect(output).toHaveText('18/03/2025 – 18/03/2025');
    await choose('Demain');
    await expect(output).toHaveText('19/03/2025 – 19/03/2025');
    await choose('Cette semaine');
    await expect(output).toHaveText('17/03/2025 – 23/03/2025');
    await choose('Ce mois-ci');
    await expect(output).toHaveText('01/03/2025 – 31/03/2025');
    await expect(select).toHaveValue('Ce mois-ci');

    await expect(page.getByTestId('dates-helper-view-year')).toHaveText(
      "Vue non prise en charge : utilisez 'day', 'week' ou 'month'.",
    );
  });
});

test.describe('uploads', () => {
  test('an image field refuses a .gif and takes a .png, with a preview that can be removed', async ({ page }) => {
    await openGallery(page, 'uploads');
    const input = page.getByTestId('uploads-single-input');
    const output = page.getByTestId('uploads-single-output');

    await input.setInputFiles({ name: 'animation.gif', mimeType: 'image/gif', buffer: GIF_1PX });
    await expect(page.getByTestId('uploads-single-error')).toHaveText(
      "« animation.gif » n'est pas une image acceptée. Formats acceptés : jpg, png, svg, jpeg.",
    );
    await expect(output).toHaveText('aucune');

    await input.setInputFiles(png('photo.png'));
    await expect(output).toHaveText('photo.png');
    await expect(page.getByTestId('uploads-single-error')).toBeHidden();
    await expect(page.getByRole('img', { name: 'photo.png' })).toBeVisible();

    // A single-image field replaces its image.
    await input.setInputFiles(png('autre.PNG'));
    await expect(output).toHaveText('autre.PNG');
    await page.getByRole('button', { name: 'Retirer autre.PNG' }).click();
    await expect(output).toHaveText('aucune');
  });

  test('a multiple image field keeps 4 images in all, existing ones included', async ({ page }) => {
    await openGallery(page, 'uploads');
    await page.getByTestId('uploads-multiple-input').setInputFiles([png('a.png'), png('b.png'), png('c.png')]);
    await expect(page.getByTestId('uploads-multiple-output')).toHaveText('a.png, b.png');
    await expect(page.getByTestId('uploads-multiple-error')).toHaveText('Vous pouvez ajouter au maximum 4 images.');
    await expect(page.getByTestId('uploads-multiple-add')).toBeHidden();

    await page.getByRole('button', { name: "Retirer l'image 1" }).click();
    await expect(page.getByTestId('uploads-multiple-existing-count')).toHaveText('1');
    await expect(page.getByTestId('uploads-multiple-add')).toBeVisible();
  });

  test('the file drop takes one file of any type and shows its size in Mo', async ({ page }) => {
    await openGallery(page, 'uploads');
    await page.getByTestId('uploads-drop-input').setInputFiles({
      name: 'facture-mars.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(1310720, 1),
    });
    await expect(page.getByTestId('uploads-drop-name')).toHaveText('facture-mars.pdf');
    await expect(page.getByTestId('uploads-drop-size')).toHaveText('1.25 Mo');
    await expect(page.getByTestId('uploads-drop-output')).toHaveText('facture-mars.pdf (1.25 Mo)');

    // Over the field's maximum: refused with the size allowed.
    await page.getByTestId('uploads-drop-limited-input').setInputFiles({
      name: 'scan.tiff',
      mimeType: 'image/tiff',
      buffer: Buffer.alloc(3 * 1024 * 1024, 1),
    });
    await expect(page.getByTestId('uploads-drop-limited-error')).toHaveText(
      'Le fichier dépasse la taille maximale autorisée (2.00 Mo).',
    );
    await expect(page.getByTestId('uploads-drop-limited-file')).toBeHidden();
  });
});

test.describe('amounts, contacts and countries', () => {
  test('the phone field sends +code and number, with the spec messages', async ({ page }) => {
    await openGallery(page, 'inputs');
    const field = page.getByTestId('inputs-phone');
    const number = page.getByTestId('inputs-phone-number');
    const output = page.getByTestId('inputs-phone-output');

    await number.focus();
    await number.blur();
    await expect(field).toContainText('Le numéro de téléphone est requis');

    await number.fill('12');
    await number.blur();
    await expect(field).toContainText('Format de numéro de téléphone invalide');

    await number.fill('07 01 02 03 04');
    await expect(output).toHaveText('+2250701020304'); // 225 when nothing says otherwise
    await expect(field).not.toContainText('Format de numéro de téléphone invalide');

    // Another country's code, found by its name without accents.
    await page.getByTestId('inputs-phone-code').click();
    await page.getByTestId('inputs-phone-code').fill('senegal');
    await page.getByRole('option', { name: /Sénégal/ }).click();
    await expect(output).toHaveText('+2210701020304');

    // A pasted international number sets the code too.
    await number.fill('+237 690 00 00 00');
    await expect(output).toHaveText('+237690000000');
    await expect(number).toHaveValue('690000000');
  });

  test('the email field says when an address is missing or malformed', async ({ page }) => {
    await openGallery(page, 'inputs');
    const email = page.getByTestId('inputs-email');
    await email.fill('awa@flotte');
    await email.blur();
    await expect(page.getByText("Format d'email invalide")).toBeVisible();
    await email.fill('');
    await expect(page.getByText("L'email est requis !")).toBeVisible();
    await email.fill('awa@flotte.ci');
    await expect(page.getByText("L'email est requis !")).toBeHidden();
    await expect(page.getByText("Format d'email invalide")).toBeHidden();
  });

  test('amounts, and the country picker in its states', async ({ page }) => {
    await openGallery(page, 'inputs');
    await expect(page.getByTestId('inputs-money-xaf')).toHaveText('1,234,567.5 XAF');
    await expect(page.getByTestId('inputs-money-negative')).toHaveText('-2,500.13 XOF');
    await expect(page.getByTestId('inputs-amount')).toHaveValue('1,234,567.5');

    // 'Actifs' / 'Désactivés' send the list filter values enable / disabled.
    await expect(page.getByTestId('inputs-active-filter-output')).toHaveText('enable');
    await page.getByTestId('inputs-active-filter').getByText('Désactivés').click();
    await expect(page.getByTestId('inputs-active-filter-output')).toHaveText('disabled');

    // The live picker on GET /api/location/country: searched without accents.
    const live = page.getByTestId('inputs-country');
    await live.click();
    await live.fill('cote');
    await page.getByRole('option', { name: /Côte d'Ivoire/ }).click();
    await expect(page.getByTestId('inputs-country-output')).toHaveText('CI');

    await expect(page.getByTestId('gallery-inputs')).toContainText("La liste des pays n'a pas pu être chargée");
    await expect(page.getByTestId('inputs-calling-code')).toHaveText('+225');
    await expect(page.getByTestId('inputs-calling-code-default')).toHaveText('+225');
    const select = page.getByTestId('inputs-country-static');
    await select.click();
    await select.fill('togo');
    await page.getByRole('option', { name: /Togo/ }).click();
    await expect(page.getByTestId('inputs-calling-code')).toHaveText('+228');
  });
});
