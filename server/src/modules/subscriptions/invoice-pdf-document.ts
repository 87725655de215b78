import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { ACCOUNT_TYPE_LABELS, type TAccountType } from '@flotte/contract';
import { parkHeader } from '../contracts/contract-document.ts';
import { NBSP, formatDay, formatInstant, formatMoney } from '../contracts/contract-format.ts';

/**
 * A subscription invoice ('Facture', issue 23) as a pdfmake document definition, from a snapshot
 * of what it prints. Pure (no database, no clock, no files): invoice-pdf.ts reads the snapshot and
 * renders it with the contracts' renderer, fonts and amount formats. The seller is the platform
 * (its operator's identity), the buyer the park. French throughout; days in the park's calendar.
 */

export interface InvoiceSnapshot {
  number: string;
  /** 'Souscription', 'Ajout de véhicules' ... */
  kindLabel: string;
  /** 'Premium mensuel'. */
  planLabel: string;
  applicationType: TAccountType;
  vehicleNumber: number;
  currency: string;
  timeZone: string;
  createdAt: Date;
  generatedAt: Date;
  /** yyyy-MM-dd, inclusive. */
  periodStart: string;
  periodEnd: string;
  /** Minor units. */
  lines: { label: string; quantity: number; unitPrice: number; amount: number }[];
  amount: number;
  offer: string | null;
  status:
    | { kind: 'paid'; paidAt: Date; payinId: string | null; providerRef: string | null }
    | { kind: 'unpaid'; validUntil: string }
    | { kind: 'expired'; validUntil: string };
  seller: { legalName: string; address: string; email: string; phone: string | null; taxId: string | null };
  buyer: {
    name: string;
    /** 'Douala, Cameroun'. */
    address: string | null;
    phone: string | null;
    ownerName: string | null;
    ownerEmail: string | null;
    logo: { kind: 'image'; dataUrl: string } | { kind: 'svg'; svg: string } | null;
  };
}

function section(title: string): Content {
  return { text: title, style: 'section' };
}

/** 'Payée le 26/11/2026', 'À payer au plus tard le 26/11/2026' or 'Devis expiré'. */
export function invoiceStatusText(s: InvoiceSnapshot): string {
  if (s.status.kind === 'paid') return `Payée le ${formatInstant(s.status.paidAt, s.timeZone).slice(0, 10)}`;
  // valid_until is the last day a payment may start: 'avant le' would read as the day before.
  if (s.status.kind === 'unpaid') return `À payer au plus tard le ${formatDay(s.status.validUntil)}`;
  return `Devis expiré le ${formatDay(s.status.validUntil)}${NBSP}: recommencez pour obtenir le montant du jour`;
}

function sellerBlock(s: InvoiceSnapshot['seller']): Content {
  return {
    stack: [
      { text: 'Vendeur', style: 'label' },
      { text: s.legalName, bold: true },
      { text: s.address },
      { text: `E-mail${NBSP}: ${s.email}` },
      ...(s.phone ? [{ text: `Téléphone${NBSP}: ${s.phone}` }] : []),
      ...(s.taxId ? [{ text: `N° contribuable${NBSP}: ${s.taxId}` }] : []),
    ],
  };
}

function buyerBlock(b: InvoiceSnapshot['buyer']): Content {
  const owner: Content[] = [
    ...(b.ownerName ? [{ text: `Propriétaire${NBSP}: ${b.ownerName}` }] : []),
    ...(b.ownerEmail ? [{ text: `E-mail${NBSP}: ${b.ownerEmail}` }] : []),
  ];
  return {
    stack: [
      { text: 'Client', style: 'label' },
      parkHeader({ name: b.name, address: b.address, phone: b.phone, legalNotice: null, logo: b.logo }),
      ...(owner.length ? [{ stack: owner, margin: [0, -12, 0, 0] } as Content] : []),
    ],
  };
}

function linesTable(s: InvoiceSnapshot): Content {
  const money = (v: number) => formatMoney(v, s.currency);
  const body: TableCell[][] = [
    [
      { text: 'Désignation', style: 'th' },
      { text: 'Quantité', style: 'th', alignment: 'right' },
      { text: 'Prix unitaire', style: 'th', alignment: 'right' },
      { text: 'Montant', style: 'th', alignment: 'right' },
    ],
    ...s.lines.map((l): TableCell[] => [
      { text: l.label },
      { text: l.quantity.toLocaleString('fr-FR').replace(/[\u202f ]/g, NBSP), alignment: 'right' },
      { text: money(l.unitPrice), alignment: 'right' },
      { text: money(l.amount), alignment: 'right' },
    ]),
    [{ text: 'Total', bold: true, colSpan: 3 }, {}, {}, { text: money(s.amount), bold: true, alignment: 'right' }],
  ];
  return { table: { headerRows: 1, widths: ['*', 60, 90, 90], body }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 6] };
}

/** Label / value rows without borders; empty values are left out. */
function facts(rows: [string, string | null | undefined][]): Content {
  const body = rows.filter(([, v]) => v).map(([k, v]) => [{ text: k, style: 'label' }, { text: v as string }]);
  return { table: { widths: [150, '*'], body }, layout: 'noBorders', margin: [0, 0, 0, 4] };
}

export function buildInvoicePdf(s: InvoiceSnapshot): TDocumentDefinitions {
  const paid = s.status.kind === 'paid' ? s.status : null;
  const content: Content[] = [
    { text: `Facture N°${NBSP}${s.number}`, style: 'title' },
    {
      text: `Date${NBSP}: ${formatInstant(s.createdAt, s.timeZone).slice(0, 10)} · ${s.kindLabel}`,
      alignment: 'center',
      fontSize: 9,
      color: '#555555',
      margin: [0, 0, 0, 12],
    },
    { columns: [sellerBlock(s.seller), buyerBlock(s.buyer)], columnGap: 20, margin: [0, 0, 0, 6] },
    section("L'abonnement"),
    facts([
      ['Forfait', `${s.planLabel} · ${`compte ${ACCOUNT_TYPE_LABELS[s.applicationType].toLowerCase()}`}`],
      ['Période couverte', `Du ${formatDay(s.periodStart)} au ${formatDay(s.periodEnd)}`],
      ['Véhicules couverts', String(s.vehicleNumber)],
      ['Offre', s.offer],
    ]),
    section('Le détail'),
    linesTable(s),
    section('Le règlement'),
    { text: invoiceStatusText(s), bold: true, fontSize: 12, color: paid ? '#1b6e2a' : '#8a1c1c', margin: [0, 0, 0, 4] },
    facts([
      ['Mode de paiement', 'Mobile money'],
      ['Référence du paiement', paid?.payinId],
      ["Référence de l'opérateur", paid?.providerRef],
    ]),
  ];
  return {
    info: { title: `Facture ${s.number}`, author: s.seller.legalName, subject: 'Facture' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
      parkName: { fontSize: 11, bold: true },
      section: { fontSize: 12, bold: true, margin: [0, 10, 0, 4], color: '#1a3c6e' },
      label: { bold: true, color: '#333333' },
      th: { bold: true, color: '#333333' },
    },
    footer: (page: number, pages: number): Content => ({
      text: `Facture ${s.number} · ${s.seller.legalName} · générée le ${formatInstant(s.generatedAt, s.timeZone)} · page ${page} sur ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#555555',
      margin: [40, 20, 40, 0],
    }),
    content,
  };
}
