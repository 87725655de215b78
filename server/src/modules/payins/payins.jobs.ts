import type { ScheduledJob } from '../../platform/jobs.ts';
import type { PayinsDeps } from './payins.deps.ts';
import { reconcilePayins } from './payins.service.ts';

/**
 * Every minute: pay-ins still pending after 30 s are asked to their provider and settled, and so
 * are expired and cancelled ones without a final answer, for a day, since a driver may still pay
 * after the card's countdown: that payment is applied, never lost. pg-boss runs it on one
 * instance at a time; settling locks each pay-in, so a callback racing it pays once.
 */
export function payinsReconcileJob(deps: PayinsDeps): ScheduledJob {
  return {
    name: 'payins-reconcile',
    cron: '* * * * *',
    pollSeconds: 30,
    run: () => reconcilePayins(deps, { olderThanSeconds: 30, windowHours: 24 }),
  };
}
