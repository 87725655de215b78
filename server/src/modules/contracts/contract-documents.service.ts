import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { LOGIN_TYPE_LABELS, type TLoginType } from '@flotte/contract';
import { ownerDisplayName } from '@flotte/contract/owners';
import { wallClockInZone } from '@flotte/contract/wire-date';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { readStored, storeGenerated, withUpload, type FilesDeps } from '../files/files.service.ts';
import { countryByIso } from '../location/countries.ts';
import { buildContractDocument, type ContractSnapshot } from './contract-document.ts';
import { renderPdf } from './contract-pdf.ts';
import { contractReference } from './contract-view.ts';
import { contractDocuments, contractEvents, contracts } from './contracts.tables.ts';

/**
 * The contract's PDF, one stored file per version (issue 19 section 2). A new version is made
 * after every change of the contract (create, update, sign, regenerate); old ones stay
 * downloadable. The PDF prints its own version number, so the version is chosen before rendering
 * and checked under the contract's row lock when it is recorded: two calls at once never take the
 * same version, and rendering (a few hundred milliseconds) never runs while the row is locked.
 * Nothing inside the transaction goes through the pool: on PGlite another connection's query
 * waits for the open transaction, so it would wait forever.
 */

export interface ContractDocumentsDeps {
  db: Db;
  files: FilesDeps;
}

export function documentFileName(ref: string, version: number): string {
  return `contrat-${ref}-v${version}.pdf`;
}

interface ContractHead {
  park_id: string;
  number: number;
  year: number;
  document_version: number;
  park_logo: string | null;
}

/**
 * Each round, of the calls that rendered the same version, one records it; so N calls at once all
 * finish within N rounds. Beyond this many, the caller is told to try again rather than wait.
 */
const MAX_ATTEMPTS = 20;

class VersionTaken extends Error {}

/** The parties, vehicle, amounts, schedule and signatures a document prints, read now. */
async function readSnapshot({ db, files }: ContractDocumentsDeps, contractId: string, now: Date): Promise<{ head: ContractHead; snapshot: Omit<ContractSnapshot, 'version'> }> {
  const found = await db.execute<Record<string, any>>(sql`
    select c.*, c.start_date::text as start_day, c.end_date::text as end_day, c.next_due_date::text as next_day,
      extract(year from c.created_at at time zone pk.time_zone)::int as year,
      pk.name as park_name, pk.city as park_city, pk.country_code as park_country, pk.phone as park_phone, pk.phone_code as park_phone_code,
      pk.legal_notice as park_legal_notice, pk.logo as park_logo, pk.currency, pk.time_zone,
      v.registration_number, v.chassis_number, b.name as brand_name, m.name as model_name, col.name as colour_name,
      o.first_name as o_first, o.last_name as o_last, o.business_name as o_business, o.phone as o_phone, o.street as o_street, o.cni_number as o_cni,
      d.first_name as d_first, d.last_name as d_last, d.phone as d_phone, d.cni_number as d_cni,
      vct.name as type_name
    from contracts c
    join parks pk on pk.id = c.park_id
    join vehicles v on v.id = c.vehicle_id
    left join brands b on b.id = v.brand_id
    left join models m on m.id = v.model_id
    left join colors col on col.id = v.color_id
    left join vehicle_owners o on o.id = c.vehicle_owner_id
    left join drivers d on d.id = c.driver_id
    left join vehicle_contract_types vct on vct.id = c.vehicle_contract_type_id
    where c.id = ${contractId}`);
  const c = found.rows[0];
  if (!c) throw new AppError('CONTRACT_NOT_FOUND');
  const instalments = await db.execute<{ seq: number; due_day: string; due_time: string | null; amount: string; paid_amount: string; status: string }>(sql`
    select seq, due_date::text as due_day, due_time, amount, paid_amount, status from contract_instalments where contract_id = ${contractId} order by seq`);
  const signatures = await db.execute<{ signer_name: string; type: string | null; signed_at: Date | string; document_version: number }>(sql`
    select s.signer_name, p.type, s.created_at as signed_at, s.document_version
    from contract_signatures s left join profiles p on p.id = s.profile_id
    where s.contract_id = ${contractId} order by s.created_at, s.id`);

  const phone = (p: string | null, code: string | null) => (p && code && !p.startsWith('+') ? `${code.startsWith('+') ? code : `+${code}`} ${p}` : p);
  const country = countryByIso(c.park_country)?.name;
  const address = [c.park_city, country].filter(Boolean).join(', ') || null;
  const snapshot: Omit<ContractSnapshot, 'version'> = {
    reference: contractReference(c.year, c.number),
    contractType: c.contract_type,
    typeName: c.type_name,
    status: c.status,
    currency: c.currency,
    timeZone: c.time_zone,
    generatedAt: now,
    today: wallClockInZone(now, c.time_zone).slice(0, 10),
    park: { name: c.park_name, address, phone: phone(c.park_phone, c.park_phone_code), legalNotice: c.park_legal_notice, logo: await logoOf(files, c.park_id, c.park_logo) },
    owner: c.vehicle_owner_id
      ? { name: ownerDisplayName({ business_name: c.o_business, first_name: c.o_first, last_name: c.o_last }), phone: c.o_phone, address: c.o_street, idNumber: c.o_cni }
      : null,
    driver: c.driver_id ? { name: `${c.d_last} ${c.d_first}`.trim(), phone: c.d_phone, idNumber: c.d_cni } : null,
    vehicle: { registration: c.registration_number, brand: c.brand_name ?? '', model: c.model_name ?? '', colour: c.colour_name ?? '', chassis: c.chassis_number },
    amounts: {
      total: Number(c.total_amount),
      perInstalment: Number(c.frequency_amount),
      totalPaid: Number(c.total_paid),
      remaining: Number(c.remaining_amount),
      frequency: c.payment_frequency,
      startDate: c.start_day,
      endDate: c.end_day,
      startTime: c.start_time,
      nextDueDate: c.next_day,
    },
    instalments: instalments.rows.map((i) => ({
      seq: i.seq,
      dueDate: i.due_day,
      dueTime: i.due_time,
      amount: Number(i.amount),
      paidAmount: Number(i.paid_amount),
      status: i.status as ContractSnapshot['instalments'][number]['status'],
    })),
    clauses: c.clauses,
    description: c.description,
    signatures: signatures.rows.map((s) => ({
      signerName: s.signer_name,
      profileLabel: s.type ? (LOGIN_TYPE_LABELS[s.type as TLoginType] ?? s.type) : null,
      signedAt: new Date(s.signed_at),
      documentVersion: s.document_version,
    })),
    cancelled: c.cancelled_at ? { at: new Date(c.cancelled_at), reason: c.cancel_reason } : null,
  };
  return { head: { park_id: c.park_id, number: c.number, year: c.year, document_version: c.document_version, park_logo: c.park_logo }, snapshot };
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const LOGO_MAX_BYTES = 1024 * 1024;

/** The park's logo when it is a file we hold (PNG, JPEG or SVG); an outside URL is never fetched. */
export async function logoOf(files: FilesDeps, parkId: string, stored: string | null): Promise<ContractSnapshot['park']['logo']> {
  const id = stored ? /^\/api\/file\/([0-9a-f-]{36})$/i.exec(stored)?.[1] : undefined;
  if (!id) return null;
  try {
    const { row, content } = await readStored(files, id, parkId);
    // Every version embeds it: a photo-sized logo would make each PDF megabytes heavy.
    if (row.sizeBytes > LOGO_MAX_BYTES) {
      content.destroy();
      return null;
    }
    const bytes = await streamToBuffer(content);
    if (row.mimeType === 'image/png' || row.mimeType === 'image/jpeg') return { kind: 'image', dataUrl: `data:${row.mimeType};base64,${bytes.toString('base64')}` };
    if (row.mimeType === 'image/svg+xml') return { kind: 'svg', svg: bytes.toString('utf8') };
    return null;
  } catch {
    return null; // a logo whose bytes are gone: the document goes without it
  }
}

/** Renders; a logo pdfmake cannot read (a broken image, an exotic SVG) is dropped rather than failing the document. */
async function render(snapshot: ContractSnapshot): Promise<Buffer> {
  try {
    return await renderPdf(buildContractDocument(snapshot));
  } catch (error) {
    if (!snapshot.park.logo) throw error;
    return renderPdf(buildContractDocument({ ...snapshot, park: { ...snapshot.park, logo: null } }));
  }
}

async function personOf(db: Db | Tx, profileId: string | null): Promise<{ userId: string | null; name: string | null }> {
  if (!profileId) return { userId: null, name: null };
  const r = await db.execute<{ user_id: string; name: string }>(sql`
    select u.id as user_id, trim(u.first_name || ' ' || u.last_name) as name from profiles p join users u on u.id = p.user_id where p.id = ${profileId}`);
  return { userId: r.rows[0]?.user_id ?? null, name: r.rows[0]?.name || null };
}

/**
 * Makes the contract's next document version: renders it, stores the PDF as a park 'document'
 * file, records the version and a 'document' event. Answers the version made.
 */
export async function generateContractDocument(deps: ContractDocumentsDeps, contractId: string, actorProfileId: string | null): Promise<number> {
  const actor = await personOf(deps.db, actorProfileId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const { head, snapshot } = await readSnapshot(deps, contractId, new Date());
    const version = head.document_version + 1;
    const pdf = await render({ ...snapshot, version });
    try {
      return await record(deps, contractId, head, version, pdf, actor, actorProfileId);
    } catch (error) {
      // Another call recorded this version meanwhile: read again (the contract may have changed too).
      if (!(error instanceof VersionTaken)) throw error;
    }
  }
  throw new AppError('CONTRACT_DOCUMENT_BUSY');
}

/** Stores the PDF, then, in one transaction, checks the version is still free and records it. */
async function record(
  deps: ContractDocumentsDeps,
  contractId: string,
  head: ContractHead,
  version: number,
  pdf: Buffer,
  actor: { userId: string | null; name: string | null },
  actorProfileId: string | null,
): Promise<number> {
  const stored = await storeGenerated(deps.files, {
    parkId: head.park_id,
    userId: actor.userId,
    filename: documentFileName(contractReference(head.year, head.number), version),
    content: pdf,
    mime: 'application/pdf',
    ext: 'pdf',
  });
  return withUpload(deps.files, stored, () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx.select({ v: contracts.documentVersion }).from(contracts).where(eq(contracts.id, contractId)).for('update');
      if (!row) throw new AppError('CONTRACT_NOT_FOUND');
      if (row.v !== head.document_version) throw new VersionTaken();
      return insertVersion(tx, contractId, head.park_id, version, stored.id, actor.name, actorProfileId);
    }),
  );
}

async function insertVersion(tx: Tx, contractId: string, parkId: string, version: number, fileId: string, actorName: string | null, actorProfileId: string | null): Promise<number> {
  await tx.insert(contractDocuments).values({ parkId, contractId, version, fileId, createdBy: actorProfileId });
  await tx.update(contracts).set({ documentVersion: version }).where(eq(contracts.id, contractId));
  await tx.insert(contractEvents).values({ parkId, contractId, kind: 'document', detail: { version }, profileId: actorProfileId, actorName });
  return version;
}

/** One version's PDF, for the acting park only (another park's contract reads as not found). */
export async function readContractDocument(
  deps: ContractDocumentsDeps,
  parkId: string,
  contractId: string,
  version: number,
): Promise<{ filename: string; size: number; content: Readable }> {
  const [c] = await deps.db
    .select({ number: contracts.number, year: sql<number>`extract(year from ${contracts.createdAt} at time zone (select time_zone from parks where id = ${contracts.parkId}))::int` })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.parkId, parkId)))
    .limit(1);
  if (!c) throw new AppError('CONTRACT_NOT_FOUND');
  const [doc] = await deps.db
    .select({ fileId: contractDocuments.fileId })
    .from(contractDocuments)
    .where(and(eq(contractDocuments.contractId, contractId), eq(contractDocuments.version, version)))
    .limit(1);
  if (!doc) throw new AppError('CONTRACT_DOCUMENT_NOT_FOUND');
  const { row, content } = await readStored(deps.files, doc.fileId, parkId);
  return { filename: documentFileName(contractReference(c.year, c.number), version), size: row.sizeBytes, content };
}
