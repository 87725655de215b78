import type { TPaymentFrequency } from '@flotte/contract/contracts';
import type { ContractSnapshot } from './contract-document.ts';
import { formatDay, formatMoney } from './contract-format.ts';

/**
 * The standard clauses printed on every contract of a kind, before the contract's own ones. They
 * state the rules the app applies (a missed instalment is a debt, ownership passes once paid off,
 * paid instalments are kept when the schedule changes), so the paper and the app say the same.
 */

/** 'par mois', 'par semaine' ... as the amount's period reads in a sentence. */
const PER_PERIOD: Record<TPaymentFrequency, string> = {
  hourly: 'par heure',
  daily: 'par jour',
  weekly: 'par semaine',
  monthly: 'par mois',
  quarterly: 'par trimestre',
  half_yearly: 'par semestre',
  annual: 'par an',
};

export interface Clause {
  title: string;
  text: string;
}

export function contractClauses(s: ContractSnapshot): Clause[] {
  const money = (v: number) => formatMoney(v, s.currency);
  const a = s.amounts;
  const period = PER_PERIOD[a.frequency];
  const from = formatDay(a.startDate);
  const to = formatDay(a.endDate);
  if (s.contractType === 'PARTNER') {
    return [
      {
        title: 'Mise à disposition du véhicule',
        text:
          `Le propriétaire met le véhicule décrit ci-dessus à la disposition du parc ${s.park.name}, qui l'exploite pour son activité ` +
          `de transport du ${from} au ${to}. Le propriétaire garantit qu'il est libre de le mettre à disposition et que ses papiers ` +
          '(carte grise, visite technique, vignette) sont en règle ; il les remet au parc pour la durée du contrat.',
      },
      {
        title: 'Paiement par période',
        text:
          `En contrepartie, le parc verse au propriétaire ${money(a.perInstalment)} ${period}, à chaque date de l'échéancier ci-dessus, ` +
          `dans la limite d'un montant total de ${money(a.total)}. Chaque paiement est fait depuis une caisse du parc et enregistré ` +
          'dans sa comptabilité ; le propriétaire peut en demander le relevé à tout moment.',
      },
      {
        title: 'Entretien',
        text:
          "Pendant la mise à disposition, le parc assure l'entretien courant du véhicule (vidanges, pneumatiques, petites réparations) " +
          "et le restitue en bon état de marche, compte tenu de l'usure normale. Les grosses réparations qui ne résultent pas de " +
          "l'exploitation restent à la charge du propriétaire, après accord entre les parties.",
      },
      {
        title: 'Assurance',
        text:
          "Le véhicule est couvert pendant toute la durée du contrat par une assurance en cours de validité, au moins en responsabilité " +
          "civile, dont l'attestation est remise au parc. Tout sinistre survenu pendant l'exploitation est déclaré sans délai à " +
          "l'assureur et au propriétaire.",
      },
      {
        title: 'Résiliation',
        text:
          "Chaque partie peut mettre fin au contrat par écrit, avec un préavis d'un mois. En cas de manquement grave de l'une des " +
          "parties, l'autre peut le résilier sans préavis. Les sommes dues à la date de résiliation restent dues, et le véhicule est " +
          'alors restitué au propriétaire avec ses papiers.',
      },
    ];
  }
  return [
    {
      title: 'Objet',
      text:
        `Le parc ${s.park.name} cède au chauffeur le véhicule décrit ci-dessus en location-vente, pour un prix total de ${money(a.total)}, ` +
        "payable par échéances selon l'échéancier ci-dessus. Le chauffeur exploite le véhicule dès la signature.",
    },
    {
      title: 'Paiement des échéances',
      text:
        `Le chauffeur paie ${money(a.perInstalment)} ${period} à compter du ${from}, à chaque date d'échéance, la dernière échéance ` +
        "étant ajustée au solde restant. Il paie en espèces, par son solde chauffeur ou par mobile money ; chaque paiement est " +
        "enregistré et réduit d'autant le reste à payer. Il peut payer par avance.",
    },
    {
      title: 'Échéance manquée',
      text:
        "Toute échéance non payée à sa date devient une dette du chauffeur envers le parc. Cette dette reste due, s'ajoute aux " +
        "échéances suivantes et doit être réglée en priorité ; le paiement suivant l'impute d'abord sur l'échéance la plus ancienne.",
    },
    {
      title: 'Transfert de propriété',
      text:
        "Le véhicule reste la propriété du vendeur jusqu'au paiement complet du prix. Une fois le contrat soldé, la propriété du " +
        "véhicule est transférée au chauffeur, qui en devient le propriétaire ; le parc lui remet alors les documents du véhicule.",
    },
    {
      title: 'Entretien',
      text:
        "Pendant toute la durée du contrat, le chauffeur a la garde du véhicule. Il en assure l'entretien courant à ses frais, le " +
        'maintient en bon état de marche et signale sans délai au parc toute panne, tout accident ou tout sinistre.',
    },
    {
      title: 'Résiliation',
      text:
        `Le contrat court jusqu'au ${to} au plus tard. En cas de retards de paiement répétés ou de défaut d'entretien, le parc peut ` +
        "le résilier après une mise en demeure restée sans effet ; le véhicule lui est alors restitué. Les échéances échues et " +
        "impayées à la date de résiliation restent dues, sauf si le parc décide de les abandonner.",
    },
  ];
}
