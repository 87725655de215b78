import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';

/**
 * Every minute, for every park: an awaiting course whose end has passed without a start is
 * 'missed'; one whose start has come (and end not yet) with a vehicle and a driver set starts
 * ('inProgres', started now). Without both it keeps waiting: nobody can drive it, and it becomes
 * missed at its end unless someone sets them. Two statements on the open courses' index
 * (courses_open_idx); idempotent, so a second run or two instances at once change nothing more.
 */
export async function advanceCourseStatuses(db: Db, now: Date): Promise<{ started: number; missed: number }> {
  const at = now.toISOString();
  const missed = await db.execute(sql`
    update courses set status = 'missed', missed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
     where status = 'awaiting' and end_date <= ${at}::timestamptz and started_at is null`);
  const started = await db.execute(sql`
    update courses set status = 'inProgres', started_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
     where status = 'awaiting' and start_date <= ${at}::timestamptz and end_date > ${at}::timestamptz
       and vehicle_id is not null and driver_id is not null`);
  return { started: started.rowCount ?? 0, missed: missed.rowCount ?? 0 };
}

export function courseStatusJob(db: Db): ScheduledJob {
  return { name: 'course-status', cron: '* * * * *', pollSeconds: 30, run: () => advanceCourseStatuses(db, new Date()) };
}
