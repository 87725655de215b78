import { generateContractDocument } from '../../../src/modules/contracts/contract-documents.service.ts';
import { insertContract } from '../../../src/modules/contracts/contract-documents.test-support.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A contract of park B with its first document, written directly (the contracts API is not what these rows prove). */
function contractOfB(w: World): Promise<string> {
  return w.recordOfB('contract-with-document', async () => {
    const c = await insertContract(w.ctx, w.parkB, { kind: 'DRIVER' });
    const files = { db: w.ctx.database.db, storage: w.ctx.app.fileStorage, signingKey: w.ctx.config.jwtSecret };
    await generateContractDocument({ db: w.ctx.database.db, files }, c.id, w.ownerB.profileId);
    return c.id;
  });
}

/** The contract's PDF: VIEW_CONTRACTS, and only the acting park's contracts (another's is not found). */
export const contractDocumentsCases: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/contract/:id/document/:version',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/document/1` }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}/document/1` }),
  },
];
