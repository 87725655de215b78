import type { Db } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { syncAllVehicleMaintenanceStatuses } from '../vehicles/vehicle-maintenance-status.ts';

/**
 * Every 5 minutes, for every park: vehicles whose maintenance began go to 'maintain', those whose
 * maintenance ended get their status back (vehicles/vehicle-maintenance-status.ts). Creating,
 * canceling and finishing do it at once for their vehicle; this catches the starts and ends nobody
 * clicked. Idempotent: a second run, or two instances at once, change nothing more.
 */
export function maintenanceStatusJob(db: Db): ScheduledJob {
  return { name: 'maintenance-vehicle-status', cron: '*/5 * * * *', pollSeconds: 30, run: () => syncAllVehicleMaintenanceStatuses(db) };
}
