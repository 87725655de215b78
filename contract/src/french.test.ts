import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

/**
 * Guards the texts people read (shared/reference/french.md): the spec's wording, spelled right, with a
 * non-breaking space (U+00A0, never the narrow U+202F, so every text is alike) before ! ? ; and the
 * French colon. Scans the catalogues the server answers and the web shows: the error catalogue, the
 * *_MESSAGES, *_SUCCESS, *_TITLE(S) and *_LABELS maps and the permissions' labels.
 */
const CATALOGUE = /^(ErrorCodes|ACTION_PERMISSIONS|TAB_VIEWS|PERMISSION_GROUPS|[A-Z_]+_(MESSAGES|SUCCESS|LABELS?|TITLES?))$/;

/** The mistakes of french.md's left column (and their kind): none may come back. */
const TYPOS: RegExp[] = [
  /aujoud/i, /Paiments/i, /\bProceder\b/i, /\bCreer\b/i, /\bselectionner\b/i, /\bSelectionner\b/, /\bvehicules?\b/i,
  /modèl\b/i, /recheche/i, /correspondant à votre/i, /tout ls/i, /\bdefinis\b/i, /dabord/i, /necessaires/i,
  /\bVerifiez\b/i, /tout les champs/i, /\bpreciser\b/i, /renregistrer/i, /\bspecifier\b/i, /élements/i, /élémént/i,
  /\boperations?\b/i, /Mouvement de fond\b/i, /efectu/i, /\breussi/i, /reusis/i, /suprim/i, /sumprim/i, /\bsuccess\b/i,
  /\bMAJ\b/, /Caisse (ajouté|mis|suprimé)(?![a-zà-ÿ])/, /Recette supprimé(?![a-zà-ÿ])/, /Objectif mise\b/, /Forfait mise\b/,
  /(Chauffeur|Fournisseur) mise à jour/i, /retirer avec/i, /Réchercher/i, /programmé avec/i, /Course (annulé|terminé)(?![a-zà-ÿ])/,
  /programmer une/i, /adresse est requise/i, /Entretien clôturer/i, /Etes vous/i, /\bCategorie\b/i, /ajouter pour/i,
  /au minimum une/i, /Modifier avec/, /^le numéro/, /Invalid hex/i, /Network response/i,
];

function textsOf(value: unknown, path: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => textsOf(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) textsOf(v, `${path}.${k}`, out);
  }
}

/** What is wrong with a text's typography, or null. A colon glued to a word ('HH:mm', 'https:') is code, not French. */
function typography(text: string): string | null {
  if (text.includes('\u202f')) return 'espace fine (U+202F) : utiliser U+00A0 comme partout';
  const bad = /(?:^|[^\u00a0!?])[!?;]|[^\s\u00a0]: | :/.exec(text);
  return bad ? `pas d'espace insécable avant « ${bad[0].trim()} »` : null;
}

const texts: [string, string][] = [];
for (const [name, value] of Object.entries(contract)) if (CATALOGUE.test(name)) textsOf(value, name, texts);
// Codes and technical values that happen to live in these maps are not prose.
const prose = texts.filter(([path, text]) => !/\.(code|path|color)$/.test(path) && /\s/.test(text));

describe('French as Flotte writes it', () => {
  it('scans the catalogues (a renamed map would silently escape this test)', () => {
    expect(prose.length).toBeGreaterThan(300);
    for (const map of ['ErrorCodes', 'SUCCESS_MESSAGES', 'OPERATION_SUCCESS', 'WITHDRAW_MESSAGES', 'RECIPE_PAYMENT_TYPE_LABELS']) {
      expect(texts.some(([path]) => path.startsWith(`${map}.`)), map).toBe(true);
    }
  });

  it("keeps none of the spec's spelling mistakes that french.md corrects", () => {
    const found = prose.flatMap(([path, text]) => TYPOS.filter((t) => t.test(text)).map((t) => `${path}: ${JSON.stringify(text)} (${t})`));
    expect(found).toEqual([]);
  });

  it('puts a non-breaking space before ! ? ; and the colon', () => {
    const found = prose.flatMap(([path, text]) => {
      const problem = typography(text);
      return problem ? [`${path}: ${JSON.stringify(text)} (${problem})`] : [];
    });
    expect(found).toEqual([]);
  });

  it('tells apart a French colon from code', () => {
    expect(typography('Opération réussie\u00a0!')).toBeNull();
    expect(typography('Format attendu yyyy-MM-ddTHH:mm:ss')).toBeNull();
    expect(typography('Opération réussie!')).not.toBeNull();
    expect(typography('Opération réussie !')).not.toBeNull();
    expect(typography('Objectif atteint : payé')).not.toBeNull();
    expect(typography('Objectif atteint: payé')).not.toBeNull();
    expect(typography('Montant\u202f:')).not.toBeNull();
  });
});
