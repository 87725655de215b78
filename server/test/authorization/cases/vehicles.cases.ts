import type { RouteCase } from '../route-table.ts';

/** Route cases of the vehicles routes (see route-table.ts for what each field proves). */
export const vehiclesCases: RouteCase[] = [];
