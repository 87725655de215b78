import type { Page } from '@flotte/contract';
import { ApiError } from '../../api/api-error.ts';
import type { DataTableQuery } from '../data-table/types.ts';
import { normalizeSearchText } from '../dialogs/list-filter.ts';

/** The gallery's stand-in for GET /operations: 57 rows in memory, served like the real API would. */
export type PaymentStatus = 'paid' | 'not_paid' | 'partially_paid';
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Payé',
  not_paid: 'Non payé',
  partially_paid: 'Partiellement payé',
};

export interface DemoOperation {
  id: string;
  reference: string;
  date: string;
  driver: string;
  label: string;
  status: PaymentStatus;
  amount: number;
}

const DRIVERS = ['Yao Kouassi', 'Aïcha Koné', 'Jean-Pierre Mbarga', 'Fatou Diop', 'Koffi Mensah', 'Mamadou Traoré', 'Awa Ndiaye', 'Serge Ebongue', 'Mariam Ouattara', 'Ibrahim Sow'];
const LABELS = ['Recette journalière', 'Entretien vidange', 'Carburant', 'Avance sur salaire', 'Lavage'];
const PLATES = ['LT-123-AB', 'CE-456-CD', 'DK-789-EF', 'AB-012-GH'];
const STATUSES: PaymentStatus[] = ['paid', 'paid', 'not_paid', 'partially_paid'];

export const DEMO_OPERATIONS: DemoOperation[] = Array.from({ length: 57 }, (_, i) => {
  const n = i + 1;
  const day = new Date(Date.UTC(2025, 5, 1 + i));
  return {
    id: `op-${n}`,
    reference: `OP-${String(n).padStart(4, '0')}`,
    date: day.toISOString().slice(0, 10),
    driver: DRIVERS[i % DRIVERS.length]!,
    label: `${LABELS[i % LABELS.length]} ${PLATES[i % PLATES.length]}`,
    status: STATUSES[i % STATUSES.length]!,
    // Whole amounts mostly, some with 50 centimes, one in the millions: the formatting cases.
    amount: n === 7 ? 1234567.5 : ((n * 7919) % 90000) + 2500 + (n % 4 === 0 ? 0.5 : 0),
  };
});

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

function compare(a: DemoOperation, b: DemoOperation, key: string): number {
  const x = a[key as keyof DemoOperation];
  const y = b[key as keyof DemoOperation];
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y), 'fr');
}

/** Filters, searches, sorts and pages like the server: the search needs 3+ characters there too. */
export function queryDemoOperations(rows: readonly DemoOperation[], q: DataTableQuery): Page<DemoOperation> {
  const words = normalizeSearchText(q.search ?? '').split(' ').filter(Boolean);
  const status = q.filters.status as PaymentStatus | undefined;
  let kept = rows.filter((r) => {
    if (status && r.status !== status) return false;
    const text = normalizeSearchText(`${r.reference} ${r.driver} ${r.label}`);
    return words.every((w) => text.includes(w));
  });
  if (q.sort) {
    const { key, direction } = q.sort;
    kept = [...kept].sort((a, b) => (direction === 'asc' ? 1 : -1) * compare(a, b, key));
  }
  const start = (q.page - 1) * q.itemPerPage;
  return { items: kept.slice(start, start + q.itemPerPage), meta: { page: q.page, itemPerPage: q.itemPerPage, total: kept.length } };
}

export async function fetchDemoOperations(q: DataTableQuery, signal: AbortSignal): Promise<Page<DemoOperation>> {
  await wait(250, signal); // a slow network, so the skeleton and the kept previous page show
  return queryDemoOperations(DEMO_OPERATIONS, q);
}

export async function fetchNothing(q: DataTableQuery, signal: AbortSignal): Promise<Page<DemoOperation>> {
  await wait(250, signal);
  return { items: [], meta: { page: q.page, itemPerPage: q.itemPerPage, total: 0 } };
}

/** Never answers (until the query is cancelled): the loading skeleton, frozen. */
export function fetchForever(_q: DataTableQuery, signal: AbortSignal): Promise<Page<DemoOperation>> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
}

/** Fails like a dropped mobile connection while `failing()` says so. */
export function failingFetch(failing: () => boolean) {
  return async (q: DataTableQuery, signal: AbortSignal): Promise<Page<DemoOperation>> => {
    await wait(150, signal);
    if (failing()) throw ApiError.network();
    return queryDemoOperations(DEMO_OPERATIONS, q);
  };
}
