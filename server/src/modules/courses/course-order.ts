import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { COURSE_STATUS_LABELS, type TCourseStatus } from '@flotte/contract/courses';
import { formatDistance, formatDuration, type TRouteSource } from '@flotte/contract/geo';
import { parkHeader } from '../contracts/contract-document.ts';
import { NBSP, formatInstant, formatMoney } from '../contracts/contract-format.ts';

/**
 * The purchase order ('Bon de commande', issue 20 section 4) as a pdfmake document definition,
 * from a snapshot of what it prints. Pure (no database, no clock, no files): course-order-pdf.ts
 * reads the snapshot and renders it with the contracts' renderer, fonts and amount formats, so both
 * documents look alike. French throughout; instants in the park's wall-clock time.
 */

export interface CourseOrderAddress {
  name: string;
  description: string | null;
  lat: number;
  lng: number;
}

export interface CourseOrderSnapshot {
  reference: string;
  status: TCourseStatus;
  currency: string;
  timeZone: string;
  /** When the order was booked (its date) and when this PDF is made. */
  createdAt: Date;
  generatedAt: Date;
  park: {
    name: string;
    address: string | null;
    phone: string | null;
    legalNotice: string | null;
    logo: { kind: 'image'; dataUrl: string } | { kind: 'svg'; svg: string } | null;
  };
  client: { name: string; businessName: string | null; niu: string | null; rccm: string | null; phone: string; email: string | null };
  contact: { name: string; phone: string; email: string | null } | null;
  start: CourseOrderAddress;
  end: CourseOrderAddress;
  startDate: Date;
  endDate: Date;
  vehicle: { registration: string; label: string | null } | null;
  driver: { name: string; phone: string | null } | null;
  numberOfPeople: number;
  distanceM: number | null;
  durationS: number | null;
  distanceSource: TRouteSource | null;
  /** Minor units. */
  amount: number;
  description: string | null;
}

function section(title: string): Content {
  return { text: title, style: 'section' };
}

/** Label / value rows without borders; empty values are left out. */
function facts(rows: [string, string | null | undefined][]): Content {
  const body = rows.filter(([, v]) => v).map(([k, v]) => [{ text: k, style: 'label' }, { text: v as string }]);
  return { table: { widths: [150, '*'], body }, layout: 'noBorders', margin: [0, 0, 0, 4] };
}

/** 4,0511° N, 9,7679° E: French decimals, the hemisphere spelled. */
export function formatCoordinates(lat: number, lng: number): string {
  const f = (v: number) => Math.abs(v).toLocaleString('fr-FR', { minimumFractionDigits: 4, maximumFractionDigits: 6 });
  return `${f(lat)}°${NBSP}${lat >= 0 ? 'N' : 'S'}, ${f(lng)}°${NBSP}${lng >= 0 ? 'E' : 'O'}`;
}

function addressBlock(title: string, a: CourseOrderAddress, at: string): Content {
  return {
    stack: [
      { text: title, style: 'label' },
      { text: a.name, bold: true },
      ...(a.description ? [{ text: a.description }] : []),
      { text: formatCoordinates(a.lat, a.lng), fontSize: 9, color: '#555555' },
      { text: at, margin: [0, 2, 0, 0] },
    ],
  };
}

/** The route in words: by road (distance, duration), or as the crow flies when routing failed. */
export function routeSummary(s: Pick<CourseOrderSnapshot, 'distanceM' | 'durationS' | 'distanceSource' | 'start' | 'end'>): string {
  const way = `De ${s.start.name} à ${s.end.name}`;
  if (s.distanceM == null) return `${way}${NBSP}: distance non calculée.`;
  if (s.distanceSource === 'great_circle') return `${way}${NBSP}: ${formatDistance(s.distanceM)} à vol d'oiseau (itinéraire routier indisponible).`;
  return `${way}${NBSP}: ${formatDistance(s.distanceM)} par la route${s.durationS != null ? `, environ ${formatDuration(s.durationS)} de trajet` : ''}.`;
}

export function buildCourseOrder(s: CourseOrderSnapshot): TDocumentDefinitions {
  const crowFlies = s.distanceSource === 'great_circle';
  const content: Content[] = [
    parkHeader(s.park),
    { text: 'Bon de commande', style: 'title' },
    { text: `N°${NBSP}${s.reference}`, alignment: 'center', bold: true, margin: [0, 0, 0, 2] },
    {
      text: `Date${NBSP}: ${formatInstant(s.createdAt, s.timeZone)} · Statut${NBSP}: ${COURSE_STATUS_LABELS[s.status]}`,
      alignment: 'center',
      fontSize: 9,
      color: '#555555',
      margin: [0, 0, 0, 10],
    },
    section('Le client'),
    facts([
      ['Nom', s.client.name],
      ['Raison sociale', s.client.businessName],
      ['NIU', s.client.niu],
      ['RCCM', s.client.rccm],
      ['Téléphone', s.client.phone],
      ['E-mail', s.client.email],
      ['Contact', s.contact ? [s.contact.name, s.contact.phone, s.contact.email].filter(Boolean).join(' · ') : null],
    ]),
    section('Le trajet'),
    {
      columns: [
        addressBlock('Départ', s.start, formatInstant(s.startDate, s.timeZone)),
        addressBlock('Arrivée', s.end, formatInstant(s.endDate, s.timeZone)),
      ],
      columnGap: 20,
      margin: [0, 0, 0, 6],
    },
    facts([
      ['Distance', s.distanceM == null ? null : `${formatDistance(s.distanceM)}${crowFlies ? ` à vol d'oiseau` : ''}`],
      ['Durée estimée', s.durationS == null ? null : formatDuration(s.durationS)],
      ['Nombre de personnes', String(s.numberOfPeople)],
    ]),
    { text: routeSummary(s), margin: [0, 0, 0, 4] },
    section('Le véhicule et le chauffeur'),
    facts([
      ['Véhicule', s.vehicle ? [s.vehicle.registration, s.vehicle.label].filter(Boolean).join(' · ') : 'Non attribué'],
      ['Chauffeur', s.driver ? [s.driver.name, s.driver.phone].filter(Boolean).join(' · ') : 'Non attribué'],
    ]),
    section('Le montant'),
    { text: formatMoney(s.amount, s.currency), fontSize: 14, bold: true, margin: [0, 0, 0, 4] },
    ...(s.description?.trim() ? [section('Description'), { text: s.description.trim() } as Content] : []),
    {
      columns: [
        { stack: [{ text: `Pour le parc ${s.park.name}`, bold: true }, { text: 'Signature et cachet', fontSize: 8, color: '#555555' }] },
        { stack: [{ text: 'Le client', bold: true }, { text: 'Bon pour accord, signature', fontSize: 8, color: '#555555' }] },
      ],
      columnGap: 20,
      margin: [0, 16, 0, 40],
      unbreakable: true,
    },
    ...(s.park.legalNotice?.trim() ? [section('Mentions légales'), { text: s.park.legalNotice.trim(), fontSize: 8, color: '#444444' } as Content] : []),
  ];
  return {
    info: { title: `Bon de commande ${s.reference}`, author: s.park.name, subject: 'Bon de commande' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 15, bold: true, alignment: 'center', margin: [0, 0, 0, 4] },
      parkName: { fontSize: 13, bold: true },
      section: { fontSize: 12, bold: true, margin: [0, 10, 0, 4], color: '#1a3c6e' },
      label: { bold: true, color: '#333333' },
    },
    footer: (page: number, pages: number): Content => ({
      text: `Bon de commande ${s.reference} · généré le ${formatInstant(s.generatedAt, s.timeZone)} · page ${page} sur ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#555555',
      margin: [40, 20, 40, 0],
    }),
    content,
  };
}
