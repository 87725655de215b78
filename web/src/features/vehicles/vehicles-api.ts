import type {
  Page,
  TCheckDriver,
  TColor,
  TModel,
  TOwner,
  TOwnerInput,
  TRecipeConfigParsed,
  TRefItem,
  TVehicleAllData,
  TVehicleConfigParsed,
  TVehicleConfigs,
  TVehicleDetail,
  TVehicleListItem,
  TVehicleStatus,
} from '@flotte/contract';
import { api } from '../../api/client.ts';

export interface VehicleListQuery {
  park_id: string;
  page: number;
  itemPerPage: number;
  search?: string;
  status?: TVehicleStatus;
  group?: string;
  available_on_date?: string;
}

/** The brand list is one page of 1000 (spec 000 section 9): a park picks among a few dozen. */
export const BRAND_PAGE_SIZE = 1000;

/** Vehicles of the acting park and the reference data their form needs (spec 000 section 7). */
export const vehiclesApi = {
  list: (query: VehicleListQuery, signal?: AbortSignal) => api.get<Page<TVehicleListItem>>('/vehicle', { ...query }, signal),
  get: (id: string, signal?: AbortSignal) => api.get<TVehicleDetail>(`/vehicle/${id}`, undefined, signal),
  allData: (id: string, signal?: AbortSignal) => api.get<TVehicleAllData>(`/vehicle/all-data/${id}`, undefined, signal),
  configs: (id: string, signal?: AbortSignal) => api.get<TVehicleConfigs>(`/vehicle/vehicle-config/${id}`, undefined, signal),
  checkDriver: (id: string, signal?: AbortSignal) => api.get<TCheckDriver>(`/vehicle/check-driver/${id}`, undefined, signal),
  /** Multipart: up to 4 `images` files, tags and property contract as JSON strings. */
  create: (body: FormData) => api.post<TVehicleDetail>('/vehicle', body),
  /** The general section (multipart, new images as files, kept ones as `images` paths). */
  updateGeneral: (id: string, body: FormData) => api.post<TVehicleAllData>(`/vehicle/update/${id}`, body),
  updatePlanning: (id: string, config: TVehicleConfigParsed) =>
    api.post<TVehicleAllData>(`/vehicle/update/${id}`, { update_type: 'planning', config }),
  updateRecipe: (id: string, recipes: TRecipeConfigParsed) =>
    api.post<TVehicleAllData>(`/vehicle/update/${id}`, { update_type: 'recipe', recipes }),
  activate: (id: string) => api.get<TVehicleDetail>(`/vehicle/activate/${id}`),
  deactivate: (id: string) => api.get<TVehicleDetail>(`/vehicle/deactivate/${id}`),

  vehicleTypes: (signal?: AbortSignal) => api.get<TRefItem[]>('/vehicle-type', undefined, signal),
  brands: (signal?: AbortSignal) => api.get<Page<TRefItem>>('/brand', { itemPerPage: BRAND_PAGE_SIZE, page: 1 }, signal),
  models: (brandId: number, signal?: AbortSignal) => api.get<TModel[]>(`/model/${brandId}`, undefined, signal),
  colors: (signal?: AbortSignal) => api.get<TColor[]>('/color', undefined, signal),
  contractTypes: (signal?: AbortSignal) => api.get<TRefItem[]>('/vehicle-contract', undefined, signal),
  addContractType: (name: string) => api.post<TRefItem>('/vehicle-contract', { name }),
  owners: (parkId: string, signal?: AbortSignal) => api.get<TOwner[]>('/vehicle-owner', { park_id: parkId }, signal),
  addOwner: (body: TOwnerInput) => api.post<TOwner>('/vehicle-owner', body),
};
