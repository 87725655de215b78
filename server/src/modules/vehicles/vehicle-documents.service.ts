import { and, asc, count, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  DOCUMENT_EXPIRING_DAYS,
  INSURANCE_DOCUMENT_TYPE,
  VEHICLE_DOCUMENT_MAX_IMAGES,
  type Page,
  type TExpiringDocumentsQuery,
  type TExpiringVehicleDocument,
  type TVehicleDocument,
  type TVehicleDocumentInputParsed,
  type TVehicleDocumentStatus,
} from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/pagination.ts';
import { parkTimeZone } from '../access/roles.service.ts';
import { documentTypes } from '../catalog/catalog.tables.ts';
import { imageLink, storeUpload, type FilesDeps } from '../files/files.service.ts';
import { assertParkFiles } from '../files/park-file-refs.ts';
import { assertActiveSupplier } from '../suppliers/suppliers.service.ts';
import { vehicleDocuments, vehicles } from './vehicles.tables.ts';

/**
 * A vehicle's papers and the park's list of those ending soon. Whether a paper is still valid is a
 * question of the park's calendar day, not of UTC: at 23:30 UTC it is already tomorrow in Douala,
 * so "today" is always read in the park's time zone.
 */
export interface VehicleDocumentsDeps {
  db: Db;
  files: FilesDeps;
  /** The clock, replaceable in tests to stand just before or after midnight. */
  now?: () => Date;
}

export interface DocumentImage {
  filename: string;
  content: Buffer;
}

const DAY_MS = 86_400_000;
const VEHICLE_NOT_FOUND = () => new AppError('NOT_FOUND', { message: 'Véhicule introuvable' });

/** The park's calendar day (yyyy-MM-dd) at an instant. */
export function parkToday(timeZone: string, now: Date = new Date()): string {
  return toWireDate(now, timeZone).slice(0, 10);
}

/** The calendar day `days` after a yyyy-MM-dd day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both yyyy-MM-dd): negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** end_date is the last valid day: a paper ending today is still valid today, expired tomorrow. */
export function documentStatus(endDate: string, today: string): { status: TVehicleDocumentStatus; days_left: number } {
  const daysLeft = daysBetween(today, endDate);
  const status = daysLeft < 0 ? 'expired' : daysLeft <= DOCUMENT_EXPIRING_DAYS ? 'expiring' : 'valid';
  return { status, days_left: daysLeft };
}

type DocumentRow = typeof vehicleDocuments.$inferSelect;

function documentView(
  deps: VehicleDocumentsDeps,
  row: DocumentRow,
  typeName: string,
  today: string,
  timeZone: string,
): TVehicleDocument {
  return {
    id: row.id,
    vehicle_id: row.vehicleId,
    document_type: { id: row.documentTypeId, name: typeName },
    supplier_id: row.supplierId,
    name: row.name,
    start_date: row.startDate,
    end_date: row.endDate,
    description: row.description,
    images: row.images.map((p) => imageLink(deps.files, p)).filter((l): l is string => l !== null),
    ...documentStatus(row.endDate, today),
    created_at: toWireDate(row.createdAt, timeZone),
  };
}

async function clock(deps: VehicleDocumentsDeps, parkId: string) {
  const timeZone = await parkTimeZone(deps.db, parkId);
  return { timeZone, today: parkToday(timeZone, deps.now?.() ?? new Date()) };
}

async function assertVehicleOfPark(db: Db, parkId: string, vehicleId: string): Promise<void> {
  const [found] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId)))
    .limit(1);
  if (!found) throw VEHICLE_NOT_FOUND();
}

/** Shared types (park_id null) and the park's own. */
function typeVisibleTo(parkId: string): SQL {
  return or(isNull(documentTypes.parkId), eq(documentTypes.parkId, parkId))!;
}

/** A vehicle's documents, the one ending soonest first. */
export async function listVehicleDocuments(deps: VehicleDocumentsDeps, parkId: string, vehicleId: string): Promise<TVehicleDocument[]> {
  await assertVehicleOfPark(deps.db, parkId, vehicleId);
  const rows = await deps.db
    .select({ doc: vehicleDocuments, typeName: documentTypes.name })
    .from(vehicleDocuments)
    .innerJoin(documentTypes, eq(documentTypes.id, vehicleDocuments.documentTypeId))
    .where(and(eq(vehicleDocuments.vehicleId, vehicleId), eq(vehicleDocuments.parkId, parkId)))
    .orderBy(asc(vehicleDocuments.endDate), asc(vehicleDocuments.id));
  const { timeZone, today } = await clock(deps, parkId);
  return rows.map((r) => documentView(deps, r.doc, r.typeName, today, timeZone));
}

/**
 * Images named in JSON must be files this park uploaded ('/api/file/<id>'): a client must not attach
 * another park's file, nor an outside URL we would then hand out as ours.
 */
async function checkedImagePaths(db: Db, parkId: string, paths: string[]): Promise<string[]> {
  const checked = await assertParkFiles(db, parkId, paths.map((value, i) => ({ field: `images.${i}`, value: value || '-' })));
  return checked.filter((p): p is string => p !== null);
}

/**
 * Adds a document to a vehicle of the park. Also what the vehicles module calls for
 * `POST /vehicle/update/{id}` with update_type 'document'. The supplier is kept only for the
 * insurance (type 1), the one type whose form offers it.
 */
export async function addVehicleDocument(
  deps: VehicleDocumentsDeps,
  v: { parkId: string; userId: string; input: TVehicleDocumentInputParsed; uploads?: DocumentImage[] },
): Promise<TVehicleDocument> {
  const { parkId, input } = v;
  const uploads = v.uploads ?? [];
  if ((input.images?.length ?? 0) + uploads.length > VEHICLE_DOCUMENT_MAX_IMAGES) {
    const message = `${VEHICLE_DOCUMENT_MAX_IMAGES} images au maximum`;
    throw new AppError('VALIDATION_FAILED', { message, fieldErrors: [{ field: 'images', message }] });
  }
  await assertVehicleOfPark(deps.db, parkId, input.vehicle_id);
  const [type] = await deps.db
    .select({ id: documentTypes.id, name: documentTypes.name })
    .from(documentTypes)
    .where(and(eq(documentTypes.id, input.document_type_id), typeVisibleTo(parkId)))
    .limit(1);
  if (!type) throw new AppError('VEHICLE_DOCUMENT_TYPE_UNKNOWN');
  const supplierId = type.id === INSURANCE_DOCUMENT_TYPE ? (input.supplier_id ?? null) : null;
  // The insurer must be an active supplier of the park: another park's reads as unknown (404), a
  // suspended one is no longer offered (422).
  if (supplierId) await assertActiveSupplier(deps.db, parkId, supplierId);
  const images = await checkedImagePaths(deps.db, parkId, input.images ?? []);
  // Files are stored last, once everything else is known to be right.
  for (const upload of uploads) {
    const stored = await storeUpload(deps.files, { parkId, userId: v.userId, ...upload, accept: 'image' });
    images.push(stored.path);
  }
  const [row] = await deps.db
    .insert(vehicleDocuments)
    .values({
      parkId,
      vehicleId: input.vehicle_id,
      documentTypeId: type.id,
      supplierId,
      name: input.name ?? null,
      startDate: input.start_date,
      endDate: input.end_date,
      description: input.description ?? null,
      images,
    })
    .returning();
  const { timeZone, today } = await clock(deps, parkId);
  return documentView(deps, row, type.name, today, timeZone);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, '\\$&');
}

/**
 * Whether a document is its vehicle's latest of its type (`doc` names vehicle_documents in the
 * query): once an insurance is renewed, the old one is history. The rule of the expiring list
 * below, shared with the fleet dashboard's 'Documents à renouveler' count
 * (dashboard/fleet-details.sql.ts), which must say the same number.
 */
export const latestOfTypeSql = (doc: string) => `not exists (
    select 1 from vehicle_documents newer
     where newer.vehicle_id = ${doc}.vehicle_id and newer.document_type_id = ${doc}.document_type_id
       and (newer.end_date > ${doc}.end_date or (newer.end_date = ${doc}.end_date and newer.id > ${doc}.id)))`;

/**
 * The park's documents ending within `days` of its today or already ended, soonest first. Only
 * each vehicle's latest document of a type counts: once an insurance is renewed, the old one is
 * history, not something to act on, and would otherwise sit at the top of the list for ever.
 */
export async function listExpiringDocuments(
  deps: VehicleDocumentsDeps,
  parkId: string,
  query: TExpiringDocumentsQuery,
): Promise<Page<TExpiringVehicleDocument>> {
  const { timeZone, today } = await clock(deps, parkId);
  const newer = sql.raw(latestOfTypeSql('vehicle_documents'));
  const conds: SQL[] = [eq(vehicleDocuments.parkId, parkId), lte(vehicleDocuments.endDate, addDays(today, query.days)), newer];
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const like = `%${escapeLike(search)}%`;
    conds.push(
      or(
        sql`lower(${vehicles.registrationNumber}) like ${like}`,
        sql`lower(coalesce(${vehicles.label}, '')) like ${like}`,
        sql`lower(${documentTypes.name}) like ${like}`,
      )!,
    );
  }
  const where = and(...conds);
  const { limit, offset } = pageWindow(query);
  // One query after the other (not Promise.all): see groupViews in vehicle-groups.service.ts.
  const rows = await deps.db
    .select({
      doc: vehicleDocuments,
      typeName: documentTypes.name,
      vehicle: { id: vehicles.id, label: vehicles.label, registration_number: vehicles.registrationNumber },
    })
    .from(vehicleDocuments)
    .innerJoin(vehicles, eq(vehicles.id, vehicleDocuments.vehicleId))
    .innerJoin(documentTypes, eq(documentTypes.id, vehicleDocuments.documentTypeId))
    .where(where)
    .orderBy(asc(vehicleDocuments.endDate), asc(vehicles.registrationNumber), asc(vehicleDocuments.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(vehicleDocuments)
    .innerJoin(vehicles, eq(vehicles.id, vehicleDocuments.vehicleId))
    .innerJoin(documentTypes, eq(documentTypes.id, vehicleDocuments.documentTypeId))
    .where(where);
  const items = rows.map((r) => ({ ...documentView(deps, r.doc, r.typeName, today, timeZone), vehicle: r.vehicle }));
  return toPage(items, total, query);
}
