import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { ZPageMeta, ZPageQuery } from './pagination.ts';

/**
 * What needs a person's attention (issue 18 section 3): one list per profile, newest first. The
 * server writes them (a daily job for service reminders and expiring documents); a profile only
 * ever reads and marks its own. The header polls the unread count.
 */

export const NOTIFICATION_KINDS = [
  'service_due',
  'document_expiring',
  'contract_instalment_due',
  'contract_paid_off',
  'subscription_near_end',
  'subscription_expired',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How each kind reads on screen (an icon's French name, a filter's label). */
export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  service_due: 'Entretien à prévoir',
  document_expiring: 'Document à renouveler',
  contract_instalment_due: 'Échéance de contrat à payer',
  contract_paid_off: 'Contrat soldé\u00a0: remise du véhicule',
  subscription_near_end: 'Abonnement bientôt terminé',
  subscription_expired: 'Abonnement terminé',
};

/** Where a notification about a contract leads: its detail screen. */
export function contractRecordLink(contractId: string): string {
  return `/dashboard/contracts/${contractId}`;
}

/**
 * Where a notification about a vehicle leads: the vehicles screen, which opens that vehicle's
 * details when `vehicle_id` is in its address.
 */
export function vehicleRecordLink(vehicleId: string): string {
  return `/dashboard/drivers/vehicles?vehicle_id=${vehicleId}`;
}

export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().describe('French, ready to show'),
  body: z.string().describe('French, ready to show'),
  link: z.string().nullable().describe("The web address of the record ('/dashboard/vehicles?vehicle_id=<id>'), or null"),
  read: z.boolean(),
  read_at: z.string().nullable().describe("yyyy-MM-ddTHH:mm:ss in the park's time zone"),
  created_at: z.string().describe("yyyy-MM-ddTHH:mm:ss in the park's time zone"),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /notifications: `unread` keeps the unread ones only. `search` is ignored. */
export const ZNotificationListQuery = ZPageQuery.extend({
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type TNotificationListQuery = z.output<typeof ZNotificationListQuery>;

export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  meta: ZPageMeta,
  unread_count: z.number().describe("The acting profile's unread notifications, all pages"),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

/** GET /notifications/unread-count: cheap, polled by the header. */
export const ZUnreadCount = z.object({ unread_count: z.number() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** PUT /notifications/read-all: how many were marked read. */
export const ZReadAllResult = z.object({ updated: z.number(), unread_count: z.number() });
export type TReadAllResult = z.infer<typeof ZReadAllResult>;
