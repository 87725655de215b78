import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';

// The table-and-dialog half of the shared kit, driven on the widget gallery (/dev/gallery, served
// in demo mode) as a person would: pages, search, sort, selection, the export dialog and its
// files, and the confirmation and list dialogs.

async function openGallery(page: Page, section: 'table' | 'dialogs') {
  await page.goto(`/dev/gallery#${section}`);
  await expect(page.getByTestId(`gallery-${section}`)).toBeVisible();
}

/** Waits until the table has no request running. */
async function settled(table: Locator) {
  await expect(table.getByTestId('ops-table-table')).toHaveAttribute('aria-busy', 'false');
}

async function amounts(table: Locator): Promise<number[]> {
  const texts = await table.locator('[data-col="amount"]').allTextContents();
  return texts.map((t) => Number(t.replace(/,/g, '')));
}

async function readDownload(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFile(file);
}

/** The first page's width and height in points, rounded (A4 is 595 x 842). */
function pdfPageSize(pdf: Buffer): [number, number] {
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('no MediaBox in the PDF');
  return [Math.round(Number(box[1])), Math.round(Number(box[2]))];
}

test('the data table pages, searches from 3 characters, sorts, filters and selects', async ({ page }) => {
  await openGallery(page, 'table');
  const table = page.getByTestId('ops-table');
  const rows = table.getByTestId('ops-table-row');
  const range = table.getByTestId('ops-table-range');

  // Default page size 5 (spec), and the page sizes offered.
  await expect(rows).toHaveCount(5);
  await expect(range).toHaveText('1–5 sur 57');
  await expect(table.getByTestId('ops-table-page-size').locator('option')).toHaveText(['5', '10', '20', '30', '40', '50', '100', '500', '1000']);

  await table.getByTestId('ops-table-page-size').selectOption('10');
  await expect(rows).toHaveCount(10);
  await expect(range).toHaveText('1–10 sur 57');
  await table.getByTestId('ops-table-page-next').click();
  await expect(range).toHaveText('11–20 sur 57');
  await expect(rows.first()).toHaveAttribute('data-row-id', 'op-11');

  // Two characters send nothing, even once the 300 ms have long passed.
  const requests = page.getByTestId('ops-table-requests');
  await settled(table);
  const before = await requests.textContent();
  await table.getByTestId('ops-table-search').fill('Ya');
  await page.waitForTimeout(800);
  await expect(requests).toHaveText(before!);
  await expect(page.getByTestId('ops-table-last-search')).toHaveText('');
  await expect(range).toHaveText('11–20 sur 57');

  // The third character searches (back on page 1).
  await table.getByTestId('ops-table-search').fill('Yao');
  await expect(page.getByTestId('ops-table-last-search')).toHaveText('Yao');
  await expect(range).toHaveText('1–6 sur 6');
  for (const row of await rows.all()) await expect(row).toContainText('Yao Kouassi');

  // A search that finds nothing says so, not the list's own empty text (there are operations).
  await table.getByTestId('ops-table-search').fill('Zzzz');
  await expect(table.getByTestId('ops-table-empty')).toContainText('Aucun élément trouvé');
  await expect(table.getByTestId('ops-table-empty')).not.toContainText("pour l'instant");

  // Emptying the box shows everything again.
  await table.getByTestId('ops-table-search').fill('');
  await expect(range).toHaveText('1–10 sur 57');

  // Sort by amount: ascending, then descending (the 1,234,567.5 row first).
  const amountHeader = table.locator('th', { has: page.getByTestId('ops-table-sort-amount') });
  await table.getByTestId('ops-table-sort-amount').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  await settled(table);
  const ascending = await amounts(table);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await table.getByTestId('ops-table-sort-amount').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().locator('[data-col="amount"]')).toHaveText('1,234,567.5');
  await expect(rows.first()).toHaveAttribute('data-row-id', 'op-7');

  // Select the page, unselect one row; a row click opens it.
  await table.getByTestId('ops-table-select-all').check();
  await expect(table.getByTestId('ops-table-selected-count')).toHaveText('10 sélectionnés');
  await rows.nth(1).getByTestId('ops-table-select-row').uncheck();
  await expect(table.getByTestId('ops-table-selected-count')).toHaveText('9 sélectionnés');
  await expect(page.getByTestId('ops-table-selection')).toContainText('OP-0007');
  const second = await rows.nth(2).getAttribute('data-row-id');
  await rows.nth(2).locator('[data-col="label"]').click();
  await expect(page.getByTestId('ops-table-opened')).toHaveText(`OP-${second!.slice(3).padStart(4, '0')}`);

  // A filter from the caller's slot: page 1 again, and the selection no longer applies.
  await table.getByTestId('ops-table-status-filter').selectOption('not_paid');
  await expect(range).toHaveText('1–10 sur 14');
  await expect(table.getByTestId('ops-table-selected-count')).toHaveCount(0);
  for (const row of await rows.all()) await expect(row).toContainText('Non payé');
});

test('export writes every row the filters select, to Excel and to PDF, with the chosen options', async ({ page }) => {
  await openGallery(page, 'table');
  const table = page.getByTestId('ops-table');
  await expect(table.getByTestId('ops-table-row')).toHaveCount(5);

  await table.getByTestId('ops-table-export').click();
  const dialog = page.getByRole('dialog', { name: 'Options de téléchargement' });
  await expect(dialog).toBeVisible();
  // Spec defaults: PDF, landscape, medium quality, #205DD3.
  await expect(dialog.getByRole('radio', { name: 'PDF' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Paysage' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Moyenne' })).toBeChecked();
  const color = dialog.getByLabel('Couleur principale');
  await expect(color).toHaveValue('#205DD3');

  // The colour rule.
  await color.fill('#12345');
  await expect(dialog.getByText('Format de couleur invalide (6 chiffres hexadécimaux)')).toBeVisible();
  await expect(dialog.getByTestId('ops-table-export-dialog-submit')).toBeDisabled();
  await color.fill('0B7285');
  await expect(dialog.getByText('Format de couleur invalide (6 chiffres hexadécimaux)')).toHaveCount(0);

  // Excel: all 57 rows although the page shows 5, header in the chosen colour.
  await dialog.getByText('Excel', { exact: true }).click();
  await expect(dialog.getByText('Orientation')).toHaveCount(0);
  const excelDownload = page.waitForEvent('download');
  await dialog.getByTestId('ops-table-export-dialog-submit').click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toMatch(/^Operations_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Fichier téléchargé')).toBeVisible();
  await expect(dialog).toBeHidden();

  const xlsx = await readDownload(excel);
  expect(xlsx.subarray(0, 2).toString()).toBe('PK'); // a zip, as .xlsx files are
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Opérations')!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Référence', 'Date', 'Chauffeur', 'Libellé', 'Statut', 'Montant (XAF)']);
  expect(sheet.getCell('A1').fill).toMatchObject({ fgColor: { argb: 'FF0B7285' } });
  expect(sheet.rowCount).toBe(58);
  const op7 = sheet.getRow(8);
  expect(op7.getCell(1).value).toBe('OP-0007');
  expect(op7.getCell(6).value).toBe(1234567.5); // an amount stays a number a spreadsheet can add
  expect(op7.getCell(2).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  // PDF of a filtered list, default options: landscape.
  await table.getByTestId('ops-table-status-filter').selectOption('not_paid');
  await expect(table.getByTestId('ops-table-range')).toHaveText('1–5 sur 14');
  await table.getByTestId('ops-table-export').click();
  await expect(dialog).toBeVisible();
  await dialog.getByText('PDF', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Paysage' })).toBeChecked();
  const pdfDownload = page.waitForEvent('download');
  await dialog.getByTestId('ops-table-export-dialog-submit').click();
  const pdf = await readDownload(await pdfDownload);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfPageSize(pdf)).toEqual([842, 595]);

  // Portrait, high quality.
  await table.getByTestId('ops-table-export').click();
  await dialog.getByText('Portrait', { exact: true }).click();
  await dialog.getByText('Haute', { exact: true }).click();
  const portraitDownload = page.waitForEvent('download');
  await dialog.getByTestId('ops-table-export-dialog-submit').click();
  const portrait = await portraitDownload;
  expect(portrait.suggestedFilename()).toMatch(/^Operations_\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdfPageSize(await readDownload(portrait))).toEqual([595, 842]);
});

test('empty, failing and loading tables say so, and a retry recovers', async ({ page }) => {
  await openGallery(page, 'table');
  const empty = page.getByTestId('empty-table');
  await expect(empty.getByTestId('empty-table-empty')).toContainText('Aucun élément trouvé');
  await expect(empty.getByTestId('empty-table-export')).toBeDisabled();

  const failing = page.getByTestId('error-table');
  await expect(failing.getByTestId('error-table-error')).toContainText('Connexion impossible');
  await page.getByTestId('error-table-failing').uncheck();
  await failing.getByTestId('error-table-retry').click();
  await expect(failing.getByTestId('error-table-row')).toHaveCount(5);

  await expect(page.getByTestId('loading-table-skeleton')).toBeVisible();
});

test('on a 360 px phone the table becomes cards and Voir plus appends the next page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openGallery(page, 'table');
  const table = page.getByTestId('ops-table');
  // No table squeezed into the phone: one card per row, each fitting the screen.
  await expect(table.getByTestId('ops-table-table')).toHaveCount(0);
  const cards = table.getByTestId('ops-table-card');
  await expect(cards).toHaveCount(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = (await cards.first().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await expect(table.getByTestId('ops-table-range')).toHaveText('10 sur 57');

  const more = table.getByTestId('ops-table-more');
  await more.scrollIntoViewIfNeeded();
  await more.click();
  await expect(cards).toHaveCount(20);
  await expect(table.getByTestId('ops-table-range')).toHaveText('20 sur 57');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('data-table-360.png') });
});

test('confirmation dialog: default buttons, one submit however fast the taps', async ({ page }) => {
  await openGallery(page, 'dialogs');
  await page.getByTestId('demo-confirm-open').click();
  const confirm = page.getByRole('dialog', { name: 'Valider la recette' });
  await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeVisible();
  const button = confirm.getByRole('button', { name: 'Confirmer' });
  await button.dblclick();
  await button.click({ force: true }).catch(() => undefined); // a third tap while it spins
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Opération réussie !')).toBeVisible();
  await expect(page.getByTestId('demo-confirm-count')).toHaveText('1');

  // The danger variant with the maintenance wording; 'Ne pas annuler' changes nothing.
  await page.getByTestId('demo-danger-open').click();
  const danger = page.getByRole('dialog', { name: "Annuler l'entretien" });
  await expect(danger.getByText('Êtes-vous sûr de vouloir annuler cet entretien ?')).toBeVisible();
  await danger.getByRole('button', { name: 'Ne pas annuler' }).click();
  await expect(danger).toBeHidden();
});

test('list dialogs: search, filter, single and multiple choice, empty texts', async ({ page }) => {
  await openGallery(page, 'dialogs');

  await page.getByTestId('demo-list-single-open').click();
  const single = page.getByRole('dialog', { name: 'Sélectionner un véhicule' });
  const items = single.getByTestId('demo-list-single-item');
  await expect(items).toHaveCount(8);
  await single.getByTestId('demo-list-single-search').fill('zzz');
  await expect(single.getByText('Aucune donnée ne correspond à votre recherche.')).toBeVisible();
  await single.getByTestId('demo-list-single-search').fill('');
  await single.getByText('Désactivés', { exact: true }).click();
  await expect(items).toHaveCount(2);
  await expect(single.getByTestId('demo-list-single-confirm')).toBeDisabled();
  await items.filter({ hasText: 'Kia Rio' }).click();
  await single.getByTestId('demo-list-single-confirm').click();
  await expect(single).toBeHidden();
  await expect(page.getByTestId('demo-list-single-value')).toHaveText('Kia Rio (DK-789-EF)');

  await page.getByTestId('demo-list-multiple-open').click();
  const multiple = page.getByRole('dialog', { name: 'Sélectionnez les chauffeurs' });
  await multiple.getByTestId('demo-list-multiple-search').fill('aicha');
  await multiple.getByTestId('demo-list-multiple-item').click();
  await multiple.getByTestId('demo-list-multiple-search').fill('');
  await multiple.getByTestId('demo-list-multiple-item').filter({ hasText: 'Fatou Diop' }).click();
  await expect(multiple.getByTestId('demo-list-multiple-count')).toHaveText('2 sélectionnés');
  await multiple.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByTestId('demo-list-multiple-value')).toHaveText('Aïcha Koné, Fatou Diop');

  await page.getByTestId('demo-list-empty-open').click();
  const none = page.getByRole('dialog', { name: 'Sélectionner un véhicule' });
  await expect(none.getByText('Aucun véhicule créé pour l’instant')).toBeVisible();
  await expect(none.getByRole('button', { name: 'Créer un véhicule' })).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(page.getByTestId('demo-empty-placeholder')).toContainText("Vous n'avez pas encore programmé de course !");
});
