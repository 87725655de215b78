import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, signIn } from './sign-in-helpers.ts';

// Issue 17 §3: the planning as people read a schedule. The demo park has a confirmed planning from
// three months back to a month ahead. On a computer: a grid of vehicles by days that opens on today,
// three views that differ, an agenda from today; on a phone: one day at a time from today, a strip
// of days to move through, and nothing wider than the screen.
const PARK_ZONE = 'Africa/Douala';

function parkToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PARK_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const daysInMonth = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  // One page for the whole file: one sign-in (the outbox gives 3 codes per 15 minutes).
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(page, { login: DEMO_OWNER.email, password: DEMO_OWNER.password, pin: DEMO_OWNER.pin }, 'Propriétaire');
});
test.afterAll(async () => {
  await page.close();
});

test('the month is a grid of vehicles by days, opened on today, and a click opens a work programme', async () => {
  const today = parkToday();
  await page.goto('/dashboard/schedule');
  const grid = page.getByTestId('planning-grid');
  await expect(grid).toHaveAttribute('data-view', 'month');
  await expect(grid.getByTestId('planning-grid-day')).toHaveCount(daysInMonth(today));
  const todayHead = grid.locator('[data-testid="planning-grid-day"][data-today]');
  await expect(todayHead).toHaveCount(1);
  await expect(todayHead).toHaveAttribute('data-day', today);
  await expect(todayHead).toBeInViewport();
  // Vehicles are rows; today's column holds their drivers.
  const rows = grid.getByTestId('planning-row');
  expect(await rows.count()).toBeGreaterThan(3);
  await expect(grid.locator(`[data-testid="planning-cell"][data-day="${today}"] [data-testid="planning-entry"]`).first()).toBeVisible();
  await expect(page.getByTestId('planning-legend')).toContainText('Jour de salaire');

  // A driver's slot opens his work programme, a vehicle's heading its own.
  const slot = grid.locator(`[data-testid="planning-cell"][data-day="${today}"] [data-testid="planning-entry"]`).first();
  await slot.click();
  await expect(page).toHaveURL(/driver_id=/);
  await expect(page.getByTestId('schedule-driver-filter-clear')).toBeVisible();
  await page.getByTestId('schedule-driver-filter-clear').click();
  await expect(page).not.toHaveURL(/driver_id=/);
  const vehicle = page.getByTestId('planning-grid').getByTestId('planning-vehicle').first();
  const plate = (await vehicle.locator('span').first().textContent())!;
  await vehicle.click();
  await expect(page).toHaveURL(/vehicle_id=/);
  await expect(page.getByTestId('planning-grid').getByTestId('planning-row')).toHaveCount(1);
  await expect(page.getByTestId('planning-grid').getByTestId('planning-vehicle')).toContainText(plate);
  await page.getByTestId('schedule-vehicle-filter-clear').click();

  // A day's heading opens that day in the agenda.
  await page.getByTestId('planning-grid').locator(`[data-testid="planning-grid-day"][data-day="${today}"]`).click();
  await expect(page).toHaveURL(/view=agenda/);
  await expect(page.getByTestId('planning-agenda').getByTestId('planning-agenda-day')).toHaveCount(1);
  await expect(page.getByTestId('planning-agenda').getByTestId('planning-agenda-day')).toHaveAttribute('data-day', today);
});

test('the work week shows Monday to Friday in wide columns; the agenda lists from today', async () => {
  const today = parkToday();
  await page.goto('/dashboard/schedule');
  await page.getByTestId('planning-view').getByText('Semaine de travail').click();
  const grid = page.getByTestId('planning-grid');
  await expect(grid).toHaveAttribute('data-view', 'work_week');
  await expect(grid.getByTestId('planning-grid-day')).toHaveCount(5);
  await expect(page).toHaveURL(/view=work_week/);

  await page.getByTestId('planning-view').getByText('Agenda').click();
  await expect(page).toHaveURL(/view=agenda/);
  await expect(page.getByTestId('planning-grid')).toHaveCount(0);
  const agenda = page.getByTestId('planning-agenda');
  const firstDay = agenda.getByTestId('planning-agenda-day').first();
  await expect(firstDay).toHaveAttribute('data-day', today);
  await expect(firstDay).toContainText('Aujourd’hui');
  await expect(agenda.locator(`[data-testid="planning-line"][data-day="${today}"]`).first()).toBeVisible();
  // Nothing before today.
  for (const day of await agenda.getByTestId('planning-agenda-day').evaluateAll((els) => els.map((e) => e.getAttribute('data-day')!))) {
    expect(day >= today).toBe(true);
  }
});

test('on a phone, one day at a time from today; the strip moves through the days; nothing overflows', async () => {
  const today = parkToday();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/dashboard/schedule');
  const dayView = page.getByTestId('planning-day-view');
  await expect(dayView).toHaveAttribute('data-day', today);
  await expect(page.getByTestId('planning-grid')).toHaveCount(0);
  await expect(page.locator(`[data-testid="planning-strip-day"][data-day="${today}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect(dayView.getByTestId('planning-line').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  // Another day of the strip.
  const other = (await page.getByTestId('planning-strip-day').evaluateAll((els) => els.map((e) => e.getAttribute('data-day')!))).find((d) => d !== today)!;
  const title = await page.getByTestId('planning-day-title').textContent();
  await page.locator(`[data-testid="planning-strip-day"][data-day="${other}"]`).click();
  await expect(dayView).toHaveAttribute('data-day', other);
  await expect(page.getByTestId('planning-day-title')).not.toHaveText(title!);
  await expect(dayView.locator(`[data-testid="planning-line"][data-day="${other}"]`).first()).toBeVisible();
  // The week after, same weekday; then back to today.
  await page.getByTestId('planning-strip-next').click();
  await expect(dayView).toHaveAttribute('data-day', addDays(other, 7));
  await page.getByTestId('planning-today').click();
  await expect(dayView).toHaveAttribute('data-day', today);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  // The rotation groups read as cards at 360 px, without widening the page.
  await page.getByTestId('schedule-tab-rotation').click();
  await expect(page.getByTestId('rotation-groups')).toBeVisible();
  await expect(page.getByTestId('rotation-groups').locator('[data-testid="rotation-card"], [data-testid="rotation-empty"]').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
});
