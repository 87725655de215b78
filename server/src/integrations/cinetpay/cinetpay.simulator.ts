/**
 * Loopback simulator of CinetPay's Transfer API (client.cinetpay.com/v1): login for a token (5
 * minutes), contacts, sending money to a contact, and the transfer check. Amounts must be multiples
 * of 5; a client_transaction_id is accepted once. A transfer goes NEW -> REC -> VAL (or REJ for
 * numbers ending in 0000) over `settleAfterMs`, or on settle(). Answers are HTTP 200 with CinetPay's
 * `code` (0 for success), as the API does.
 */
import { randomBytes } from 'node:crypto';
import { attachSimServer, later, simOutcomeFor, startSimServer, type SimLevers, type SimOutcome } from '../../platform/payments/simulator-kit.ts';

export interface CinetPayTransfer {
  transaction_id: string;
  client_transaction_id: string;
  lot: string;
  amount: number;
  receiver: string;
  prefix: string;
  treatment_status: 'NEW' | 'REC' | 'NOS' | 'VAL' | 'REJ';
  sending_status: string;
  comment: string | null;
  validated_at: string | null;
}

export interface CinetPaySimulatorOptions {
  port?: number;
  apiKey?: string;
  password?: string;
  /** n: the transfer is final n ms after it was sent (REC at half); null: only settle() does. Default 3000. */
  settleAfterMs?: number | null;
}

export interface CinetPaySimulator extends SimLevers {
  url: string;
  apiKey: string;
  password: string;
  transfers: CinetPayTransfer[];
  contacts: Set<string>;
  settleAfterMs: number | null;
  settle(clientTransactionId: string, outcome: SimOutcome): void;
  /** Invalidates every token, as if they had expired. */
  expireTokens(): void;
}

const ok = (data: unknown) => ({ status: 200, body: { code: 0, message: 'OPERATION_SUCCES', data } });
const refused = (code: number, message: string, description: string) => ({ status: 200, body: { code: String(code), message, description, data: [] } });

export async function startCinetPaySimulator(options: CinetPaySimulatorOptions = {}): Promise<CinetPaySimulator> {
  const apiKey = options.apiKey ?? 'cinetpay-sim-apikey';
  const password = options.password ?? 'cinetpay-sim-password';
  const tokens = new Set<string>();
  const transfers: CinetPayTransfer[] = [];
  const contacts = new Set<string>();

  const finish = (t: CinetPayTransfer, outcome: SimOutcome) => {
    if (t.treatment_status === 'VAL' || t.treatment_status === 'REJ') return;
    t.treatment_status = outcome === 'success' ? 'VAL' : 'REJ';
    t.sending_status = outcome === 'success' ? 'CONFIRM' : 'REJECTED';
    t.comment = outcome === 'success' ? null : 'Numéro du bénéficiaire invalide';
    t.validated_at = outcome === 'success' ? new Date().toISOString().replace('T', ' ').slice(0, 19) : null;
  };

  const sim = {
    url: '',
    apiKey,
    password,
    transfers,
    contacts,
    settleAfterMs: options.settleAfterMs === undefined ? 3000 : options.settleAfterMs,
    settle(ref: string, outcome: SimOutcome) {
      const t = transfers.find((x) => x.client_transaction_id === ref || x.transaction_id === ref);
      if (t) finish(t, outcome);
    },
    expireTokens: () => tokens.clear(),
  } as CinetPaySimulator;

  const server = await startSimServer(options.port, async (req) => {
    const form = new URLSearchParams(req.body);
    if (req.path === '/v1/auth/login' && req.method === 'POST') {
      if (form.get('apikey') !== apiKey || form.get('password') !== password) return refused(701, 'INVALID_CREDENTIALS', 'Identifiant de connexion incorrect');
      const token = randomBytes(20).toString('hex');
      tokens.add(token);
      return ok({ token });
    }
    if (!tokens.has(req.query.get('token') ?? '')) return refused(706, 'INVALID_TOKEN', 'Votre token est invalide');

    const list = (): Record<string, unknown>[] | null => {
      try {
        const v = JSON.parse(form.get('data') ?? '') as unknown;
        return Array.isArray(v) ? (v as Record<string, unknown>[]) : null;
      } catch {
        return null;
      }
    };

    if (req.path === '/v1/transfer/contact' && req.method === 'POST') {
      const items = list();
      if (!items) return refused(703, 'INVALID_DATA', 'data doit être un tableau JSON');
      return ok([
        items.map((c) => {
          const key = `${String(c.prefix)}${String(c.phone)}`;
          const already = contacts.has(key);
          contacts.add(key);
          return { ...c, code: already ? 726 : 0, status: already ? 'ERROR_PHONE_ALREADY_MY_CONTACT' : 'success', lot: randomBytes(8).toString('hex') };
        }),
      ]);
    }
    if (req.path === '/v1/transfer/money/send/contact' && req.method === 'POST') {
      const items = list();
      if (!items || items.length !== 1) return refused(703, 'INVALID_DATA', 'data doit être un tableau JSON');
      const [item] = items;
      const amount = Number(item.amount);
      const ref = String(item.client_transaction_id ?? '');
      const prefix = String(item.prefix ?? '');
      const phone = String(item.phone ?? '');
      if (!contacts.has(`${prefix}${phone}`)) return refused(725, 'CONTACT_NOT_FOUND', "Ce numéro n'est pas dans vos contacts");
      if (!Number.isInteger(amount) || amount <= 0 || amount % 5 !== 0) return refused(708, 'INVALID_AMOUNT', 'Le montant doit être un multiple de 5');
      if (!ref) return refused(703, 'INVALID_DATA', 'client_transaction_id est requis');
      if (transfers.some((t) => t.client_transaction_id === ref)) return refused(727, 'TRANSACTION_ID_ALREADY_EXIST', 'Cet identifiant de transaction existe déjà');
      const t: CinetPayTransfer = {
        transaction_id: `EA${randomBytes(6).toString('hex').toUpperCase()}`,
        client_transaction_id: ref,
        lot: randomBytes(8).toString('hex'),
        amount,
        receiver: `${prefix}${phone}`,
        prefix,
        treatment_status: 'NEW',
        sending_status: 'PENDING',
        comment: null,
        validated_at: null,
      };
      transfers.push(t);
      if (sim.settleAfterMs !== null) {
        later(sim.settleAfterMs / 2, () => void (t.treatment_status === 'NEW' && (t.treatment_status = 'REC')));
        later(sim.settleAfterMs, () => finish(t, simOutcomeFor(t.receiver)));
      }
      if (server.takeDrop()) return { status: 0, drop: true };
      return ok([[{ ...item, transaction_id: t.transaction_id, lot: t.lot, treatment_status: t.treatment_status, code: 0, status: 'success' }]]);
    }
    if (req.path === '/v1/transfer/check/money' && req.method === 'GET') {
      const ref = req.query.get('client_transaction_id');
      const id = req.query.get('transaction_id');
      const found = transfers.filter((t) => (ref && t.client_transaction_id === ref) || (id && t.transaction_id === id));
      if (!found.length) return refused(723, 'NOT_FOUND', 'Transfert introuvable');
      return ok(found);
    }
    return null;
  });

  return attachSimServer(sim, server);
}
