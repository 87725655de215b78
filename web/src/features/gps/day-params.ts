/** The day a vehicle's page shows: ?date=yyyy-MM-dd, never after today (the park's today); today otherwise. */
export function dayParam(raw: string | null, today: string): string {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return today;
  const d = new Date(`${raw}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== raw) return today;
  return raw > today ? today : raw;
}

/** yyyy-MM-dd moved by `days` (calendar arithmetic in UTC: no daylight-saving surprise). */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A stop's time: 'HH:mm' on the page's day, 'dd/MM HH:mm' when it began (or ends) another day. */
export function stopTime(wire: string, day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wire);
  if (!m) return '';
  const time = `${m[4]}:${m[5]}`;
  return `${m[1]}-${m[2]}-${m[3]}` === day ? time : `${m[3]}/${m[2]} ${time}`;
}
