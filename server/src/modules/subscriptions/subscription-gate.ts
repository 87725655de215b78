import type { FastifyInstance } from 'fastify';
import { SUBSCRIPTION_PATH } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { parkToday } from './subscription-days.ts';
import { currentSubscription } from './subscription-state.ts';

/**
 * Routes marked `growsPark` (a vehicle, a driver, a planning, a rotation) are refused while the
 * park has no subscription running today (SUBSCRIPTION_EXPIRED, with where to renew). Everything
 * else stays open, reading and collecting money above all: drivers owe that money whatever the park
 * owes the platform. Today is the park's (its time zone, read with the caller) on the app's
 * subscriptions clock, which tests may replace.
 */
export function registerSubscriptionGate(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config?.growsPark !== true) return;
    const profile = request.auth?.profile;
    if (!profile) return;
    const now = app.subscriptions?.now() ?? new Date();
    const current = await currentSubscription(db, profile.parkId, parkToday(profile.park.timeZone, now));
    if (!current) throw new AppError('SUBSCRIPTION_EXPIRED', { data: { renew_path: SUBSCRIPTION_PATH } });
  });
}
