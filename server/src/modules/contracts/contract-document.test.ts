import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { buildContractDocument, SCHEDULE_ROWS_SHOWN, type ContractSnapshot } from './contract-document.ts';
import { renderPdf } from './contract-pdf.ts';
import { formatDay, formatInstant, formatMoney } from './contract-format.ts';

const snapshot = (over: Partial<ContractSnapshot> = {}): ContractSnapshot => ({
  reference: 'C-2026-0007',
  version: 3,
  contractType: 'PARTNER',
  typeName: null,
  status: 'PENDING',
  currency: 'XAF',
  timeZone: 'Africa/Douala',
  generatedAt: new Date('2026-03-01T07:30:00Z'),
  today: '2026-03-01',
  park: { name: 'Wouri Cabs', address: 'Douala, Cameroun', phone: null, legalNotice: null, logo: null },
  owner: { name: 'Fotso Paul', phone: '+237690001122' },
  driver: null,
  vehicle: { registration: 'LT-123-AB', brand: 'Toyota', model: 'Corolla', colour: 'Blanc', chassis: null },
  amounts: { total: 3000, perInstalment: 1000, totalPaid: 0, remaining: 3000, frequency: 'hourly', startDate: '2026-03-01', endDate: '2026-03-01', startTime: '08:00', nextDueDate: '2026-03-01' },
  instalments: [1, 2, 3].map((seq) => ({ seq, dueDate: '2026-03-01', dueTime: `${String(7 + seq).padStart(2, '0')}:00`, amount: 1000, paidAmount: 0, status: 'due' as const })),
  clauses: null,
  description: null,
  signatures: [],
  cancelled: null,
  ...over,
});

const flat = (t: string) => t.replace(/\s+/g, ' ');

describe('how the contract document writes amounts and dates', () => {
  it('groups thousands the French way with the currency code, decimals only where the currency has them', () => {
    expect(formatMoney(1_500_000, 'XAF')).toBe('1\u00a0500\u00a0000\u00a0XAF');
    expect(formatMoney(123_456, 'EUR')).toBe('1\u00a0234,56\u00a0EUR');
    expect(formatMoney(120_000, 'EUR')).toBe('1\u00a0200\u00a0EUR');
    expect(formatDay('2028-02-29')).toBe('29/02/2028');
    expect(formatInstant(new Date('2026-03-01T23:30:00Z'), 'Africa/Douala')).toBe('02/03/2026 à 00:30');
  });
});

describe('the document definition', () => {
  it('prints an hourly schedule with its hours, and a cancelled contract says so', async () => {
    const text = flat(await pdfText(await renderPdf(buildContractDocument(snapshot({ status: 'CANCELLED', cancelled: { at: new Date('2026-03-02T09:00:00Z'), reason: 'Véhicule vendu' } })))));
    expect(text).toContain('Contrat de mise à disposition de véhicule');
    expect(text).toContain('Fréquence de paiement horaire');
    expect(text).toContain('Heure des échéances à partir de 08:00');
    expect(text).toContain('2 01/03/2026 09:00 1 000 XAF');
    expect(text).toContain('Statut : Annulé');
    expect(text).toContain('Contrat annulé le 02/03/2026 à 10:00 : Véhicule vendu');
    expect(text).toMatch(/Contrat C-2026-0007 · version 3 · page 1 sur \d/);
  });

  it('shows the first and last instalments of a very long schedule, and what it leaves out', () => {
    const n = SCHEDULE_ROWS_SHOWN + 500;
    const instalments = Array.from({ length: n }, (_, i) => ({ seq: i + 1, dueDate: '2026-03-01', dueTime: '08:00', amount: 1000, paidAmount: 0, status: 'due' as const }));
    const json = JSON.stringify(buildContractDocument(snapshot({ instalments })).content);
    expect(json).toContain(`"text":"${n}"`);
    expect(json).toContain(`… ${n - 350} échéances non détaillées ici, pour un total de ${formatMoney((n - 350) * 1000, 'XAF')}`);
    expect(json).not.toContain('"text":"301"');
  });

  it("never reads a file from the server's disk through an SVG logo's image link", async () => {
    // A real image on disk (another park's upload, say), then a logo that links to it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'flotte-svg-'));
    const onDisk = path.join(dir, 'secret.png');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    writeFileSync(onDisk, png);
    const svg = (href: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="${href}" x="0" y="0" width="10" height="10"/></svg>`;
    const pdf = (href: string) => renderPdf(buildContractDocument(snapshot({ park: { ...snapshot().park, logo: { kind: 'svg', svg: svg(href) } } })));
    expect((await pdf(onDisk)).includes('/Subtype /Image')).toBe(false);
    // An image embedded in the SVG itself is drawn.
    expect((await pdf(`data:image/png;base64,${png.toString('base64')}`)).includes('/Subtype /Image')).toBe(true);
  });
});
