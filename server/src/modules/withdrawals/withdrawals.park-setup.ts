import { sql } from 'drizzle-orm';
import { registerParkSetup } from '../access/park-setup.ts';
import { ensureWithdrawFeesAccount } from './withdraw-fees-account.ts';

// Parks created before the 'withdraw_fees' code existed get it at the next start (their 'Frais de
// retrait' row takes it, or one is created). A new park gets it with the default chart, so this
// leaves a park without any chart alone, whatever order the setups run in.
registerParkSetup({
  name: 'withdraw-fees-account',
  apply: async (tx, parkId) => {
    const { rows } = await tx.execute<{ n: number }>(sql`select 1 as n from pnl_accounts where park_id = ${parkId} limit 1`);
    if (rows.length) await ensureWithdrawFeesAccount(tx, parkId);
  },
  async missing(db) {
    const { rows } = await db.execute<{ id: string }>(
      sql`select p.id from parks p
          where exists (select 1 from pnl_accounts a where a.park_id = p.id)
            and not exists (select 1 from pnl_accounts a where a.park_id = p.id and a.code = 'withdraw_fees')`,
    );
    return rows.map((r) => r.id);
  },
});
