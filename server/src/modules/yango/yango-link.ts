import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, normalizePhone } from '@flotte/contract';
import {
  cleanYangoPhone,
  type TYangoCodeSent,
  type TYangoConnectInput,
  type TYangoImportInput,
  type TYangoLinkUpdate,
  type TYangoProfileLink,
} from '@flotte/contract/yango';
import type { YangoDriverProfile } from '../../integrations/yango/yango.types.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN, uuidv7 } from '../../platform/ids.ts';
import { parks } from '../access/access.tables.ts';
import { maskDestination } from '../access/identity.ts';
import { sendLimited } from '../access/otp.service.ts';
import { newOtp, otpDigest, sameDigest } from '../access/secrets.ts';
import { driverTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { fetchYangoProfile, parkCallingCode } from './yango-search.ts';
import { syncYangoDriver } from './yango-sync.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoDriverLinks, yangoLinkChallenges } from './yango.tables.ts';

/**
 * Linking a park's driver to his Yango profile (issue 21 section 2; spec 000 sections 2, 4, 5, 7).
 * There is no link-by-phone call in the Fleet API, so the link is ours: importing a driver needs
 * the one-time code we send to the phone Yango holds for him (his consent); connecting an existing
 * driver needs none, as the spec says. A Yango profile links to one driver per park.
 */

/** Who acts: the park, the profile and the park's time zone. */
export interface LinkActor {
  parkId: string;
  profileId: string;
  timeZone: string;
}

type LinkRow = typeof yangoDriverLinks.$inferSelect;

/** The shared driver type an imported driver gets (reference data, migration 0002). */
const DEFAULT_DRIVER_TYPE = 'Titulaire';

export function linkView(l: Pick<LinkRow, 'yangoId' | 'useYangoRecipe' | 'collectTime' | 'linkedAt' | 'syncedAt' | 'syncError'>, timeZone: string): TYangoProfileLink {
  return {
    yango_id: l.yangoId,
    use_yango_recipe: l.useYangoRecipe,
    collect_time: l.collectTime,
    linked_at: toWireDate(l.linkedAt, timeZone),
    synced_at: l.syncedAt ? toWireDate(l.syncedAt, timeZone) : null,
    sync_error: l.syncError,
  };
}

/** The drivers' links among these ids (the drivers' answers), in one query. */
export async function yangoProfilesOf(db: Pick<Db, 'select'>, parkId: string, driverIds: string[], timeZone: string): Promise<Map<string, TYangoProfileLink>> {
  if (driverIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(yangoDriverLinks)
    .where(and(eq(yangoDriverLinks.parkId, parkId), inArray(yangoDriverLinks.driverId, driverIds)));
  return new Map(rows.map((r) => [r.driverId, linkView(r, timeZone)]));
}

/** Today's park day (yyyy-MM-dd): a driver's yango_recipe collections start there, never in the past. */
const parkDay = (timeZone: string, now = new Date()) => toWireDate(now, timeZone).slice(0, 10);

function uniqueConstraintOf(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** A unique violation on a link or a driver read as the person sees it; anything else unchanged. */
function linkConflict(err: unknown): unknown {
  const constraint = uniqueConstraintOf(err);
  if (constraint === null) return err;
  if (constraint === 'drivers_park_phone_key') return new AppError('YANGO_PHONE_TAKEN');
  if (constraint === 'yango_driver_links_pkey') return new AppError('YANGO_DRIVER_ALREADY_LINKED');
  return new AppError('YANGO_PROFILE_ALREADY_LINKED');
}

async function assertProfileFree(db: Db | Tx, parkId: string, yangoId: string) {
  const [taken] = await db
    .select({ driverId: yangoDriverLinks.driverId })
    .from(yangoDriverLinks)
    .where(and(eq(yangoDriverLinks.parkId, parkId), eq(yangoDriverLinks.yangoId, yangoId)));
  if (taken) throw new AppError('YANGO_PROFILE_ALREADY_LINKED');
}

/** The phone Yango holds for the driver, E.164 as Yango writes it, or null when it holds none. */
function yangoPhoneOf(profile: YangoDriverProfile): string | null {
  const phone = profile.phones.map(normalizePhone).find((p) => p.replace(/\D/g, '').length >= 8);
  return phone ?? null;
}

/**
 * Starts a linked driver's first sync after the link is committed: not awaited (the answer does
 * not wait for Yango), its errors logged (the sync job tries again and records its error).
 */
function startFirstSync(deps: YangoDeps, parkId: string, driverId: string) {
  void syncYangoDriver(deps, parkId, driverId).catch((err: unknown) => deps.log?.warn({ err, parkId, driverId }, 'Yango first sync failed'));
}

// ---------------------------------------------------------------- the code

/**
 * POST /yango/link-yango-account: sends our one-time code to the phone Yango holds for the
 * profile, never to a typed one (the driver's consent), within the sign-in codes' limits per
 * address. Asking again is a new code (a new challenge).
 */
export async function requestLinkCode(deps: YangoDeps, who: LinkActor, yangoId: string): Promise<TYangoCodeSent> {
  const found = await fetchYangoProfile(deps, who.parkId, yangoId);
  if (!found) throw new AppError('YANGO_ACCOUNT_NOT_FOUND');
  await assertProfileFree(deps.db, who.parkId, yangoId);
  const to = yangoPhoneOf(found.profile);
  if (!to) throw new AppError('YANGO_ACCOUNT_NOT_FOUND', { message: "Ce compte Yango n'a pas de numéro de téléphone pour recevoir le code OTP" });
  const [park] = await deps.db.select({ name: parks.name }).from(parks).where(eq(parks.id, who.parkId));
  const otp = newOtp();
  const id = uuidv7();
  await sendLimited(deps.access, { channel: 'sms', to }, {
    subject: 'Votre code Flotte pour Yango',
    text: `Votre code Flotte est ${otp}. Il permet au parc ${park?.name ?? ''} de lier votre compte Yango. Il expire dans 10 minutes. Ne le partagez qu'avec votre parc.`,
    otp,
  });
  await deps.db.insert(yangoLinkChallenges).values({
    id,
    parkId: who.parkId,
    profileId: who.profileId,
    yangoId,
    phone: to,
    secretHash: otpDigest(deps.access.jwtSecret, id, otp),
    expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
  });
  return { code: id, canal_type: 'sms', sent_to: maskDestination('phone', to), expires_in: OTP_TTL_SECONDS };
}

/**
 * Checks a code against the park's challenge for this profile: the attempt is taken before the
 * comparison, in one statement, so parallel guesses can't exceed 5. The challenge is spent by
 * the import's transaction, not here.
 */
async function checkLinkCode(deps: YangoDeps, parkId: string, input: { code: string; otp: string; yango_id: string }) {
  const notFound = () => new AppError('NOT_FOUND', { message: 'Code OTP introuvable\u00a0: demandez un nouveau code OTP' });
  if (!UUID_PATTERN.test(input.code)) throw notFound();
  const [challenge] = await deps.db
    .select()
    .from(yangoLinkChallenges)
    .where(and(eq(yangoLinkChallenges.id, input.code), eq(yangoLinkChallenges.parkId, parkId), eq(yangoLinkChallenges.yangoId, input.yango_id)));
  if (!challenge) throw notFound();
  if (challenge.consumedAt || challenge.expiresAt.getTime() <= Date.now()) throw new AppError('YANGO_CODE_EXPIRED');
  const [taken] = await deps.db
    .update(yangoLinkChallenges)
    .set({ attempts: sql`${yangoLinkChallenges.attempts} + 1` })
    .where(and(eq(yangoLinkChallenges.id, challenge.id), isNull(yangoLinkChallenges.consumedAt), sql`${yangoLinkChallenges.attempts} < ${OTP_MAX_ATTEMPTS}`))
    .returning();
  if (!taken) throw new AppError('YANGO_CODE_LOCKED');
  if (!sameDigest(taken.secretHash, otpDigest(deps.access.jwtSecret, challenge.id, input.otp))) {
    const left = OTP_MAX_ATTEMPTS - taken.attempts;
    if (left <= 0) throw new AppError('YANGO_CODE_LOCKED');
    throw new AppError('YANGO_CODE_INVALID', {
      message: `Code OTP incorrect. Il vous reste ${left} essai${left > 1 ? 's' : ''}.`,
      data: { attempts_left: left },
    });
  }
  return challenge;
}

// ---------------------------------------------------------------- import and connect

/**
 * POST /yango/verify-otp-yango-account: the right code imports the driver. In one transaction the
 * challenge is spent, the driver created from his Yango profile (a normal driver: names and the
 * phone Yango holds) and his link written; then his first sync starts.
 */
export async function importYangoDriver(deps: YangoDeps, who: LinkActor, input: TYangoImportInput): Promise<{ driver_id: string; yango_profile: TYangoProfileLink }> {
  const challenge = await checkLinkCode(deps, who.parkId, input);
  const found = await fetchYangoProfile(deps, who.parkId, input.yango_id);
  if (!found) throw new AppError('YANGO_ACCOUNT_NOT_FOUND');
  const p = found.profile;
  const callingCode = await parkCallingCode(deps.db, who.parkId);
  // The phone the code went to, Yango's own (the profile's phones may have changed since).
  const phone = challenge.phone;
  const national = cleanYangoPhone(phone, callingCode);
  let link: LinkRow;
  try {
    link = await deps.db.transaction(async (tx) => {
      const spent = await tx
        .update(yangoLinkChallenges)
        .set({ consumedAt: new Date() })
        .where(and(eq(yangoLinkChallenges.id, challenge.id), isNull(yangoLinkChallenges.consumedAt)))
        .returning({ id: yangoLinkChallenges.id });
      if (spent.length !== 1) throw new AppError('YANGO_CODE_EXPIRED');
      await assertProfileFree(tx, who.parkId, p.id);
      // One driver per phone in a park, however the phone was typed (+225 07..., 07..., 225 07...).
      const sameEnding = await tx
        .select({ phone: drivers.phone })
        .from(drivers)
        .where(and(eq(drivers.parkId, who.parkId), sql`regexp_replace(${drivers.phone}, '\\D', '', 'g') like ${`%${national.replace(/\D/g, '')}`}`));
      if (sameEnding.some((d) => cleanYangoPhone(d.phone, callingCode) === national)) throw new AppError('YANGO_PHONE_TAKEN');
      // The form requires a driver type; the import has none to ask, so the shared 'Titulaire' (editable after).
      const [holder] = await tx
        .select({ id: driverTypes.id })
        .from(driverTypes)
        .where(and(isNull(driverTypes.parkId), eq(driverTypes.name, DEFAULT_DRIVER_TYPE)))
        .limit(1);
      const [driver] = await tx
        .insert(drivers)
        .values({ parkId: who.parkId, firstName: p.firstName.trim() || 'Chauffeur', lastName: p.lastName.trim() || 'Yango', phone, driverTypeId: holder?.id ?? null })
        .returning({ id: drivers.id });
      const [row] = await tx
        .insert(yangoDriverLinks)
        .values({
          driverId: driver.id,
          parkId: who.parkId,
          yangoId: p.id,
          useYangoRecipe: input.use_yango_recipe,
          collectTime: input.collect_time,
          recipesSince: parkDay(who.timeZone),
          linkedBy: who.profileId,
        })
        .returning();
      return row;
    });
  } catch (err) {
    throw linkConflict(err);
  }
  startFirstSync(deps, who.parkId, link.driverId);
  return { driver_id: link.driverId, yango_profile: linkView(link, who.timeZone) };
}

/**
 * POST /yango/connect-yango-profile: an existing driver of the park connected to a Yango profile,
 * without a code (spec 000 section 7). The unique index settles a race between two connections.
 */
export async function connectYangoProfile(deps: YangoDeps, who: LinkActor, input: TYangoConnectInput): Promise<{ driver_id: string; yango_profile: TYangoProfileLink }> {
  if (!UUID_PATTERN.test(input.driver_id)) throw new AppError('DRIVER_NOT_FOUND');
  const [driver] = await deps.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, input.driver_id), eq(drivers.parkId, who.parkId)));
  if (!driver) throw new AppError('DRIVER_NOT_FOUND');
  const [already] = await deps.db.select({ id: yangoDriverLinks.driverId }).from(yangoDriverLinks).where(eq(yangoDriverLinks.driverId, driver.id));
  if (already) throw new AppError('YANGO_DRIVER_ALREADY_LINKED');
  await assertProfileFree(deps.db, who.parkId, input.yango_id);
  if (!(await fetchYangoProfile(deps, who.parkId, input.yango_id))) throw new AppError('YANGO_ACCOUNT_NOT_FOUND');
  let link: LinkRow;
  try {
    [link] = await deps.db
      .insert(yangoDriverLinks)
      .values({
        driverId: driver.id,
        parkId: who.parkId,
        yangoId: input.yango_id,
        useYangoRecipe: input.use_yango_recipe,
        collectTime: input.collect_time,
        recipesSince: parkDay(who.timeZone),
        linkedBy: who.profileId,
      })
      .returning();
  } catch (err) {
    throw linkConflict(err);
  }
  startFirstSync(deps, who.parkId, link.driverId);
  return { driver_id: link.driverId, yango_profile: linkView(link, who.timeZone) };
}

// ---------------------------------------------------------------- edit and unlink

async function linkOf(db: Db, parkId: string, driverId: string): Promise<LinkRow> {
  if (!UUID_PATTERN.test(driverId)) throw new AppError('YANGO_DRIVER_NOT_LINKED');
  const [row] = await db
    .select()
    .from(yangoDriverLinks)
    .where(and(eq(yangoDriverLinks.driverId, driverId), eq(yangoDriverLinks.parkId, parkId)));
  if (!row) throw new AppError('YANGO_DRIVER_NOT_LINKED');
  return row;
}

/**
 * PUT /yango/driver/{driver_id}: the link's options. Switching yango_recipe on starts its
 * collections today: never the past by surprise.
 */
export async function updateYangoLink(deps: Pick<YangoDeps, 'db'>, who: LinkActor, driverId: string, input: TYangoLinkUpdate): Promise<TYangoProfileLink> {
  const current = await linkOf(deps.db, who.parkId, driverId);
  const switchedOn = input.use_yango_recipe && !current.useYangoRecipe;
  const [row] = await deps.db
    .update(yangoDriverLinks)
    .set({ collectTime: input.collect_time, useYangoRecipe: input.use_yango_recipe, ...(switchedOn ? { recipesSince: parkDay(who.timeZone) } : {}) })
    .where(and(eq(yangoDriverLinks.driverId, current.driverId), eq(yangoDriverLinks.parkId, who.parkId)))
    .returning();
  if (!row) throw new AppError('YANGO_DRIVER_NOT_LINKED');
  return linkView(row, who.timeZone);
}

/** DELETE /yango/driver/{driver_id}: the driver stays, his link goes (what was copied stays his). */
export async function unlinkYangoDriver(deps: Pick<YangoDeps, 'db'>, parkId: string, driverId: string): Promise<{ driver_id: string }> {
  const current = await linkOf(deps.db, parkId, driverId);
  await deps.db.delete(yangoDriverLinks).where(and(eq(yangoDriverLinks.driverId, current.driverId), eq(yangoDriverLinks.parkId, parkId)));
  return { driver_id: current.driverId };
}
