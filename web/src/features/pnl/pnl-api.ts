import type { TPnlAccount, TPnlType } from '@flotte/contract/pnl';
import { api } from '../../api/client.ts';

/**
 * The P&L chart (spec 001 sections 2.10, 7): categories are 'pnl-account', their sub-categories
 * 'pnl-sub-account' (the server reaches the same accounts by both; the spec's clients use the
 * family that matches the node).
 */
const family = (node: Pick<TPnlAccount, 'depth'>) => (node.depth > 1 ? 'pnl-sub-account' : 'pnl-account');

export const pnlApi = {
  list: (parkId: string, type: TPnlType, signal?: AbortSignal) => api.get<TPnlAccount[]>('/pnl-account', { park_id: parkId, type }, signal),
  /** A category (name and type), or with `account_id` a sub-category of that account. */
  create: (parkId: string, body: { name: string; type: TPnlType; account_id?: string }) =>
    body.account_id
      ? api.post<TPnlAccount>('/pnl-sub-account', { name: body.name, account_id: body.account_id, park_id: parkId })
      : api.post<TPnlAccount>('/pnl-account', { name: body.name, type: body.type, park_id: parkId }),
  rename: (node: TPnlAccount, name: string) => api.put<TPnlAccount>(`/${family(node)}/update/${node.id}`, { name }),
  remove: (node: TPnlAccount) => api.delete<{ id: string }>(`/${family(node)}/delete/${node.id}`),
};
