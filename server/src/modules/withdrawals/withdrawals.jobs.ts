import type { ScheduledJob } from '../../platform/jobs.ts';
import { reconcilePending, type WithdrawDeps } from './withdrawals.service.ts';

/**
 * Every minute, withdrawals still pending after PAYMENTS_RECONCILE_AFTER_S are checked with their
 * provider and settled (paid, or refunded with a reversing entry); those the provider never
 * received are sent again under the same reference. pg-boss runs it on one instance at a time.
 */
export function withdrawalsReconcileJob(deps: WithdrawDeps): ScheduledJob {
  return {
    name: 'withdrawals-reconcile',
    cron: '* * * * *',
    pollSeconds: 30,
    run: () => reconcilePending(deps, { olderThanSeconds: deps.resendAfterSeconds }),
  };
}
