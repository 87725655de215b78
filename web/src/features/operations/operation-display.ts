import { COLLECT_METHOD_LABELS, type TCollectMethod, type TOperation, type TOperationStatus } from '@flotte/contract/operations';

/**
 * How an operation reads in the table, the detail dialog and the exported file. Pure: the
 * export and the unit tests use the same words as the screen.
 */

export const OPERATION_STATUS_COLORS: Record<TOperationStatus, string> = {
  pending: 'orange',
  confirmed: 'teal',
  canceled: 'red',
  refused: 'gray',
};

/** Cancelled and refused operations are struck through (spec 001 section 4). */
export const isStruck = (o: Pick<TOperation, 'canceled_at'>) => o.canceled_at !== null;

export const personName = (p: { first_name: string; last_name: string } | null) => (p ? `${p.last_name} ${p.first_name}`.trim() : '');

export function vehicleName(v: TOperation['vehicle']): string {
  if (!v) return '';
  const model = [v.brand, v.model].filter(Boolean).join(' ');
  return [v.registration_number, v.label || model].filter(Boolean).join(' · ');
}

export function collectLabel(method: string | null): string {
  if (!method) return '';
  return COLLECT_METHOD_LABELS[method as TCollectMethod | 'sold'] ?? method;
}

/** 'Samedi' style dates stay for the screens; the table shows dd/MM/yyyy HH:mm of the wire date as it is (the park's time). */
export function wireDateTime(wire: string | null): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wire ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : '';
}

/** A row click opens the detail dialog, unless the amount is negative (spec 001 section 2.8). */
export const opensDetail = (o: Pick<TOperation, 'amount'>) => o.amount >= 0;

/** What the person may do with an operation: confirm (owner, pending) and cancel (CANCEL_OPERATION, not yet cancelled). */
export function operationActions(o: Pick<TOperation, 'status' | 'reverses_id'>, who: { isOwner: boolean; canCancel: boolean }) {
  const open = o.reverses_id === null && (o.status === 'pending' || o.status === 'confirmed');
  return { confirm: who.isOwner && o.status === 'pending', cancel: who.canCancel && open };
}
