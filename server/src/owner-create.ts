import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { applyMigrations } from './platform/db/migrate.ts';
import { copyPgliteTemplate } from './platform/db/pglite-template.ts';
import { createNotifier } from './platform/notifier/notifier.ts';
import { notifierConfigFromEnv } from './platform/notifier/notifier.config.ts';
import { outboxStore } from './modules/dev/outbox.service.ts';
import { ContactTakenError, createOwnerFromCommand, howToSignIn, parseOwnerCommand } from './modules/onboarding/owner-create.ts';
import './modules/registrations.ts';

const USAGE = `Crée un propriétaire et son parc, puis lui envoie son invitation.

  npm run owner:create -- --email awa@exemple.cm --phone +237690000000 --park "Taxis Awa" --country CM
      [--city Douala] [--first-name Awa] [--last-name Ndiaye] [--type particulier|professionnel] [--company "Awa SARL"]

--country : CM, CI, CD, SN ou TG. Il faut --email ou --phone (ou les deux).
La base est celle de DATABASE_URL, sinon la base embarquée de DATA_DIR (arrêtez d'abord le serveur qui l'utilise).`;

/** `npm run owner:create`: see modules/onboarding/owner-create.ts. Exit 0 created, 1 refused, 2 bad arguments. */
async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      options: Object.fromEntries(
        ['email', 'phone', 'park', 'country', 'city', 'first-name', 'last-name', 'type', 'company'].map((k) => [k, { type: 'string' as const }]),
      ) as Record<string, { type: 'string' }>,
      strict: true,
    }).values;
  } catch (err) {
    const unknown = /'(--?[^']+)'/.exec((err as Error).message)?.[1];
    console.error(`${unknown ? `Option inconnue ou incomplète : ${unknown}` : 'Arguments invalides'}\n\n${USAGE}`);
    return 2;
  }
  const parsed = parseOwnerCommand(values as Record<string, string | undefined>);
  if (!parsed.ok) {
    console.error(`${parsed.errors.join('\n')}\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const pgliteDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite');
  if (pgliteDir) copyPgliteTemplate(pgliteDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  try {
    await applyMigrations(database);
    const notifier = createNotifier(notifierConfigFromEnv(process.env, config.demo), {
      outboxStore: outboxStore(database.db),
      log: { info: () => undefined },
    });
    const created = await createOwnerFromCommand(database.db, notifier, parsed.value, config.publicUrl);
    console.log(howToSignIn(created, parsed.value, config.publicUrl));
    return 0;
  } catch (err) {
    if (err instanceof ContactTakenError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('Échec de la création du propriétaire :', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
