import type { DemoPlaceName } from './douala-places.ts';

/**
 * What the demo park's clients and courses are (demo-clients-courses.ts writes them): a dozen
 * Douala companies with their contacts and addresses at real places, and some thirty courses
 * placed relative to today.
 */

export type CourseOutcome = 'caisse' | 'receivable' | 'settled' | 'canceled' | 'missed' | 'running' | 'coming' | 'unstaffed';

export interface DemoClient {
  name: string;
  sex: 'Monsieur' | 'Madame';
  phone: string;
  email: string;
  niu?: string;
  rccm?: string;
  businessName?: string;
  street: string;
  address?: string;
  contacts: { name: string; sex: 'Monsieur' | 'Madame'; phone: string; email?: string }[];
  addresses: { name: string; at: DemoPlaceName }[];
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    name: 'Banque Commerciale du Littoral',
    sex: 'Monsieur',
    phone: '+237633421100',
    email: 'services.generaux@bcl-cameroun.cm',
    niu: 'M048700012345K',
    rccm: 'RC/DLA/1987/B/0456',
    businessName: 'Banque Commerciale du Littoral SA',
    street: 'Bonanjo',
    address: 'Avenue du Général de Gaulle, BP 4120 Douala',
    contacts: [
      { name: 'Serge Ndjock', sex: 'Monsieur', phone: '+237677120345', email: 's.ndjock@bcl-cameroun.cm' },
      { name: 'Carine Ebongue', sex: 'Madame', phone: '+237699874512', email: 'c.ebongue@bcl-cameroun.cm' },
    ],
    addresses: [
      { name: 'Siège, Bonanjo', at: 'Bonanjo' },
      { name: 'Agence Akwa', at: 'Akwa' },
      { name: 'Agence Bonamoussadi', at: 'Bonamoussadi' },
    ],
  },
  {
    name: 'Hôtel Rives du Wouri',
    sex: 'Madame',
    phone: '+237633440210',
    email: 'reception@rivesduwouri.cm',
    niu: 'M039900045872B',
    rccm: 'RC/DLA/1999/B/2231',
    businessName: 'Rives du Wouri Hôtellerie SARL',
    street: 'Bonapriso',
    contacts: [{ name: 'Estelle Moukouri', sex: 'Madame', phone: '+237691225588', email: 'conciergerie@rivesduwouri.cm' }],
    addresses: [
      { name: "Hôtel, entrée principale", at: 'Bonapriso' },
      { name: 'Aéroport, arrivées', at: 'Aéroport international de Douala' },
    ],
  },
  {
    name: 'Sawa Pétrole Cameroun',
    sex: 'Monsieur',
    phone: '+237633505050',
    email: 'logistique@sawapetrole.cm',
    niu: 'M020500078214H',
    rccm: 'RC/DLA/2005/B/1178',
    businessName: 'Sawa Pétrole Cameroun SA',
    street: 'Bonanjo',
    address: 'Immeuble Sawa, rue Joss',
    contacts: [
      { name: 'Thierry Essomba', sex: 'Monsieur', phone: '+237677889900', email: 't.essomba@sawapetrole.cm' },
      { name: 'Nadège Kotto', sex: 'Madame', phone: '+237655443322' },
    ],
    addresses: [
      { name: 'Direction générale', at: 'Bonanjo' },
      { name: 'Dépôt du port', at: 'Port autonome de Douala' },
      { name: 'Aéroport, terminal affaires', at: 'Aéroport international de Douala' },
    ],
  },
  {
    name: 'ONG Santé pour Tous',
    sex: 'Madame',
    phone: '+237699001122',
    email: 'contact@santepourtous.org',
    niu: 'M011200033691Z',
    businessName: 'Association Santé pour Tous Cameroun',
    street: 'Akwa',
    contacts: [{ name: 'Dr Brigitte Ngo Nyemb', sex: 'Madame', phone: '+237677554433', email: 'b.ngonyemb@santepourtous.org' }],
    addresses: [
      { name: 'Bureau de coordination', at: 'Akwa' },
      { name: 'Hôpital Laquintinie', at: 'Hôpital Laquintinie' },
      { name: 'Centre de santé de Logbaba', at: 'Logbaba' },
    ],
  },
  {
    name: "Clinique de l'Espoir",
    sex: 'Monsieur',
    phone: '+237633398877',
    email: 'direction@clinique-espoir.cm',
    niu: 'M031400052214P',
    rccm: 'RC/DLA/2014/B/3345',
    businessName: "Clinique de l'Espoir SARL",
    street: 'Makepe',
    contacts: [{ name: 'Paul Mbappe Eyoum', sex: 'Monsieur', phone: '+237670112233' }],
    addresses: [
      { name: 'Clinique, Makepe', at: 'Makepe' },
      { name: 'Hôpital général (transferts)', at: 'Hôpital général de Douala' },
    ],
  },
  {
    name: 'Cabinet Ekambi & Associés',
    sex: 'Monsieur',
    phone: '+237633427766',
    email: 'secretariat@ekambi-avocats.cm',
    niu: 'P010900027713C',
    rccm: 'RC/DLA/2009/A/0872',
    businessName: 'Cabinet Ekambi & Associés, avocats au barreau du Cameroun',
    street: 'Akwa',
    address: 'Rue Joffre, 2e étage',
    contacts: [
      { name: 'Maître Jean Ekambi', sex: 'Monsieur', phone: '+237699450011', email: 'j.ekambi@ekambi-avocats.cm' },
      { name: 'Sandrine Tchoua', sex: 'Madame', phone: '+237677002299' },
    ],
    addresses: [
      { name: 'Cabinet', at: 'Pullman Douala Rabingha' },
      { name: 'Palais de justice, Bonanjo', at: 'Bonanjo' },
    ],
  },
  {
    name: 'Douala Maritime Logistique',
    sex: 'Monsieur',
    phone: '+237633401234',
    email: 'operations@dml-cameroun.cm',
    niu: 'M041100064480D',
    rccm: 'RC/DLA/2011/B/2790',
    businessName: 'Douala Maritime Logistique SA',
    street: 'Bonanjo',
    contacts: [{ name: 'Olivier Din', sex: 'Monsieur', phone: '+237655667788', email: 'o.din@dml-cameroun.cm' }],
    addresses: [
      { name: 'Terminal à conteneurs', at: 'Port autonome de Douala' },
      { name: 'Entrepôt de Bonabéri', at: 'Bonabéri' },
    ],
  },
  {
    name: 'Assurances du Mungo',
    sex: 'Madame',
    phone: '+237633439090',
    email: 'accueil@assurances-mungo.cm',
    niu: 'M019600018836F',
    rccm: 'RC/DLA/1996/B/0934',
    businessName: 'Compagnie d’Assurances du Mungo SA',
    street: 'Akwa',
    contacts: [{ name: 'Mireille Epée', sex: 'Madame', phone: '+237699332211', email: 'm.epee@assurances-mungo.cm' }],
    addresses: [
      { name: 'Siège, boulevard de la Liberté', at: 'Hôtel Akwa Palace' },
      { name: 'Agence de Deido', at: 'Deido' },
    ],
  },
  {
    name: 'Cimenterie de Bonabéri',
    sex: 'Monsieur',
    phone: '+237633391515',
    email: 'achats@cimbonaberi.cm',
    niu: 'M026300009921R',
    rccm: 'RC/DLA/1963/B/0012',
    businessName: 'Cimenterie de Bonabéri SA',
    street: 'Bonabéri',
    contacts: [
      { name: 'Hervé Nkotto', sex: 'Monsieur', phone: '+237677341200' },
      { name: 'Joëlle Priso', sex: 'Madame', phone: '+237690887766', email: 'j.priso@cimbonaberi.cm' },
    ],
    addresses: [
      { name: 'Usine', at: 'Bonabéri' },
      { name: 'Pont sur le Wouri (rendez-vous)', at: 'Pont sur le Wouri' },
    ],
  },
  {
    name: 'École internationale Les Palmiers',
    sex: 'Madame',
    phone: '+237633426655',
    email: 'intendance@lespalmiers.cm',
    niu: 'M030800041157S',
    rccm: 'RC/DLA/2008/B/1605',
    businessName: 'Les Palmiers Éducation SARL',
    street: 'Bonapriso',
    contacts: [{ name: 'Véronique Mandeng', sex: 'Madame', phone: '+237691447722', email: 'v.mandeng@lespalmiers.cm' }],
    addresses: [
      { name: 'Campus de Bonapriso', at: 'Bonapriso' },
      { name: 'Stade de la Réunification', at: 'Stade de la Réunification' },
    ],
  },
  {
    name: 'Brasseries du Littoral',
    sex: 'Monsieur',
    phone: '+237633372020',
    email: 'transport@brasseries-littoral.cm',
    niu: 'M014800011109A',
    rccm: 'RC/DLA/1948/B/0003',
    businessName: 'Brasseries du Littoral SA',
    street: 'Bassa',
    contacts: [{ name: 'Alain Kamga', sex: 'Monsieur', phone: '+237677900112', email: 'a.kamga@brasseries-littoral.cm' }],
    addresses: [
      { name: 'Direction commerciale', at: 'Gare de Bessengue' },
      { name: 'Dépôt de Ndokoti', at: 'Marché de Ndokoti' },
      { name: 'Marché Central (livraisons)', at: 'Marché Central' },
    ],
  },
  {
    name: 'Madame Ngo Biyong',
    sex: 'Madame',
    phone: '+237699120034',
    email: 'ngobiyong.rose@gmail.com',
    street: 'Bonamoussadi',
    contacts: [{ name: 'Rose Ngo Biyong', sex: 'Madame', phone: '+237699120034' }],
    addresses: [
      { name: 'Domicile', at: 'Bonamoussadi' },
      { name: 'Marché Sandaga', at: 'Marché Sandaga' },
    ],
  },
];

/**
 * The courses: [day from today, start (park's clock), minutes, client, from and to (indexes of the
 * client's addresses), people, outcome]. Running ones start relative to now (the day and time are
 * ignored); today's coming one two hours from now.
 */
export type DemoCourseRow = [day: number, time: string, minutes: number, client: number, from: number, to: number, people: number, outcome: CourseOutcome];
export const DEMO_COURSES: DemoCourseRow[] = [
  [-24, '07:30', 60, 0, 0, 2, 2, 'caisse'],
  [-22, '14:00', 90, 2, 0, 2, 1, 'caisse'],
  [-20, '09:00', 45, 1, 1, 0, 2, 'receivable'],
  [-19, '06:45', 120, 6, 0, 1, 1, 'settled'],
  [-17, '10:30', 60, 3, 0, 2, 2, 'caisse'],
  [-16, '16:00', 40, 5, 0, 1, 1, 'canceled'],
  [-14, '08:15', 75, 4, 0, 1, 1, 'caisse'],
  [-13, '11:00', 50, 7, 0, 1, 2, 'missed'],
  [-11, '07:00', 90, 8, 0, 1, 1, 'caisse'],
  [-10, '13:30', 60, 9, 0, 1, 3, 'caisse'],
  [-8, '09:45', 45, 10, 0, 2, 1, 'receivable'],
  [-7, '18:00', 60, 1, 0, 1, 2, 'canceled'],
  [-6, '08:00', 30, 11, 0, 1, 1, 'caisse'],
  [-5, '15:15', 80, 0, 1, 0, 1, 'caisse'],
  [-4, '10:00', 60, 2, 1, 0, 1, 'missed'],
  [-3, '07:45', 50, 3, 1, 2, 2, 'caisse'],
  [-2, '12:30', 45, 5, 1, 0, 1, 'canceled'],
  [-1, '09:30', 60, 2, 2, 0, 2, 'receivable'],
  [-1, '17:00', 40, 7, 1, 0, 1, 'caisse'],
  [0, '', 120, 0, 0, 2, 2, 'running'],
  [0, '', 90, 1, 1, 0, 3, 'running'],
  [0, '', 150, 6, 0, 1, 1, 'running'],
  [0, '', 60, 4, 0, 1, 1, 'coming'],
  [1, '08:00', 60, 3, 0, 1, 2, 'coming'],
  [1, '14:30', 45, 9, 1, 0, 3, 'coming'],
  [2, '07:15', 90, 2, 0, 2, 1, 'coming'],
  [3, '10:00', 60, 10, 1, 2, 1, 'unstaffed'],
  [4, '09:00', 75, 8, 1, 0, 2, 'coming'],
  [6, '16:30', 50, 5, 0, 1, 1, 'coming'],
  [8, '06:30', 120, 1, 0, 1, 2, 'unstaffed'],
];
