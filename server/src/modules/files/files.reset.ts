import { registerResetOption } from '../park/reset-registry.ts';
import { deleteParkFileRows, unlinkStored } from './park-uploads.ts';

// What the files module lets "reset the account" wipe. Imported once at startup (app.ts).

registerResetOption({
  code: 'files',
  label: 'Fichiers',
  description: "Supprime les fichiers téléversés (photos, documents, factures), sauf le logo de l'entreprise et les photos de profil.",
  order: 90,
  async reset(tx, parkId, ctx) {
    const paths = await deleteParkFileRows(tx, parkId, ctx.keepFileIds);
    ctx.afterCommit(() => unlinkStored(ctx.dataDir, paths));
  },
});
