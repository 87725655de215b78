/**
 * A driver's money fields as the drivers list and detail answer them (spec 001 section 3 'Driver
 * money fields'): sold (what the park owes him), dettes (what remains on his unpaid recipes before
 * today and on his debts), nbDettesRecipes (also nb_recipes_not_collected: how many), ca_this_month
 * (what his collections brought this month). Read defensively: a driver record from before the
 * money module, or a field left out, shows as unknown rather than 0.
 */
export interface DriverMoneyFields {
  sold: number | null;
  dettes: number | null;
  nbDettesRecipes: number | null;
  ca_this_month: number | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

export function driverMoneyFields(driver: object | null | undefined): DriverMoneyFields {
  const d = (driver ?? {}) as Record<string, unknown>;
  return {
    sold: num(d.sold),
    dettes: num(d.dettes),
    nbDettesRecipes: num(d.nbDettesRecipes) ?? num(d.nb_recipes_not_collected),
    ca_this_month: num(d.ca_this_month),
  };
}

/** Whether the record carries money at all (else the tab doesn't show a row of dashes). */
export const hasMoney = (m: DriverMoneyFields) => m.sold !== null || m.dettes !== null || m.ca_this_month !== null;
