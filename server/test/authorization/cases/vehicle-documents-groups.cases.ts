import type { RouteCase } from '../route-table.ts';

/** Route cases of the vehicle-documents-groups routes (see route-table.ts for what each field proves). */
export const vehicleDocumentsGroupsCases: RouteCase[] = [];
