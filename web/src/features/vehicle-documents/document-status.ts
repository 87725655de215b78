import type { DocumentStatus } from './vehicle-documents-api.ts';

/** Badge colour and label of a document's state: red once ended, orange while it ends soon. */
export const DOCUMENT_STATUS: Record<DocumentStatus, { label: string; color: string }> = {
  valid: { label: 'Valide', color: 'green' },
  expiring: { label: 'Expire bientôt', color: 'orange' },
  expired: { label: 'Expiré', color: 'red' },
};

/** 'Expire aujourd'hui', '3 jours restants', 'Expiré depuis 2 jours'. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return "Expire aujourd'hui";
  const n = Math.abs(daysLeft);
  const days = `${n} jour${n > 1 ? 's' : ''}`;
  return daysLeft > 0 ? `${days} restant${n > 1 ? 's' : ''}` : `Expiré depuis ${days}`;
}
