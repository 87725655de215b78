import type { Page } from '@flotte/contract';
import { api } from '../../api/client.ts';

import type { TRefItem } from '@flotte/contract/catalog';
import type { TExpiringVehicleDocument, TVehicleDocument, TVehicleDocumentStatus } from '@flotte/contract/vehicle-documents';

export type VehicleDocument = TVehicleDocument;
export type ExpiringDocument = TExpiringVehicleDocument;
export type DocumentStatus = TVehicleDocumentStatus;
export type DocumentType = TRefItem;

export interface ExpiringQuery {
  days: number;
  page: number;
  itemPerPage: number;
  search?: string;
}

/** Vehicle documents and their types (spec 000 section 7 'Vehicle documents'). */
export const vehicleDocumentsApi = {
  list: (vehicleId: string, signal?: AbortSignal) => api.get<VehicleDocument[]>(`/vehicle-document/${vehicleId}`, undefined, signal),
  /** JSON without images, multipart with them (up to 4 'images' parts). */
  create: (body: FormData | Record<string, unknown>) => api.post<VehicleDocument>('/vehicle-document', body),
  expiring: (query: ExpiringQuery, signal?: AbortSignal) =>
    api.get<Page<ExpiringDocument>>('/vehicle-document/future-expired', { ...query }, signal),
  documentTypes: (signal?: AbortSignal) => api.get<DocumentType[]>('/document-type', undefined, signal),
  addDocumentType: (name: string) => api.post<DocumentType>('/document-type/add', { name }),
};
