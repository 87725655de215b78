import { DOCUMENT_EXPIRING_DAYS } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import type { FilesDeps } from '../files/files.service.ts';
import { frenchDay, tellTo, vehicleName, type NoticeTally } from '../reminders/reminder-notices.ts';
import { listExpiringDocuments } from '../vehicles/vehicle-documents.service.ts';
import { notifyHoldersNew } from './notify.ts';

/**
 * What the daily job tells about vehicle papers: every document of the 'Documents à renouveler'
 * list (each vehicle's latest of a type, ending within 30 days or ended: the vehicles module's own
 * list), told to the people who manage the vehicles (MANAGE_DRIVER_VEHICLE, who add documents) and
 * the owner, once per document and level (expiring, then expired).
 */

const NBSP = '\u00a0';
/** Where these notices lead: the web's list of documents to renew. */
export const EXPIRING_DOCUMENTS_LINK = '/dashboard/drivers/documents';
const PAGE = 500;

const days = (n: number) => `${n}${NBSP}jour${n > 1 ? 's' : ''}`;

export async function noticeExpiringDocuments(deps: { db: Db; files: FilesDeps }, parkId: string, now: Date, tally: NoticeTally): Promise<void> {
  const docDeps = { db: deps.db, files: deps.files, now: () => now };
  for (let page = 1; ; page += 1) {
    const list = await listExpiringDocuments(docDeps, parkId, { page, itemPerPage: PAGE, days: DOCUMENT_EXPIRING_DAYS });
    for (const d of list.items) {
      const expired = d.status === 'expired';
      const name = d.name ? `${d.document_type.name} (${d.name})` : d.document_type.name;
      const vehicle = vehicleName({ label: d.vehicle.label, registrationNumber: d.vehicle.registration_number });
      const when =
        expired ? `a expiré le ${frenchDay(d.end_date)}` : d.days_left === 0 ? `expire aujourd'hui` : `expire le ${frenchDay(d.end_date)} (dans ${days(d.days_left)})`;
      const notice = {
        title: `${expired ? 'Document expiré' : 'Document à renouveler'}${NBSP}: ${d.document_type.name}`,
        body: `${name} du véhicule ${vehicle} ${when}.`,
        link: EXPIRING_DOCUMENTS_LINK,
      };
      const told = await notifyHoldersNew(deps.db, {
        parkId,
        permission: 'MANAGE_DRIVER_VEHICLE',
        kind: 'document_expiring',
        ...notice,
        dedupeKey: `document:${d.id}:${expired ? 'expired' : 'expiring'}`,
      }, tally.holders);
      tellTo(tally, told, notice);
    }
    if (page * PAGE >= list.meta.total) return;
  }
}
