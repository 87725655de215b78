import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';

// The embedded engine serves one PGlite session to every pool connection. Each query must still
// run with its own parameters and get its own rows, even next to an open transaction.
let d: Database;
const ID = '01a20337-e230-70ca-ba60-421141669435';

beforeAll(async () => {
  d = await openDatabase({ poolMax: 5 });
  await d.pool.query('create table t (id uuid primary key, n int)');
  await d.pool.query('insert into t values ($1, 1)', [ID]);
}, 60_000);
afterAll(() => d?.close());

function mixedQueries(count: number) {
  return Array.from({ length: count }, (_, i) =>
    i % 2
      ? d.pool.query('select id from t where id = $1 limit $2', [ID, 1]).then((r) => r.rows[0]?.id === ID)
      : d.pool.query('select $1::int + $2::int as s', [i, 100]).then((r) => r.rows[0]?.s === i + 100),
  );
}

it('answers each of many simultaneous queries with its own result', async () => {
  for (let round = 0; round < 20; round++) {
    expect(await Promise.all(mixedQueries(10))).toEqual(Array(10).fill(true));
  }
});

it('keeps queries apart while another connection holds a transaction', async () => {
  for (let round = 0; round < 20; round++) {
    const c = await d.pool.connect();
    const tx = (async () => {
      await c.query('begin');
      await c.query('update t set n = n + $1', [1]);
      await new Promise((r) => setTimeout(r, 3));
      await c.query('select n from t where n > $1', [0]);
      await c.query('commit');
    })().finally(() => c.release());
    const answers = await Promise.all(mixedQueries(4));
    await tx;
    expect(answers).toEqual([true, true, true, true]);
  }
});
