import { wallClockInZone } from '@flotte/contract/wire-date';

/** What the header's bell says to a screen reader: 'Notifications, 3 non lues'. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications, aucune non lue';
  return `Notifications, ${unread} non lue${unread > 1 ? 's' : ''}`;
}

/** The figure on the bell: nothing at 0, '99+' past 99 (the badge stays small on a phone). */
export function bellBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

/**
 * The address inside the app a notification leads to, or null. Only a path of this site is
 * followed ('/dashboard/…'): a link is data from the server, never a way out to another site.
 */
export function internalLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const trimmed = link.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.includes('\\')) return null;
  return trimmed;
}

/**
 * Where opening a notification goes: its link, and for a service reminder about a vehicle that
 * vehicle's 'Rappels d'entretien' tab rather than its general information.
 */
export function notificationTarget(n: { kind: string; link: string | null }): string | null {
  const to = internalLink(n.link);
  if (!to || n.kind !== 'service_due' || !/[?&]vehicle_id=/.test(to) || /[?&]tab=/.test(to)) return to;
  return `${to}&tab=reminders`;
}

/**
 * When it arrived, as a person says it: "Aujourd'hui à 08:15", 'Hier à 18:02', else '03/11/2026 à
 * 09:30'. `createdAt` and `today` are the park's wall clock (yyyy-MM-ddTHH:mm:ss and yyyy-MM-dd).
 */
export function arrivedText(createdAt: string, today: string): string {
  const day = createdAt.slice(0, 10);
  const time = createdAt.slice(11, 16);
  if (day === today) return `Aujourd'hui à ${time}`;
  if (day === previousDay(today)) return `Hier à ${time}`;
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} à ${time}`;
}

function previousDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Today in the park (yyyy-MM-dd), whatever the phone's own zone. */
export function parkDay(timeZone: string | null | undefined, now = new Date()): string {
  return wallClockInZone(now, timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone).slice(0, 10);
}
