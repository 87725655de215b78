import {
  DEFAULT_COMPONENT_AMOUNT,
  maintenanceScheduleError,
  maintenanceSpan,
  type MaintenanceScheduleDraft,
  type TDurationChoice,
  type TMaintenanceCreate,
  type TMaintenanceLostDays,
} from '@flotte/contract';

/**
 * The 'Programmer un entretien' form's state and the pure rules around it (spec 002 sections 2, 4, 5):
 * what a fresh form holds, the dates each duration choice sends, the contract's checks (shared with
 * the server, in the form's order), when 'Suivant' may be pressed and the body sent. No React here.
 */

export interface ComponentLine {
  id: number;
  amount: number | null;
}

/** One repair type and the components it concerns (the API takes several per maintenance). */
export interface RepairGroup {
  /** A stable key for React lists (the repair type may still be unchosen). */
  key: number;
  repair_type_id: number | null;
  components: ComponentLine[];
}

export interface ScheduleValues {
  vehicle_id: string | null;
  duration_choice: TDurationChoice;
  /** yyyy-MM-dd: the day (choices 1 and 2) or the first day (choice 3). */
  day: string | null;
  /** yyyy-MM-dd: the last day (choice 3 only). */
  end_day: string | null;
  /** HH:mm (choice 1 only). */
  start_time: string;
  end_time: string;
  groups: RepairGroup[];
  supplier_id: string | null;
  description: string;
}

/** The API takes at most 5 repair types per maintenance (the contract's limit). */
export const MAX_REPAIR_GROUPS = 5;

export function emptyGroup(key: number): RepairGroup {
  return { key, repair_type_id: null, components: [] };
}

/** A fresh form: the vehicle when the form opens from one, one day (today), one empty repair type. */
export function scheduleDefaults(opts: { vehicleId?: string | null; today: string | null }): ScheduleValues {
  return {
    vehicle_id: opts.vehicleId ?? null,
    duration_choice: 2,
    day: opts.today,
    end_day: null,
    start_time: '08:00',
    end_time: '12:00',
    groups: [emptyGroup(1)],
    supplier_id: null,
    description: '',
  };
}

/** Ticks or unticks a component; a ticked one starts at 2000 (spec 002 section 3). */
export function toggleComponent(lines: readonly ComponentLine[], id: number): ComponentLine[] {
  return lines.some((l) => l.id === id) ? lines.filter((l) => l.id !== id) : [...lines, { id, amount: DEFAULT_COMPONENT_AMOUNT }];
}

/** 'HH:mm' -> 'HH:mm:00'; null for anything else. */
function clock(time: string): string | null {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time.trim()) ? `${time.trim()}:00` : null;
}

/** The draft the contract's checks read: wire dates as the chosen duration builds them. */
export function scheduleDraft(values: ScheduleValues): MaintenanceScheduleDraft {
  const { duration_choice: choice, day } = values;
  let start_date: string | null = day;
  let end_date: string | null = null;
  if (choice === 1) {
    const start = clock(values.start_time);
    const end = clock(values.end_time);
    start_date = day && start ? `${day}T${start}` : null;
    end_date = day && end ? `${day}T${end}` : null;
  } else if (choice === 3) {
    end_date = values.end_day;
  }
  return {
    vehicle_id: values.vehicle_id,
    duration_choice: choice,
    start_date,
    end_date,
    maintenances: values.groups.map((g) => ({
      repair_type_id: g.repair_type_id,
      maintenanceCarComponent: g.components.map((c) => ({ component_id: c.id, amount: c.amount })),
    })),
  };
}

/** The first of spec 002's scheduling warnings that applies, or null. */
export function scheduleWarning(values: ScheduleValues): string | null {
  return maintenanceScheduleError(scheduleDraft(values))?.message ?? null;
}

/** Spec 002 section 2: 'Suivant' only with a vehicle, start and end dates and at least one component. */
export function canGoNext(values: ScheduleValues): boolean {
  const span = maintenanceSpan(scheduleDraft(values));
  return !!values.vehicle_id && span !== null && values.groups.some((g) => g.components.length > 0);
}

/** The estimate: the sum of every checked component's amount (spec 002 section 4). */
export function estimateTotal(groups: readonly RepairGroup[]): number {
  // Cents, so that 0.1 + 0.2 reads 0.3: amounts have at most 2 decimals.
  const cents = groups.flatMap((g) => g.components).reduce((sum, c) => sum + Math.round((c.amount ?? 0) * 100), 0);
  return cents / 100;
}

/** The repair types a group may still pick: its own and those no other group took. */
export function freeRepairTypes<T extends { id: number }>(types: readonly T[], groups: readonly RepairGroup[], key: number): T[] {
  const taken = new Set(groups.filter((g) => g.key !== key).map((g) => g.repair_type_id));
  return types.filter((t) => !taken.has(t.id));
}

/** The span sent and asked about (planning impact), or null while the dates are incomplete. */
export function scheduleSpan(values: ScheduleValues) {
  return maintenanceSpan(scheduleDraft(values));
}

/** The body of POST /entretien; `images` are the stored paths of the uploaded pictures. */
export function scheduleBody(values: ScheduleValues, images: readonly string[]): TMaintenanceCreate {
  const span = scheduleSpan(values);
  return {
    vehicle_id: values.vehicle_id ?? undefined,
    duration_choice: values.duration_choice,
    start_date: span?.start_date,
    end_date: span?.end_date,
    supplier_id: values.supplier_id ?? undefined,
    description: values.description.trim() || undefined,
    images: images.length ? [...images] : undefined,
    maintenances: values.groups.map((g) => ({
      repair_type_id: g.repair_type_id ?? undefined,
      // Spec 002 section 5: an entry goes only with an amount.
      maintenanceCarComponent: g.components.filter((c) => c.amount !== null).map((c) => ({ component_id: c.id, amount: c.amount! })),
    })),
  };
}

/** '2025-12-12' -> '12/12' (the lost days are within weeks: the year adds nothing). */
function dayMonth(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** One line per driver who loses planned days: 'Awa Ndiaye : 12/12, 13/12'. */
export function lostDaysLines(impact: readonly TMaintenanceLostDays[]): string[] {
  return impact.filter((d) => d.days.length > 0).map((d) => `${d.driver_name}\u00a0: ${[...d.days].sort().map(dayMonth).join(', ')}`);
}
