import { lockPgliteDir } from './pglite-lock.ts';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { keepProtocolSequencesTogether } from './pglite-sequences.ts';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * One database API for both engines: the app always talks node-postgres. With DATABASE_URL it is a
 * PostgreSQL server; without, an embedded PGlite is served on a loopback port by pglite-socket,
 * whose multiplexer keeps each transaction on its own connection. pg-boss uses the same URL.
 */
export type Db = NodePgDatabase;
/** The handle a `db.transaction(...)` callback receives: every query on it runs in that transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Connection string other clients (pg-boss) can use. */
  url: string;
  engine: 'postgres' | 'pglite';
  /** The embedded instance, when there is one (tests dump it as a template). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Data folder of the embedded database; omitted means in memory. */
  pgliteDir?: string;
  /** An existing PGlite instance (tests load one from a template dump). */
  pglite?: PGlite;
  poolMax?: number;
  log?: { error(obj: object, msg: string): void };
}

/**
 * Column types: bigint (money in minor units) and numeric come back as strings by default; we read
 * bigint as a JS number, safe up to 2^53 minor units, far beyond any park's money.
 */
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Extensions loaded into every embedded database. None today: the trigram search indexes are
 * created only where pg_trgm is available (a PostgreSQL server), see migration 0003.
 */
export const PGLITE_EXTENSIONS = {};

/**
 * PGlite's start options, plus a smaller buffer cache. Its initdb sets PostgreSQL's shared_buffers
 * to 128 MB, and the WebAssembly build fills that memory at every start: 128 MB of the server's
 * resident memory before any query. 32 MB holds the demo park's whole database (23 MB) and the
 * operating system caches the data folder beyond it (production runs on PostgreSQL, whose own
 * settings are untouched).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Pools whose connections all share one database session: pglite-socket multiplexes every
 * connection onto the single PGlite instance. Named prepared statements live in the session, so
 * there two connections preparing the same name collide ("prepared statement already exists").
 */
const singleSessionPools = new WeakSet<object>();

/** Whether named prepared statements are safe on this client (a PostgreSQL server: yes). */
export function supportsNamedStatements(client: object): boolean {
  return !singleSessionPools.has(client);
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const poolMax = opts.poolMax ?? 10;
  let url: string;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let engine: Database['engine'] = 'postgres';
  let embedded: PGlite | undefined;

  if (opts.databaseUrl) {
    url = opts.databaseUrl;
  } else {
    engine = 'pglite';
    const unlock = opts.pgliteDir && !opts.pglite ? await lockPgliteDir(opts.pgliteDir) : () => undefined;
    const pglite =
      opts.pglite ??
      (await PGlite.create({ ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}), extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS }));
    embedded = pglite;
    const server = new PGLiteSocketServer({
      db: pglite,
      host: '127.0.0.1',
      port: 0,
      // Pool connections plus pg-boss's own, with room to spare.
      maxConnections: poolMax + 10,
    });
    keepProtocolSequencesTogether(server);
    await server.start();
    // pglite-socket reports the configured port (0); the real one is on its net.Server.
    const listening = (server as unknown as { server: import('node:net').Server }).server.address();
    const port = typeof listening === 'object' && listening ? listening.port : 0;
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    stopEmbedded = async () => {
      await server.stop();
      await pglite.close();
      unlock();
    };
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    idleTimeoutMillis: 30_000,
    // PostgreSQL's default random_page_cost (4) prices an index read as a spinning disk's seek; on
    // SSD or a cached database that makes the planner scan a whole table rather than read a trigram
    // index (a search in a 25,000-driver park: 8 ms instead of 1.5). 1.1 is the usual SSD setting.
    // Sent with the connection's startup packet: no extra round trip. PGlite keeps its defaults.
    ...(engine === 'postgres' ? { options: '-c random_page_cost=1.1' } : {}),
  });
  // An idle client's error (server restart, socket closed) must not crash the process.
  pool.on('error', (err) => opts.log?.error({ err }, 'idle database client error'));
  if (engine === 'pglite') singleSessionPools.add(pool);
  const db = drizzle(pool);

  return {
    db,
    pool,
    url,
    engine,
    pglite: embedded,
    async close() {
      await pool.end().catch(() => undefined);
      await stopEmbedded?.();
    },
  };
}
