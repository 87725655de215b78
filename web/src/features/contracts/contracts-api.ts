import type {
  TContractCancel,
  TContractCollect,
  TContractCollectResult,
  TContractDetail,
  TContractEvent,
  TContractPage,
  TContractStats,
  TContractStatus,
  TContractType,
  TContractUpdate,
  TDriverContractCreate,
  TPartnerContractCreate,
} from '@flotte/contract/contracts';
import { api, IDEMPOTENT } from '../../api/client.ts';

export interface ContractListQuery {
  page: number;
  itemPerPage: number;
  contract_type?: TContractType;
  contract_status?: TContractStatus;
  vehicle_id?: string;
  driver_id?: string;
  vehicle_owner_id?: string;
  /** yyyy-MM-dd, whole days. */
  start_date?: string;
  end_date?: string;
}

/** The contract calls (spec 002 section 7, issue 19). Money calls carry an Idempotency-Key. */
export const contractsApi = {
  list: (q: ContractListQuery, signal?: AbortSignal) => api.get<TContractPage>('/contract', { ...q }, signal),
  stats: (signal?: AbortSignal) => api.get<TContractStats>('/contract/stats', undefined, signal),
  get: (id: string, signal?: AbortSignal) => api.get<TContractDetail>(`/contract/${id}`, undefined, signal),
  history: (id: string, signal?: AbortSignal) => api.get<TContractEvent[]>(`/contract/${id}/history`, undefined, signal),
  createDriver: (body: TDriverContractCreate) => api.post<TContractDetail>('/contract/driver', body),
  createPartner: (body: TPartnerContractCreate) => api.post<TContractDetail>('/contract/partner', body),
  update: (id: string, body: TContractUpdate) => api.put<TContractDetail>(`/contract/${id}`, body),
  sign: (id: string, documentVersion?: number) => api.post<TContractDetail>(`/contract/${id}/sign`, documentVersion ? { document_version: documentVersion } : {}),
  cancel: (id: string, body: TContractCancel) => api.post<TContractDetail>(`/contract/${id}/cancel`, body, IDEMPOTENT),
  regenerate: (id: string) => api.post<TContractDetail>(`/contract/${id}/regenerate`, {}),
  collect: (id: string, body: TContractCollect) => api.post<TContractCollectResult>(`/contract/${id}/collect`, body, IDEMPOTENT),
  payPartnerInstalment: (id: string, seq: number, body: { caisse_id?: string; comment?: string }) =>
    api.post<TContractDetail>(`/contract/${id}/instalments/${seq}/pay`, body, IDEMPOTENT),
  handover: (id: string) => api.post<TContractDetail>(`/contract/${id}/handover`, {}),
  /** The PDF's address for a download link (the API client adds the session; see ContractDocuments). */
  documentPath: (id: string, version: number) => `/contract/${id}/document/${version}`,
};
