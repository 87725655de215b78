import { registerParkSetup } from '../access/park-setup.ts';
import { defaultCashCaisse, parksWithoutCashCaisse } from './caisse-accounts.ts';

// Every park starts with its default cash account, where cash lands when no caisse is named.
registerParkSetup({
  name: 'default-cash-caisse',
  apply: async (tx, parkId) => {
    await defaultCashCaisse(tx, parkId);
  },
  missing: parksWithoutCashCaisse,
});
