/** Every table, gathered for drizzle-kit. Each module owns and defines its own. */
export * from '../../modules/access/access.tables.ts';
export * from '../../modules/dev/outbox.tables.ts';
export * from '../../modules/files/files.tables.ts';
export * from '../../modules/catalog/catalog.tables.ts';
export * from '../../modules/owners/owners.tables.ts';
export * from '../../modules/drivers/drivers.tables.ts';
export * from '../../modules/vehicles/vehicles.tables.ts';
export * from '../../modules/ledger/ledger.tables.ts';
export * from '../../modules/pnl/pnl.tables.ts';
export * from '../../modules/withdrawals/withdrawals.tables.ts';
export * from '../../modules/treasury/treasury.tables.ts';
export * from '../../modules/operations/operations.tables.ts';
export * from '../idempotency/idempotency.tables.ts';
export * from '../../modules/operations/operation-totals.tables.ts';
