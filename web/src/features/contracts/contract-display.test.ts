import { describe, expect, it } from 'vitest';
import { CONTRACT_FREQUENCY_LABELS, CONTRACT_STATUS_LABELS, CONTRACT_TYPE_LABELS } from '@flotte/contract/contracts';
import { amountPerPeriod, contractPartyLine, FREQUENCY_LABELS, formatDue, nextDueText, paidOfTotal, paidPercent, STATUS_LABELS, TYPE_LABELS } from './contract-display.ts';

describe('Contract display', () => {
  it("copies the contract's labels word for word (the list stays zod-free)", () => {
    expect(STATUS_LABELS).toEqual(CONTRACT_STATUS_LABELS);
    expect(TYPE_LABELS).toEqual(CONTRACT_TYPE_LABELS);
    expect(FREQUENCY_LABELS).toEqual(CONTRACT_FREQUENCY_LABELS);
  });

  it('reads amounts per period, what is paid and due dates as the screen writes them', () => {
    expect(amountPerPeriod(150000, 'monthly', 'XAF')).toBe('150,000 XAF par mois');
    expect(paidOfTotal({ total_paid: 300000, total_amount: 1200000 }, 'XAF')).toBe('300,000 / 1,200,000 XAF');
    expect(paidPercent({ total_paid: 995, total_amount: 1000 })).toBe(99);
    expect(paidPercent({ total_paid: 0, total_amount: 0 })).toBe(0);
    expect(formatDue('2026-01-05', '08:00:00')).toBe('05/01/2026 08:00');
    expect(nextDueText({ next_due_date: '2026-01-05', contract_status: 'CANCELLED' })).toBe('');
    expect(contractPartyLine({ contract_type: 'DRIVER', driver: { id: 'd', name: 'Awa Ndiaye', phone: null }, vehicle_owner: null })).toBe('Chauffeur\u00a0: Awa Ndiaye');
  });
});
