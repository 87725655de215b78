import { VIDANGE_REPAIR_TYPE_ID } from '@flotte/contract';

/**
 * Service urgency in SQL, for the statements that read many vehicles at once (the vehicle list's
 * page, the dashboard's count): the rules of reminder-due.ts (a test holds the two together), as a
 * rank 0 ok, 1 soon, 2 due, 3 overdue. PostgreSQL's date + interval clamps at the month's end as
 * addMonths does. The reminders module owns the table; other modules embed this text instead of
 * reading it themselves.
 */
export interface VehicleColumns {
  /** SQL naming the vehicle's id, mileage and mileage_for_vidange in the enclosing statement. */
  id: string;
  mileage: string;
  mileageForVidange: string;
}

/** The park's today in its time zone; tests put a fixed day instead. */
const PARK_TODAY = '(now() at time zone k.time_zone)::date';

/** `from` items naming a reminder r, its park k and its next due x (today, due_date, due_km). */
function reminderDueFrom(v: VehicleColumns, today: string, vehicleJoin = ''): string {
  return `service_reminders r
       join parks k on k.id = r.park_id${vehicleJoin}
       cross join lateral (select ${today} as today,
            case when r.every_months is not null then
              (coalesce(r.last_done_at, (r.created_at at time zone k.time_zone)::date) + make_interval(months => r.every_months))::date end as due_date,
            case when r.repair_type_id = ${VIDANGE_REPAIR_TYPE_ID} and ${v.mileageForVidange} is not null
                      and (r.last_done_km is null or ${v.mileageForVidange} > r.last_done_km) then ${v.mileageForVidange}
                 when r.every_km is not null and r.last_done_km is not null then r.last_done_km + r.every_km end as due_km) x`;
}

/** One reminder's rank: the worse of its date's and its distance's (whichever comes first). */
function reminderRank(v: VehicleColumns): string {
  return `greatest(
            case when x.due_date is null then 0 when x.due_date < x.today then 3 when x.due_date = x.today then 2
                 when x.due_date - x.today <= k.service_soon_days then 1 else 0 end,
            case when x.due_km is null or ${v.mileage} is null then 0 when ${v.mileage} > x.due_km then 3
                 when ${v.mileage} = x.due_km then 2 when x.due_km - ${v.mileage} <= k.service_soon_km then 1 else 0 end)`;
}

/** A vehicle's rank (a scalar sub-select): the worst of its open reminders', 0 without any. */
export function serviceUrgencyRankSql(v: VehicleColumns, today: string = PARK_TODAY): string {
  return `(select coalesce(max(${reminderRank(v)}), 0)::int
       from ${reminderDueFrom(v, today)}
      where r.vehicle_id = ${v.id} and r.done_at is null)`;
}

/**
 * How many of a park's vehicles in service (not deactivated) have a service soon, due or overdue:
 * one pass over the park's open reminders (service_reminders_park_idx), not one look-up per vehicle.
 * `park` is SQL naming the park id (a parameter).
 */
export function vehiclesNeedingServiceSql(park: string, today: string = PARK_TODAY): string {
  const v = { id: 'sv.id', mileage: 'sv.mileage', mileageForVidange: 'sv.mileage_for_vidange' };
  return `(select count(distinct r.vehicle_id)::int
       from ${reminderDueFrom(v, today, '\n       join vehicles sv on sv.id = r.vehicle_id')}
      where r.park_id = ${park} and r.done_at is null and sv.status <> 'deactivated' and ${reminderRank(v)} > 0)`;
}
