import { referencedFiles, registerResetOption } from '../park/reset-registry.ts';
import { deleteParkFileRows, fileIdOfPath, unlinkStored } from './park-uploads.ts';

// What the files module lets "reset the account" wipe. Imported once at startup (app.ts).

registerResetOption({
  code: 'files',
  label: 'Fichiers',
  description: "Supprime les fichiers téléversés qui ne servent plus (anciennes photos, pièces, factures) ; le logo, les photos de profil et ce que le parc affiche encore sont conservés.",
  order: 90,
  async reset(tx, parkId, ctx) {
    // Read now, inside the transaction: options that ran before (vehicles ...) freed their files.
    const stillShown = (await referencedFiles(tx, parkId)).map(fileIdOfPath).filter((id): id is string => !!id);
    const paths = await deleteParkFileRows(tx, parkId, new Set([...ctx.keepFileIds, ...stillShown]));
    ctx.afterCommit(() => unlinkStored(ctx.storage, paths));
  },
});
