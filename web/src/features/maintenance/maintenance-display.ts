import { MAINTENANCE_STATE_LABELS, type TMaintenance, type TMaintenanceState, type TMaintenanceStatusFilter } from '@flotte/contract';
import { formatFileSize } from '../../ui/uploads/upload-rules.ts';

/**
 * How a maintenance reads in the list, its cards, the detail dialog and the exported file. Pure:
 * the export and the unit tests use the same words as the screen.
 */

export const MAINTENANCE_STATE_COLORS: Record<TMaintenanceState, string> = {
  scheduled: 'blue',
  // The planning and the vehicle's status show a maintenance in yellow.
  in_progress: 'yellow',
  to_close: 'orange',
  finished: 'teal',
  canceled: 'gray',
};

/** The state filter: 'Non clôturés' gathers the three states that can still be finished or canceled. */
export const STATE_FILTER_OPTIONS: { value: TMaintenanceStatusFilter; label: string }[] = [
  { value: 'available', label: 'Non clôturés' },
  ...(Object.keys(MAINTENANCE_STATE_LABELS) as TMaintenanceState[]).map((s) => ({ value: s, label: MAINTENANCE_STATE_LABELS[s] })),
];

/** 'LT-123-AB · Corolla blanche', or the plate alone. */
export function maintenanceVehicle(v: TMaintenance['vehicle']): string {
  return [v.registration_number, v.label].filter(Boolean).join(' · ');
}

function parts(wire: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wire);
  return m ? { day: `${m[3]}/${m[2]}/${m[1]}`, time: `${m[4]}:${m[5]}` } : null;
}

/**
 * When the vehicle is at the garage, in the park's time as the wire gives it: '12/12/2025 08:00 – 11:30'
 * for a few hours, '12/12/2025' for a day, 'Du 12/12/2025 au 15/12/2025' for several days.
 */
export function maintenancePeriod(m: Pick<TMaintenance, 'start_date' | 'end_date' | 'duration_choice'>): string {
  const start = parts(m.start_date);
  const end = parts(m.end_date);
  if (!start || !end) return '';
  if (m.duration_choice === 1) return `${start.day} ${start.time} – ${end.time}`;
  if (start.day === end.day) return start.day;
  return `Du ${start.day} au ${end.day}`;
}

/** 'Vidange, Réparation': the repair types a maintenance concerns. */
export function repairTypesOf(m: Pick<TMaintenance, 'components'>): string {
  return m.components.map((g) => g.repair_type.name).join(', ');
}

/** Finish and cancel only while available (spec 002 section 4), and only with MANAGE_MAINTENANCE. */
export function maintenanceActions(m: Pick<TMaintenance, 'available'>, canManage: boolean) {
  return { shown: m.available, allowed: m.available && canManage };
}

/** A canceled maintenance's amount is struck through. */
export const isCanceled = (m: Pick<TMaintenance, 'status'>) => m.status === 'canceled';

/** The invoice's size in MB as the file drop shows it; a scan of a few kB reads '< 0.01 Mo', not '0.00 Mo'. */
export function invoiceSize(bytes: number): string {
  return bytes > 0 && bytes < 0.005 * 1024 * 1024 ? '< 0.01 Mo' : formatFileSize(bytes);
}
