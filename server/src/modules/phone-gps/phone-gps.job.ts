import type { Db } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { deleteExpiredBatch, parksWithExpired } from './phone-gps.queries.ts';

/** Rows deleted per statement: short transactions, so the reports keep flowing meanwhile. */
export const RETENTION_BATCH = 5_000;

export interface RetentionResult {
  parks: number;
  deleted: number;
}

/**
 * Deletes the phone positions older than each park's retention (parks.gps_retention_days, 90 days
 * by default), park by park and in batches. Safe to run on any instance, twice, or interrupted:
 * what is left is deleted by the next run.
 */
export async function purgeExpiredPositions(db: Db, now = new Date(), batch = RETENTION_BATCH): Promise<RetentionResult> {
  const due = await parksWithExpired(db, now);
  let deleted = 0;
  for (const { parkId, cutoff } of due) {
    for (;;) {
      const n = await deleteExpiredBatch(db, parkId, cutoff, batch);
      deleted += n;
      if (n < batch) break;
    }
  }
  return { parks: due.length, deleted };
}

/** Daily, at night in our parks' zones. */
export function phoneGpsRetentionJob(db: Db): ScheduledJob {
  return { name: 'phone-gps-retention', cron: '40 2 * * *', run: () => purgeExpiredPositions(db) };
}
