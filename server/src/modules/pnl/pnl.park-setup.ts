import { sql } from 'drizzle-orm';
import { registerParkSetup } from '../access/park-setup.ts';
import { writeDefaultChart } from './default-chart.ts';

// Every park starts with the default chart of accounts; parks created before it existed get it at
// the next start.
registerParkSetup({
  name: 'pnl-chart',
  apply: writeDefaultChart,
  async missing(db) {
    const { rows } = await db.execute<{ id: string }>(sql`select p.id from parks p where not exists (select 1 from pnl_accounts a where a.park_id = p.id)`);
    return rows.map((r) => r.id);
  },
});
