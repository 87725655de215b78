import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { instalmentState } from '@flotte/contract/contract-schedule';
import { CONTRACT_STATUS_LABELS, INSTALMENT_STATE_LABELS, type TContractStatus, type TContractType, type TInstalmentStatus, type TPaymentFrequency } from '@flotte/contract/contracts';
import { contractClauses } from './contract-clauses.ts';
import { NBSP, formatDay, formatInstant, formatMoney } from './contract-format.ts';

/**
 * The contract's PDF as a pdfmake document definition, from a snapshot of everything it prints.
 * Pure (no database, no clock, no files): the service reads the snapshot, contract-pdf.ts renders.
 * Everything here is read by the parties, so it is French, with amounts and dates as the app shows
 * them and the park's wall-clock time for instants.
 */

export interface ContractParty {
  name: string;
  phone: string | null;
  address?: string | null;
  idNumber?: string | null;
}

export interface ContractSnapshot {
  reference: string;
  /** The version this document is (printed in the footer). */
  version: number;
  contractType: TContractType;
  /** The park's vehicle contract type (Location-vente ...), when one was chosen. */
  typeName: string | null;
  status: TContractStatus;
  currency: string;
  timeZone: string;
  /** When the document is made, and the park's day then (the schedule's states read from it). */
  generatedAt: Date;
  today: string;
  park: {
    name: string;
    address: string | null;
    phone: string | null;
    legalNotice: string | null;
    /** A PNG/JPEG as a data URL, or an SVG's text; null without a logo we hold. */
    logo: { kind: 'image'; dataUrl: string } | { kind: 'svg'; svg: string } | null;
  };
  /** PARTNER: who is paid; DRIVER: the vehicle's owner when the contract was made (may be null). */
  owner: ContractParty | null;
  /** DRIVER: who buys the vehicle. */
  driver: ContractParty | null;
  vehicle: { registration: string; brand: string; model: string; colour: string; chassis: string | null };
  amounts: {
    /** Minor units. */
    total: number;
    perInstalment: number;
    totalPaid: number;
    remaining: number;
    frequency: TPaymentFrequency;
    startDate: string;
    endDate: string;
    startTime: string | null;
    nextDueDate: string | null;
  };
  instalments: { seq: number; dueDate: string; dueTime: string | null; amount: number; paidAmount: number; status: TInstalmentStatus }[];
  clauses: string | null;
  description: string | null;
  signatures: { signerName: string; profileLabel: string | null; signedAt: Date; documentVersion: number }[];
  cancelled: { at: Date; reason: string | null } | null;
}

/** Past this many instalments (hourly contracts), the table shows the first and last ones only. */
export const SCHEDULE_ROWS_SHOWN = 400;
const SCHEDULE_HEAD = 300;
const SCHEDULE_TAIL = 50;

export const FREQUENCY_ADJECTIVES: Record<TPaymentFrequency, string> = {
  hourly: 'horaire',
  daily: 'quotidienne',
  weekly: 'hebdomadaire',
  monthly: 'mensuelle',
  quarterly: 'trimestrielle',
  half_yearly: 'semestrielle',
  annual: 'annuelle',
};

const TITLES: Record<TContractType, string> = {
  PARTNER: 'Contrat de mise à disposition de véhicule',
  DRIVER: 'Contrat de location-vente de véhicule',
};

function section(title: string): Content {
  return { text: title, style: 'section' };
}

/** Label / value rows without borders. */
function facts(rows: [string, string | null | undefined][]): Content {
  const body = rows.filter(([, v]) => v).map(([k, v]) => [{ text: k, style: 'label' }, { text: v as string }]);
  return { table: { widths: [150, '*'], body }, layout: 'noBorders', margin: [0, 0, 0, 4] };
}

function partyBlock(title: string, p: ContractParty | null, empty: string): Content {
  if (!p) return { stack: [{ text: title, style: 'label' }, { text: empty, italics: true }] };
  return {
    stack: [
      { text: title, style: 'label' },
      { text: p.name, bold: true },
      ...(p.address ? [{ text: p.address }] : []),
      { text: `Téléphone${NBSP}: ${p.phone || 'non renseigné'}` },
      ...(p.idNumber ? [{ text: `CNI n°${NBSP}${p.idNumber}` }] : []),
    ],
  };
}

/**
 * An uploaded SVG logo is the park's text: an <image href="/some/path.png"> in it would make the
 * SVG renderer read that file from our disk (another park's upload) into the PDF. Only images
 * embedded in the SVG itself are drawn; any other link opens nothing.
 */
export function embeddedOnly(link: string): string {
  const v = link.replace(/\s+/g, '');
  return /^data:image\/(png|jpe?g);base64,/i.test(v) ? v : '';
}

/** pdfmake passes `options` to the SVG renderer; its typings do not declare them. */
function svgLogo(svg: string): Content {
  const node = { svg, fit: [90, 60] as [number, number], options: { imageCallback: embeddedOnly } };
  return node as Content;
}

/** The park's letterhead of every document the park hands out (contracts, purchase orders): its logo, name, address and phone. */
export function parkHeader(park: ContractSnapshot['park']): Content {
  const parkLines: Content[] = [
    { text: park.name, style: 'parkName' },
    ...(park.address ? [{ text: park.address }] : []),
    ...(park.phone ? [{ text: `Téléphone${NBSP}: ${park.phone}` }] : []),
  ];
  const logo: Content | null = park.logo?.kind === 'image' ? { image: park.logo.dataUrl, fit: [90, 60] } : park.logo?.kind === 'svg' ? svgLogo(park.logo.svg) : null;
  return {
    columns: logo ? [{ width: 100, stack: [logo] }, { width: '*', stack: parkLines }] : [{ width: '*', stack: parkLines }],
    columnGap: 10,
    margin: [0, 0, 0, 12],
  };
}

function schedule(s: ContractSnapshot): Content {
  const money = (v: number) => formatMoney(v, s.currency);
  const rows = s.instalments;
  const shown = rows.length > SCHEDULE_ROWS_SHOWN ? [...rows.slice(0, SCHEDULE_HEAD), null, ...rows.slice(-SCHEDULE_TAIL)] : rows;
  const hidden = rows.slice(SCHEDULE_HEAD, rows.length - SCHEDULE_TAIL);
  const body: TableCell[][] = [[
    { text: 'N°', style: 'th' },
    { text: "Date d'échéance", style: 'th' },
    { text: 'Montant', style: 'th', alignment: 'right' },
    { text: 'Statut', style: 'th' },
  ]];
  for (const i of shown) {
    if (!i) {
      const sum = hidden.reduce((a, h) => a + h.amount, 0);
      body.push([{ text: `… ${hidden.length} échéances non détaillées ici, pour un total de ${money(sum)}`, colSpan: 4, italics: true }, {}, {}, {}]);
      continue;
    }
    const state = instalmentState(i, s.today, { signed: s.status !== 'PENDING' });
    const status = state === 'partially' ? `${INSTALMENT_STATE_LABELS[state]} (${money(i.paidAmount)})` : INSTALMENT_STATE_LABELS[state];
    body.push([
      { text: String(i.seq) },
      { text: i.dueTime ? `${formatDay(i.dueDate)} ${i.dueTime}` : formatDay(i.dueDate) },
      { text: money(i.amount), alignment: 'right' },
      { text: status },
    ]);
  }
  if (rows.length === 0) body.push([{ text: 'Aucune échéance', colSpan: 4, italics: true }, {}, {}, {}]);
  return { table: { headerRows: 1, widths: [35, 110, 110, '*'], body }, layout: 'lightHorizontalLines', fontSize: 9 };
}

function signatures(s: ContractSnapshot): Content {
  if (s.signatures.length === 0) return { text: 'Non signé', bold: true, margin: [0, 0, 0, 6] };
  const body: TableCell[][] = [[
    { text: 'Signataire', style: 'th' },
    { text: 'Profil', style: 'th' },
    { text: 'Date', style: 'th' },
    { text: 'Version signée', style: 'th' },
  ]];
  for (const sig of s.signatures) {
    body.push([
      { text: sig.signerName },
      { text: sig.profileLabel ?? '—' },
      { text: formatInstant(sig.signedAt, s.timeZone) },
      { text: `Version ${sig.documentVersion}` },
    ]);
  }
  return { table: { headerRows: 1, widths: ['*', 90, 110, 80], body }, layout: 'lightHorizontalLines', fontSize: 9, margin: [0, 0, 0, 6] };
}

export function buildContractDocument(s: ContractSnapshot): TDocumentDefinitions {
  const money = (v: number) => formatMoney(v, s.currency);
  const a = s.amounts;
  const isDriver = s.contractType === 'DRIVER';
  const counterpart = isDriver
    ? partyBlock('Le chauffeur (acheteur)', s.driver, 'Chauffeur non renseigné')
    : partyBlock('Le propriétaire du véhicule', s.owner, 'Propriétaire non renseigné');
  const content: Content[] = [
    parkHeader(s.park),
    { text: TITLES[s.contractType], style: 'title' },
    { text: `Référence ${s.reference} · version ${s.version}`, alignment: 'center', margin: [0, 0, 0, 2] },
    {
      text: `Statut${NBSP}: ${CONTRACT_STATUS_LABELS[s.status]}${s.typeName ? ` · Type${NBSP}: ${s.typeName}` : ''} · Document généré le ${formatInstant(s.generatedAt, s.timeZone)}`,
      alignment: 'center',
      fontSize: 9,
      color: '#555555',
      margin: [0, 0, 0, 10],
    },
    section('Les parties'),
    {
      columns: [partyBlock(isDriver ? 'Le parc (vendeur)' : 'Le parc (exploitant)', { name: s.park.name, phone: s.park.phone, address: s.park.address }, ''), counterpart],
      columnGap: 20,
      margin: [0, 0, 0, 4],
    },
    ...(isDriver && s.owner ? [{ text: `Propriétaire du véhicule à la signature${NBSP}: ${s.owner.name}${s.owner.phone ? ` (${s.owner.phone})` : ''}`, fontSize: 9, margin: [0, 0, 0, 4] } as Content] : []),
    section('Le véhicule'),
    facts([
      ['Immatriculation', s.vehicle.registration],
      ['Marque', s.vehicle.brand],
      ['Modèle', s.vehicle.model],
      ['Couleur', s.vehicle.colour],
      ['Numéro de châssis', s.vehicle.chassis || 'non renseigné'],
    ]),
    section('Les montants'),
    facts([
      [isDriver ? 'Prix total du véhicule' : 'Montant total', money(a.total)],
      [isDriver ? 'Montant par échéance' : 'Montant par période', money(a.perInstalment)],
      ['Fréquence de paiement', FREQUENCY_ADJECTIVES[a.frequency]],
      ["Nombre d'échéances", String(s.instalments.length)],
      ['Date de début', formatDay(a.startDate)],
      ['Date de fin', formatDay(a.endDate)],
      ['Heure des échéances', a.frequency === 'hourly' && a.startTime ? `à partir de ${a.startTime}` : null],
      ['Déjà payé', money(a.totalPaid)],
      ['Reste à payer', money(a.remaining)],
      ['Prochaine échéance', a.nextDueDate ? formatDay(a.nextDueDate) : null],
    ]),
    ...(s.description ? [{ text: s.description, italics: true, margin: [0, 0, 0, 4] } as Content] : []),
    ...(s.cancelled
      ? [{ text: `Contrat annulé le ${formatInstant(s.cancelled.at, s.timeZone)}${s.cancelled.reason ? `${NBSP}: ${s.cancelled.reason}` : ''}`, bold: true, color: '#b00020', margin: [0, 0, 0, 4] } as Content]
      : []),
    section("L'échéancier"),
    schedule(s),
    section('Les clauses'),
    // Ragged right, not justified: pdfmake may break a line after a hyphen, and justifying then spreads 'ci-dessus' apart.
    ...contractClauses(s).map((c, n): Content => ({ stack: [{ text: `Article ${n + 1} – ${c.title}`, bold: true }, { text: c.text }], margin: [0, 0, 0, 6], unbreakable: true })),
    ...(s.clauses?.trim()
      ? [{ stack: [{ text: 'Clauses particulières', bold: true }, { text: s.clauses.trim() }], margin: [0, 0, 0, 6] } as Content]
      : []),
    section('Signatures'),
    signatures(s),
    {
      columns: [
        { stack: [{ text: `Pour le parc ${s.park.name}`, bold: true }, { text: 'Lu et approuvé, signature', fontSize: 8, color: '#555555' }] },
        { stack: [{ text: isDriver ? 'Le chauffeur' : 'Le propriétaire', bold: true }, { text: 'Lu et approuvé, signature', fontSize: 8, color: '#555555' }] },
      ],
      columnGap: 20,
      margin: [0, 6, 0, 40],
      unbreakable: true,
    },
    ...(s.park.legalNotice?.trim() ? [section('Mentions légales'), { text: s.park.legalNotice.trim(), fontSize: 8, color: '#444444' } as Content] : []),
  ];
  return {
    info: { title: `Contrat ${s.reference} (version ${s.version})`, author: s.park.name, subject: TITLES[s.contractType] },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 15, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
      parkName: { fontSize: 13, bold: true },
      section: { fontSize: 12, bold: true, margin: [0, 10, 0, 4], color: '#1a3c6e' },
      label: { bold: true, color: '#333333' },
      th: { bold: true, fillColor: '#eef2f7' },
    },
    footer: (page: number, pages: number): Content => ({
      text: `Contrat ${s.reference} · version ${s.version} · page ${page} sur ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#555555',
      margin: [40, 20, 40, 0],
    }),
    content,
  };
}
