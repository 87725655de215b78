import { maintenanceFinishError, type TMaintenance, type TMaintenanceUpdate } from '@flotte/contract';

/**
 * The 'Entretien effectué' dialog's state and rules (spec 002 sections 2, 5): a caisse, one paid
 * amount per component (prefilled with the estimate), the invoice, a comment, and the odometer.
 * The checks are the contract's, shared with the server, in the spec's order.
 */

/** The caisse select's value for the default cash account (no caisse_id is sent: the server takes it). */
export const CASH_OPTION = '__cash__';

export interface FinishLine {
  repair_type_id: number;
  component_id: number;
  name: string;
  amount: number | null;
}

export interface FinishValues {
  caisse: string | null;
  lines: FinishLine[];
  description: string;
  mileage: number | null;
  mileage_for_vidange: number | null;
}

/** A fresh dialog for a maintenance: every component at its estimate, the description kept. */
export function finishDefaults(m: Pick<TMaintenance, 'components' | 'description'>): FinishValues {
  return {
    caisse: null,
    lines: m.components.flatMap((g) =>
      g.car_component.map((c) => ({ repair_type_id: g.repair_type_id, component_id: c.component_id, name: c.name, amount: c.estimated_amount })),
    ),
    description: m.description ?? '',
    mileage: null,
    mileage_for_vidange: null,
  };
}

export function setLineAmount(lines: readonly FinishLine[], line: Pick<FinishLine, 'repair_type_id' | 'component_id'>, amount: number | null): FinishLine[] {
  return lines.map((l) => (l.repair_type_id === line.repair_type_id && l.component_id === line.component_id ? { ...l, amount } : l));
}

/** The lines by repair type, in the maintenance's order, as the body and the checks want them. */
function groupsOf(lines: readonly FinishLine[]) {
  const groups = new Map<number, { component_id: number; amount: number | null }[]>();
  for (const l of lines) {
    const list = groups.get(l.repair_type_id) ?? [];
    list.push({ component_id: l.component_id, amount: l.amount });
    groups.set(l.repair_type_id, list);
  }
  return [...groups].map(([repair_type_id, components]) => ({ repair_type_id, components }));
}

function caisseId(values: FinishValues): string | null {
  return values.caisse && values.caisse !== CASH_OPTION ? values.caisse : null;
}

/**
 * The first failing check's message, or null: a caisse ('Vous devez sélectionner une caisse pour
 * terminer cet entretien'; with ACCESS_CAISSE_CASH none means the default cash account), then every
 * amount ('Entrez tous les montants !').
 */
export function finishError(values: FinishValues, opts: { cashAccess: boolean }): string | null {
  const chosen = caisseId(values) ?? (values.caisse === CASH_OPTION ? CASH_OPTION : null);
  return maintenanceFinishError({ caisse_id: chosen, maintenances: groupsOf(values.lines) }, opts)?.message ?? null;
}

/** The total paid: the sum of the lines (cents, so that decimals add up exactly). */
export function finishTotal(lines: readonly FinishLine[]): number {
  return lines.reduce((sum, l) => sum + Math.round((l.amount ?? 0) * 100), 0) / 100;
}

/** The body of PUT /entretien/{id}; `invoice` is the uploaded invoice's stored path. */
export function finishBody(values: FinishValues, invoice: string | null): TMaintenanceUpdate {
  return {
    status: 'finished',
    caisse_id: caisseId(values) ?? undefined,
    facture_image: invoice ?? undefined,
    // The spec sends them as a JSON string, entries only with an amount.
    maintenances: JSON.stringify(
      groupsOf(values.lines).map((g) => ({ ...g, components: g.components.filter((c) => c.amount !== null) })),
    ),
    description: values.description.trim() || undefined,
    mileage: values.mileage ?? undefined,
    mileage_for_vidange: values.mileage_for_vidange ?? undefined,
  };
}
