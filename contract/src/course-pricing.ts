/**
 * The amount suggested for a course (issue 20 section 2), pure and zod-free so the form and the
 * server share it. The vehicle's own course tariffs (spec 000: a list of {tarif, cadence}) come
 * first, read by their cadence: per km, per trip, per hour, per day; without one that applies, the
 * park's tariff (a base fee plus a price per km). Amounts are in the park's currency, rounded up
 * to the currency's smallest unit (`decimals`: 0 for the CFA francs). Null when nothing prices it.
 */

export interface CourseTariffLike {
  base_fee: number;
  price_per_km: number;
}

export interface VehicleTarifLike {
  tarif: number;
  cadence: string;
}

export type CadenceKind = 'km' | 'trip' | 'hour' | 'day';

/** What a free-text cadence means ('par km', 'Course', 'heure', 'Journée' ...), or null. */
export function cadenceKind(cadence: string): CadenceKind | null {
  const c = cadence
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();
  if (/\bkm\b|kilometre/.test(c)) return 'km';
  if (/course|trajet|voyage|transfert|forfait/.test(c)) return 'trip';
  if (/heure|\bh\b|horaire/.test(c)) return 'hour';
  if (/jour|journee/.test(c)) return 'day';
  return null;
}

export interface PricingInput {
  tariff: CourseTariffLike | null;
  vehicleTarifs?: readonly VehicleTarifLike[] | null;
  distanceMetres: number;
  /** Wall-clock wire dates; the span prices hourly and daily cadences. */
  startDate?: string | null;
  endDate?: string | null;
  decimals?: number;
}

export interface Pricing {
  amount: number;
  /** How it was computed, for the form's hint. */
  explanation: string;
}

const ORDER: CadenceKind[] = ['km', 'trip', 'hour', 'day'];

function spanHours(start?: string | null, end?: string | null): number | null {
  if (!start || !end) return null;
  const s = Date.parse(`${start}Z`);
  const e = Date.parse(`${end}Z`);
  if (!Number.isFinite(s) || !Number.isFinite(e) || e <= s) return null;
  return (e - s) / 3_600_000;
}

function roundUp(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.ceil(Math.round(value * f * 1000) / 1000) / f;
}

const fmt = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 2 });

export function suggestCourseAmount(input: PricingInput): Pricing | null {
  const decimals = input.decimals ?? 0;
  const km = Math.max(0, input.distanceMetres) / 1000;
  const kmText = `${fmt(Math.round(km * 10) / 10)} km`;
  const base = input.tariff?.base_fee ?? 0;
  const hours = spanHours(input.startDate, input.endDate);
  const byKind = new Map<CadenceKind, number>();
  for (const t of input.vehicleTarifs ?? []) {
    const kind = cadenceKind(t.cadence);
    if (kind && Number.isFinite(t.tarif) && t.tarif > 0 && !byKind.has(kind)) byKind.set(kind, t.tarif);
  }
  for (const kind of ORDER) {
    const price = byKind.get(kind);
    if (price === undefined) continue;
    if (kind === 'km') return { amount: roundUp(base + price * km, decimals), explanation: `${fmt(base)} + ${fmt(price)} × ${kmText} (tarif du véhicule)` };
    if (kind === 'trip') return { amount: roundUp(price, decimals), explanation: 'Forfait par course du véhicule' };
    if (hours === null) continue;
    if (kind === 'hour') {
      const n = Math.max(1, Math.ceil(hours - 1e-9));
      return { amount: roundUp(price * n, decimals), explanation: `${fmt(price)} × ${n} h (tarif du véhicule)` };
    }
    const days = Math.max(1, Math.ceil(hours / 24 - 1e-9));
    return { amount: roundUp(price * days, decimals), explanation: `${fmt(price)} × ${days} jour${days > 1 ? 's' : ''} (tarif du véhicule)` };
  }
  if (!input.tariff || (input.tariff.base_fee <= 0 && input.tariff.price_per_km <= 0)) return null;
  return { amount: roundUp(base + input.tariff.price_per_km * km, decimals), explanation: `${fmt(base)} + ${fmt(input.tariff.price_per_km)} × ${kmText} (tarif du parc)` };
}
