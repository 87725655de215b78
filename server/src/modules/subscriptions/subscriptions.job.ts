import type { ScheduledJob } from '../../platform/jobs.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';

/** Ends expired subscriptions, starts the scheduled ones, sends near-end reminders. */
export function subscriptionsJob(_deps: SubscriptionsDeps): ScheduledJob {
  return { name: 'subscriptions-daily', cron: '*/15 * * * *', run: async () => ({}) };
}
