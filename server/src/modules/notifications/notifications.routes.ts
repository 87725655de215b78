import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZNotification, ZNotificationListQuery, ZNotificationPage, ZReadAllResult, ZUnreadCount } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './notifications.service.ts';

const tags = ['notifications'];

/**
 * The acting profile's notifications (issue 18 section 3). No permission: each profile reads and
 * marks its own only, whatever it may do in the park (the modules chose who to tell).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/notifications', {
    schema: {
      tags,
      summary: 'Mes notifications, les plus récentes d’abord, avec le nombre de non lues',
      querystring: ZNotificationListQuery,
      response: { 200: zEnvelope(ZNotificationPage) },
    },
  }, async (req) => ok(await listNotifications(db, actingProfile(req), req.query)));

  app.get('/notifications/unread-count', {
    schema: { tags, summary: 'Nombre de mes notifications non lues (interrogé par l’en-tête)', response: { 200: zEnvelope(ZUnreadCount) } },
  }, async (req) => ok({ unread_count: await unreadCount(db, actingProfile(req)) }));

  // Declared before '/notifications/:id/read'; Fastify prefers the static path anyway.
  app.put('/notifications/read-all', {
    schema: { tags, summary: 'Marque toutes mes notifications comme lues', response: { 200: zEnvelope(ZReadAllResult) } },
  }, async (req) => ok(await markAllRead(db, actingProfile(req)), 'Notifications marquées comme lues'));

  app.put('/notifications/:id/read', {
    schema: {
      tags,
      summary: 'Marque une de mes notifications comme lue',
      params: z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') }),
      response: { 200: zEnvelope(ZNotification) },
    },
  }, async (req) => ok(await markRead(db, actingProfile(req), req.params.id)));
};
