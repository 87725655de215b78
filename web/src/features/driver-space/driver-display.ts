import type { TDriverNotification, TPlanningEntry, TRecipe, TRecipeDayGroup } from '@flotte/contract';

/**
 * How the driver's space reads his data. Pure, so the unit tests and the screens say the same
 * words. Wire datetimes are 'yyyy-MM-ddTHH:mm:ss' in the park's time zone: read as written.
 */

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

function dayParts(day: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) } : null;
}

/** 'HH:mm' of a wire datetime ('' when it is not one). */
export function timeOf(wire: string | null | undefined): string {
  const match = /T(\d{2}):(\d{2})/.exec(wire ?? '');
  return match ? `${match[1]}:${match[2]}` : '';
}

/** 'de 06:00 à 18:00' for a planning entry; the end's day is said when the service runs past midnight. */
export function hoursText(entry: Pick<TPlanningEntry, 'start_date' | 'end_date'>): string {
  const start = timeOf(entry.start_date);
  const end = timeOf(entry.end_date);
  if (!start || !end) return '';
  const nextDay = entry.end_date.slice(0, 10) > entry.start_date.slice(0, 10);
  return `de ${start} à ${end}${nextDay ? ' (le lendemain)' : ''}`;
}

/** 'jeudi 26 novembre' of a yyyy-MM-dd day; "Aujourd'hui" and 'Demain' relative to `today`. */
export function dayTitle(day: string, today?: string): string {
  const p = dayParts(day);
  if (!p) return day;
  if (today && day.slice(0, 10) === today.slice(0, 10)) return "Aujourd'hui";
  if (today && day.slice(0, 10) === addDays(today, 1)) return 'Demain';
  const weekday = WEEKDAYS[new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay()];
  return `${weekday} ${p.d === 1 ? '1er' : p.d} ${MONTHS[p.m - 1]}`;
}

/** yyyy-MM-dd `n` days after a yyyy-MM-dd day (calendar arithmetic, no time zone). */
export function addDays(day: string, n: number): string {
  const p = dayParts(day);
  if (!p) return day;
  return new Date(Date.UTC(p.y, p.m - 1, p.d + n)).toISOString().slice(0, 10);
}

/** His planning grouped by day, in order, each day with its entries by start time. */
export function planningByDay(entries: readonly TPlanningEntry[]): { day: string; entries: TPlanningEntry[] }[] {
  const days = new Map<string, TPlanningEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.start_date.localeCompare(b.start_date))) {
    const list = days.get(entry.date) ?? [];
    list.push(entry);
    days.set(entry.date, list);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => ({ day, entries: list }));
}

/** 'LT-777-ZZ · Toyota Corolla', or the vehicle's own label. */
export function vehicleText(v: { registration_number: string; label: string | null; brand: string | null; model: string | null } | null): string {
  if (!v) return '';
  const model = [v.brand, v.model].filter(Boolean).join(' ');
  return [v.registration_number, v.label || model].filter(Boolean).join(' · ');
}

/**
 * The day groups of several pages of GET /driver/me/owed as one list: a day cut by a page
 * boundary comes back under the same day key, and shows once.
 */
export function mergeDayGroups(pages: readonly (readonly TRecipeDayGroup[])[]): TRecipeDayGroup[] {
  const byDay = new Map<string, TRecipeDayGroup>();
  for (const group of pages.flat()) {
    const known = byDay.get(group.day);
    if (known) byDay.set(group.day, { ...known, recipes: [...known.recipes, ...group.recipes.filter((r) => !known.recipes.some((k) => k.id === r.id))] });
    else byDay.set(group.day, { ...group, recipes: [...group.recipes] });
  }
  return [...byDay.values()];
}

/** What remains to pay on a recipe (never below zero). */
export const remainingOf = (r: Pick<TRecipe, 'toEncaiss'>) => Math.max(0, r.toEncaiss);

/** A recipe he can pay from his phone: something remains, and it is not deleted. */
export const canPay = (r: Pick<TRecipe, 'toEncaiss' | 'isPaid' | 'deleted_at'>) => !r.isPaid && r.deleted_at === null && remainingOf(r) > 0;

/** Unread notifications first kept in their order (newest first, as the server sends them). */
export function unreadOf(items: readonly TDriverNotification[]): TDriverNotification[] {
  return items.filter((n) => n.read_at === null);
}

/** '1 notification non lue', '3 notifications non lues'. */
export function unreadText(count: number): string {
  if (count <= 0) return 'Aucune notification non lue';
  return count === 1 ? '1 notification non lue' : `${count} notifications non lues`;
}

/** 'Bonjour Awa' from his first name. */
export const greeting = (firstName: string) => `Bonjour ${firstName.trim()}`.trim();

/** The period of a salary statement: 'du 01/11/2026 au 15/11/2026' (one day: 'le 01/11/2026'). */
export function periodText(start: string, end: string): string {
  const f = (day: string) => {
    const p = dayParts(day);
    return p ? `${String(p.d).padStart(2, '0')}/${String(p.m).padStart(2, '0')}/${p.y}` : day;
  };
  return start.slice(0, 10) === end.slice(0, 10) ? `le ${f(start)}` : `du ${f(start)} au ${f(end)}`;
}

/** dd/MM/yyyy à HH:mm of a wire datetime. */
export function dateTimeText(wire: string): string {
  const p = dayParts(wire);
  if (!p) return wire;
  const time = timeOf(wire);
  const date = `${String(p.d).padStart(2, '0')}/${String(p.m).padStart(2, '0')}/${p.y}`;
  return time ? `${date} à ${time}` : date;
}

/** The first letter in capitals ('jeudi 26 novembre' as a title: 'Jeudi 26 novembre'). */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
