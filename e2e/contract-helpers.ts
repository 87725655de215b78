import { expect, type Locator, type Page } from '@playwright/test';

// What the two contract specs share: the demo park's days, the app's own API headers, and the
// form's select and date pickers.

export const PARK_ZONE = 'Africa/Douala';
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

export type Headers = Record<string, string>;

/** A day in the park's time zone, `offset` days from today: yyyy-MM-dd, its calendar label, dd/MM/yyyy. */
export function parkDay(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: PARK_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  const wire = d.toISOString().slice(0, 10);
  return { wire, label: `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`, shown: `${wire.slice(8, 10)}/${wire.slice(5, 7)}/${wire.slice(0, 4)}` };
}

/** The headers and URL of the app's first call to `urlPart` (its access token lives only in memory). */
export async function appCall(page: Page, urlPart: string, navigate: () => Promise<unknown>): Promise<{ headers: Headers; url: URL }> {
  const call = page.waitForRequest((r) => r.url().includes(urlPart) && !!r.headers()['authorization'] && !!r.headers()['profile_id']);
  await navigate();
  const r = await call;
  const h = r.headers();
  return { headers: { authorization: h['authorization']!, profile_id: h['profile_id']! }, url: new URL(r.url()) };
}

/** An API call with those headers; its data, once the envelope says it succeeded. */
export async function apiData<T>(page: Page, method: 'get' | 'post', url: string, headers: Headers, data?: unknown): Promise<T> {
  const r = method === 'get' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data: data ?? {} });
  const body = (await r.json()) as { code: number; message: string; data: T };
  expect(body.code, `${method.toUpperCase()} ${url}: ${r.status()} ${body.message}`).toBe(5000);
  return body.data;
}

export async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a date field's calendar and clicks the day, turning one month (back or forth) when it is not shown. */
export async function pickDay(page: Page, field: Locator, day: ReturnType<typeof parkDay>, turn: 'Mois précédent' | 'Mois suivant') {
  await field.click();
  const other = page.getByRole('button', { name: turn }).filter({ visible: true }).last();
  await expect(other).toBeVisible();
  const button = page.getByRole('button', { name: day.label, exact: true }).and(page.locator('button:not([data-outside])')).filter({ visible: true });
  if ((await button.count()) === 0) await other.click();
  await button.last().click();
}
