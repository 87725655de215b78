/** Every table, gathered for drizzle-kit. Each module owns and defines its own. */
export * from '../../modules/access/access.tables.ts';
export * from '../../modules/dev/outbox.tables.ts';
export * from '../../modules/files/files.tables.ts';
