import { describe, expect, it } from 'vitest';
import type { TContractInstalment } from '@flotte/contract/contracts';
import {
  cancelBody,
  cancelError,
  collectDefaultAmount,
  contractFileName,
  eventChanges,
  firstOpenPage,
  nextInstalment,
  pageCount,
  pageOf,
  paymentMethodLabel,
} from './contract-detail.ts';
import { collectBody, collectDefaults, collectError, collectValidation, partnerPayBody, partnerPayError } from './contract-collect.ts';

const inst = (seq: number, amount: number, paid: number, status: TContractInstalment['status'] = paid >= amount ? 'paid' : 'due'): TContractInstalment => ({
  id: `i${seq}`,
  seq,
  due_date: `2026-11-${String(seq).padStart(2, '0')}`,
  due_time: null,
  amount,
  paid_amount: paid,
  remaining: amount - paid,
  status,
  state: status === 'paid' ? 'paid' : 'upcoming',
  paid_at: null,
  recipe_id: null,
  operation_id: null,
});
const money = (n: number) => `${n} XAF`;

describe('the contract figures', () => {
  it('finds the first instalment still owed and the page that holds it', () => {
    const rows = [inst(1, 100, 100), inst(2, 100, 100), inst(3, 100, 40), inst(4, 100, 0)];
    expect(nextInstalment(rows)?.seq).toBe(3);
    expect(firstOpenPage(rows, 2)).toBe(1);
    expect(firstOpenPage([inst(1, 100, 100)], 2)).toBe(0);
    expect(pageOf(rows, 1, 3).map((r) => r.seq)).toEqual([4]);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(1001, 50)).toBe(21);
  });

  it('proposes what is overdue, else the next instalment, never more than what remains', () => {
    const instalments = [inst(1, 100, 100), inst(2, 100, 30)];
    expect(collectDefaultAmount({ overdue_amount: 250, remaining_amount: 170, instalments })).toBe(170);
    expect(collectDefaultAmount({ overdue_amount: 0, remaining_amount: 170, instalments })).toBe(70);
    expect(collectDefaultAmount({ overdue_amount: 40, remaining_amount: 170, instalments })).toBe(40);
  });

  it('names payment modes and files in French', () => {
    expect(paymentMethodLabel('cash')).toBe('Espèces');
    expect(paymentMethodLabel('sold')).toBe('Solde chauffeur');
    expect(paymentMethodLabel('caisse')).toBe('Caisse');
    expect(contractFileName('C-2026-0007', 2)).toBe('C-2026-0007-v2.pdf');
  });
});

describe('the history', () => {
  it('reads changes as from → to in French', () => {
    const lines = eventChanges({ changes: { total_amount: { from: 500, to: 600 }, payment_frequency: ['daily', 'weekly'], end_date: { before: '2027-01-31', after: '2027-03-31' } } }, money);
    expect(lines).toEqual([
      { field: 'total_amount', label: 'Montant total', from: '500 XAF', to: '600 XAF' },
      { field: 'payment_frequency', label: 'Fréquence de paiement', from: 'Par jour', to: 'Par semaine' },
      { field: 'end_date', label: 'Date de fin', from: '31/01/2027', to: '31/03/2027' },
    ]);
  });

  it('names the instalments a payment went to and says a party changed without its id', () => {
    expect(eventChanges({ amount: 100, method: 'cash', instalments: [{ seq: 1, amount: 50 }, { seq: 2, amount: 50 }] }, money)).toEqual([
      { field: 'amount', label: 'Montant', from: null, to: '100 XAF' },
      { field: 'method', label: 'Mode de paiement', from: null, to: 'Espèces' },
      { field: 'instalments', label: 'Échéances', from: null, to: 'n° 1 (50 XAF), n° 2 (50 XAF)' },
    ]);
    expect(eventChanges({ method: 'caisse' }, money)[0]!.to).toBe('Caisse');
    expect(eventChanges({ changes: { driver_id: { before: 'a', after: 'b' } } }, money)).toEqual([{ field: 'driver_id', label: 'Chauffeur', from: null, to: 'modifié' }]);
  });

  it('reads plain details as values and leaves internal ids out', () => {
    expect(eventChanges({ reason: 'Véhicule vendu', debt_mode: 'write_off', profile_id: 'x' }, money)).toEqual([
      { field: 'reason', label: 'Motif', from: null, to: 'Véhicule vendu' },
      { field: 'debt_mode', label: 'Reste dû', from: null, to: 'Abandonner ce qui reste dû' },
    ]);
  });
});

describe('cancelling', () => {
  it('wants a reason of more than one character', () => {
    expect(cancelError({ reason: ' a ', debt_mode: 'keep_debt' })).toMatch(/plus de 1 caractère/);
    expect(cancelError({ reason: 'ok', debt_mode: 'keep_debt' })).toBeNull();
  });

  it('sends the debt mode only for a driver contract', () => {
    expect(cancelBody({ reason: ' Vendu ', debt_mode: 'write_off' }, 'DRIVER')).toEqual({ reason: 'Vendu', debt_mode: 'write_off' });
    expect(cancelBody({ reason: 'Vendu', debt_mode: 'write_off' }, 'PARTNER')).toEqual({ reason: 'Vendu' });
  });
});

describe('collecting', () => {
  it('checks the amount, the mobile-money payer and the caisse, in that order', () => {
    const base = collectDefaults(100);
    expect(collectError({ ...base, amount: null }, { cashAccess: true, remaining: 500 })).toBe('Entrez un montant valide');
    expect(collectError({ ...base, amount: 600 }, { cashAccess: true, remaining: 500 })).toMatch(/reste à payer/);
    expect(collectError({ ...base, payment_type: 'mobile_money' }, { cashAccess: true, remaining: 500 })).not.toBeNull();
    expect(collectError(base, { cashAccess: false, remaining: 500 })).toMatch(/caisse/);
    expect(collectError(base, { cashAccess: true, remaining: 500 })).toBeNull();
    expect(collectError({ ...base, caisse: 'c1' }, { cashAccess: false, remaining: 500 })).toBeNull();
  });

  it('sends only what the mode needs', () => {
    expect(collectBody({ ...collectDefaults(100), caisse: '__cash__', operator_id: '1' })).toEqual({ amount: 100, payment_type: 'cash', caisse_id: undefined, operator_id: undefined, phone: undefined, comment: undefined });
    expect(collectBody({ ...collectDefaults(100), payment_type: 'mobile_money', caisse: 'c1', operator_id: '2', phone: ' 690 ' })).toMatchObject({ payment_type: 'mobile_money', caisse_id: undefined, operator_id: '2', phone: '690' });
  });

  it('finds the validation card in the answer, wrapped or not', () => {
    const card = { transaction_id: 't1', amount: 5 };
    expect(collectValidation({ transaction: card })).toEqual(card);
    expect(collectValidation({ transaction: { validation: card } })).toEqual(card);
    expect(collectValidation({ transaction: null })).toBeNull();
  });

  it('pays a partner from a named caisse, or the default cash with its permission', () => {
    expect(partnerPayError(null, { cashAccess: false })).toBe('Veuillez sélectionner une caisse');
    expect(partnerPayError(null, { cashAccess: true })).toBeNull();
    expect(partnerPayBody('__cash__', ' ')).toEqual({ caisse_id: undefined, comment: undefined });
  });
});
