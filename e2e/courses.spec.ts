import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdfText } from '../server/test/pdf-text.ts';
import { apiData, appCall, parkDay, pickDay } from './contract-helpers.ts';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 20 end to end, as the demo owner lives it on a 360 px phone: a business client created
// with two addresses found through the map's search (the geocoding simulator answers from its
// gazetteer of Douala) and picked; a course booked for him from one of his addresses to the other,
// tomorrow evening, with a free vehicle and its driver and an amount typed; started, finished into the
// default cash account; its purchase order ('Bon de commande') downloaded as a PDF that names the
// client; its revenue found among the newest operations. Both screens pass axe with no serious or
// critical violation.
const RUN = String(Date.now()).slice(-6);
const CLIENT = `Société Ndog${RUN}`;
const AMOUNT = 8_500;
const PHONE = { width: 360, height: 780 };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.use({ viewport: PHONE });

/** axe's serious and critical violations on the page (or inside `include`), one line each. */
async function axeProblems(page: Page, include?: string): Promise<string[]> {
  // Dialogs fade in: axe would read half-transparent colours.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.html.slice(0, 120)} — ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`).join(' | ')}`);
}

/** Until no loader or skeleton is left on the screen. */
async function settled(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]:visible, .mantine-Loader-root:visible')).toHaveCount(0, { timeout: 15_000 });
}

/** Types in an address picker's search and picks the place whose name is given (the simulator's answer). */
async function searchAndPick(page: Page, picker: Locator, testId: string, typed: string, place: string) {
  await picker.getByTestId(`${testId}-search`).fill(typed);
  await page.getByTestId(`${testId}-option`).filter({ hasText: place }).first().click();
  await expect(picker.getByTestId(`${testId}-picked`)).toBeVisible();
}

/** A time picker's hours then minutes, typed as a person does. */
async function setTime(page: Page, form: Locator, testId: string, hhmm: string) {
  await form.getByTestId(testId).getByLabel('Heures').click();
  await page.keyboard.type(hhmm.slice(0, 2));
  await page.keyboard.type(hhmm.slice(3, 5));
  await expect(form.getByTestId(`${testId}-value`)).toHaveValue(hhmm);
}

interface CourseDetail {
  id: string;
  reference: string;
  status: string;
  amount: number;
  payment_mode: string | null;
  operation_id: string | null;
  caisse: { id: string; name: string } | null;
  start_address: { name: string };
  end_address: { name: string };
}

test('a client with two addresses picked on the map, a course booked, started, finished into the cash account, its purchase order and its operation', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, { login: DEMO_OWNER.email, ...DEMO_OWNER }, 'proprietaire');

  // ── The client, through the form: two addresses found by the map's search. ──
  const { headers } = await appCall(page, '/api/client', () => page.goto('/dashboard/courses/clients'));
  await expect(page.getByTestId('clients-page')).toBeVisible();
  await settled(page);
  const clientsAxe = await axeProblems(page);
  await page.getByTestId('client-add').click();
  const form = page.getByTestId('client-form-dialog');
  await form.getByTestId('client-name').fill(CLIENT);
  await form.getByTestId('client-sex').getByRole('radio', { name: 'Monsieur' }).check();
  await form.getByTestId('client-phone-number').fill(`69${RUN}4`);
  await form.getByTestId('client-niu').fill(`M01${RUN}00012A`);
  await form.getByTestId('client-rccm').fill(`RC/DLA/2020/B/${RUN.slice(0, 4)}`);
  await form.getByTestId('client-city').fill('Douala');
  await form.getByTestId('client-address-add').click();
  const first = form.getByTestId('client-address-0');
  await searchAndPick(page, first, 'client-address-0', 'aéroport douala', 'Aéroport international de Douala');
  await expect(first.getByTestId('client-address-0-name')).toHaveValue('Aéroport international de Douala');
  await form.getByTestId('client-address-add').click();
  const second = form.getByTestId('client-address-1');
  await searchAndPick(page, second, 'client-address-1', 'Akwa Palace', 'Hôtel Akwa Palace');
  await second.getByTestId('client-address-1-name').fill('Bureau Akwa');
  const formAxe = await axeProblems(page, '[role="dialog"]');
  const savedClient = page.waitForResponse((r) => r.url().endsWith('/api/client') && r.request().method() === 'POST');
  await form.getByTestId('client-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Client ajouté avec succès' })).toBeVisible();
  const clientBody = (await (await savedClient).json()) as { code: number; message: string; data: { id: string; addresses: { name: string; latitude: number; longitude: number }[] } };
  expect(clientBody.code, clientBody.message).toBe(5000);
  // Where the gazetteer puts them (OpenStreetMap's coordinates).
  expect(clientBody.data.addresses.map((a) => [a.name, a.latitude.toFixed(3), a.longitude.toFixed(3)])).toEqual([
    ['Aéroport international de Douala', '4.006', '9.720'],
    ['Bureau Akwa', '4.047', '9.698'],
  ]);
  await expect(form).toBeHidden();

  // ── The course: from his airport address to his office, tomorrow 20:00 to 21:00, a free vehicle with its driver. ──
  await page.goto('/dashboard/courses');
  await expect(page.getByTestId('courses-page')).toBeVisible();
  await settled(page);
  const coursesAxe = await axeProblems(page);
  await page.getByTestId('course-add').click();
  const booking = page.getByTestId('course-form-dialog');
  await booking.getByTestId('course-client').click();
  await booking.getByTestId('course-client').fill(CLIENT);
  await page.getByRole('option', { name: CLIENT }).click();
  await booking.getByTestId('course-start-address').getByTestId('course-start-address-suggestion').filter({ hasText: 'Aéroport international de Douala' }).click();
  await expect(booking.getByTestId('course-start-address-name')).toHaveValue('Aéroport international de Douala');
  await booking.getByTestId('course-end-address').getByTestId('course-end-address-suggestion').filter({ hasText: 'Bureau Akwa' }).click();
  await expect(booking.getByTestId('course-end-address-name')).toHaveValue('Bureau Akwa');
  await pickDay(page, booking.getByTestId('course-start-day'), parkDay(1), 'Mois suivant');
  // In the evening, after the demo planning's shifts: a planned vehicle goes only with its planned driver.
  await setTime(page, booking, 'course-start-time', '20:00');
  await setTime(page, booking, 'course-end-time', '21:00');
  await expect(booking.getByTestId('course-quote')).toContainText('km');
  await booking.getByTestId('course-vehicle').click();
  await page.getByRole('option').first().click();
  // A vehicle brings its usual driver when he is free; else the first free driver.
  const driver = booking.getByTestId('course-driver');
  await expect(driver).toBeEnabled();
  if ((await driver.inputValue()) === '') {
    await driver.click();
    await page.getByRole('option').first().click();
  }
  await expect(driver).not.toHaveValue('');
  await booking.getByTestId('course-amount').fill(String(AMOUNT));
  const created = page.waitForResponse((r) => r.url().endsWith('/api/course') && r.request().method() === 'POST');
  await booking.getByTestId('course-submit').click();
  const createdBody = (await (await created).json()) as { code: number; message: string; data: CourseDetail };
  expect(createdBody.code, createdBody.message).toBe(5000);
  const course = createdBody.data;
  expect([course.status, course.amount, course.start_address.name, course.end_address.name]).toEqual(['awaiting', AMOUNT, 'Aéroport international de Douala', 'Bureau Akwa']);
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Course programmée avec succès' })).toBeVisible();

  // ── Its card opens on saving: started, then finished into the default cash account. ──
  // (The modal's root wraps a fixed-position layer: its content is what shows.)
  const info = page.getByTestId('course-info');
  await expect(info.getByTestId('course-info-amount')).toBeVisible();
  await expect(info).toContainText(course.reference);
  await expect(info).toContainText('En attente');
  await expect(info.getByTestId('course-info-amount')).toContainText('8,500');
  await info.getByTestId('course-start').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Course démarrée' })).toBeVisible();
  await expect(info).toContainText('En cours');
  await info.getByTestId('course-finish').click();
  const finishing = page.getByTestId('course-finish-dialog');
  await expect(finishing.getByRole('radio', { name: 'Encaissé dans une caisse' })).toBeChecked();
  await finishing.getByTestId('course-finish-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Course terminée' })).toBeVisible();
  await expect(finishing).toBeHidden();
  await expect(info).toContainText('Terminé');
  await expect(info.getByTestId('course-info-payment')).toBeVisible();
  const infoAxe = await axeProblems(page, '[role="dialog"]');
  const finished = await apiData<CourseDetail>(page, 'get', `/api/course/${course.id}`, headers);
  expect([finished.status, finished.payment_mode]).toEqual(['finished', 'caisse']);
  expect(finished.operation_id).toBeTruthy();

  // ── The purchase order: BC-yyyy-nnnn.pdf, a PDF naming the client and its reference. ──
  const downloading = page.waitForEvent('download');
  await info.getByTestId('course-order').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${course.reference}.pdf`);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(CLIENT);
  expect(text).toContain(course.reference);

  // ── Its revenue among the newest operations, named after the course. ──
  await page.goto('/dashboard/operations');
  const operation = page.locator(`[data-testid="operations-table-card"][data-row-id="${finished.operation_id}"], [data-testid="operations-table-row"][data-row-id="${finished.operation_id}"]`);
  await expect(operation).toBeVisible();
  await expect(operation).toContainText(course.reference);
  await expect(operation).toContainText('8,500');

  const problems = [
    ...clientsAxe.map((p) => `/dashboard/courses/clients: ${p}`),
    ...formAxe.map((p) => `client form: ${p}`),
    ...coursesAxe.map((p) => `/dashboard/courses: ${p}`),
    ...infoAxe.map((p) => `course info: ${p}`),
  ];
  expect(problems, problems.join('\n')).toEqual([]);
});

