import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, ZDriverContractCreate, ZPartnerContractCreate, type TContractDetail } from '@flotte/contract/contracts';
import {
  contractChecks,
  contractCreateBody,
  contractDefaults,
  contractSchedule,
  contractUpdateBody,
  isEditable,
  PARTY_MESSAGES,
  schedulePreview,
  scheduleProblemShown,
  type ContractFormValues,
} from './contract-form.ts';

const VEHICLE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const DRIVER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
const OWNER = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d';

/** A driver's hire purchase as a person fills it: 1,000,000 XAF at 150,000 a month from 31 January 2028. */
function driverForm(patch: Partial<ContractFormValues> = {}): ContractFormValues {
  return {
    ...contractDefaults({ today: '2028-01-31' }),
    vehicle_id: VEHICLE,
    driver_id: DRIVER,
    total_amount: 1_000_000,
    frequency_amount: 150_000,
    ...patch,
  };
}

/** A partner paid 50,000 a week from 1 to 29 February 2028 (a leap year). */
function partnerForm(patch: Partial<ContractFormValues> = {}): ContractFormValues {
  return {
    ...contractDefaults({ today: '2028-02-01' }),
    vehicle_id: VEHICLE,
    vehicle_owner_id: OWNER,
    payment_frequency: 'weekly',
    frequency_amount: 50_000,
    end_date: '2028-02-29',
    ...patch,
  };
}

const checks = (kind: 'DRIVER' | 'PARTNER', v: ContractFormValues) => contractChecks(kind, v, 'XAF').map((e) => e.message);

describe('Contract form: a fresh form', () => {
  it('starts today, monthly, with the vehicle it was opened from', () => {
    expect(contractDefaults({ today: '2028-01-31', vehicleId: VEHICLE })).toMatchObject({ vehicle_id: VEHICLE, payment_frequency: 'monthly', start_date: '2028-01-31', end_date: null, total_amount: null });
  });
});

describe('Contract form: the checks, in the form order', () => {
  it('asks for the vehicle, then the driver, then the schedule (driver)', () => {
    const empty = contractDefaults({ today: null });
    expect(checks('DRIVER', empty)).toEqual([PARTY_MESSAGES.vehicle, PARTY_MESSAGES.driver, CONTRACT_MESSAGES.frequencyAmount]);
    expect(checks('DRIVER', driverForm({ frequency_amount: null }))).toEqual([CONTRACT_MESSAGES.frequencyAmount]);
    expect(checks('DRIVER', driverForm({ total_amount: null }))).toEqual([CONTRACT_MESSAGES.totalAmount]);
    expect(checks('DRIVER', driverForm({ start_date: null }))).toEqual([CONTRACT_MESSAGES.startDate]);
    expect(checks('DRIVER', driverForm({ payment_frequency: null }))).toEqual([CONTRACT_MESSAGES.frequency]);
    expect(checks('DRIVER', driverForm())).toEqual([]);
  });

  it('asks for the owner of a partner contract and its end date, after the start', () => {
    expect(checks('PARTNER', partnerForm({ vehicle_owner_id: null }))).toEqual([PARTY_MESSAGES.owner]);
    expect(checks('PARTNER', partnerForm({ end_date: null }))).toEqual([CONTRACT_MESSAGES.endDate]);
    expect(checks('PARTNER', partnerForm({ end_date: '2028-01-15' }))).toEqual([CONTRACT_MESSAGES.endBeforeStart]);
    expect(checks('PARTNER', partnerForm())).toEqual([]);
  });

  it("wants the first hour of an hourly contract, and a driver's end date that leaves time to pay", () => {
    expect(checks('DRIVER', driverForm({ payment_frequency: 'hourly', start_time: '' }))).toEqual([CONTRACT_MESSAGES.startTime]);
    expect(checks('DRIVER', driverForm({ end_date: '2028-03-31' }))).toEqual([CONTRACT_MESSAGES.totalNotReached]);
    expect(checks('DRIVER', driverForm({ end_date: '2028-07-31' }))).toEqual([]);
  });

  it("says the parties' messages as the contract words them", () => {
    expect(PARTY_MESSAGES).toEqual({ vehicle: CONTRACT_MESSAGES.vehicle, driver: CONTRACT_MESSAGES.driver, owner: CONTRACT_MESSAGES.owner });
  });

  it('puts each message under its field', () => {
    expect(contractChecks('PARTNER', partnerForm({ vehicle_id: null, end_date: null }), 'XAF')).toEqual([
      { field: 'vehicle_id', message: PARTY_MESSAGES.vehicle },
      { field: 'end_date', message: CONTRACT_MESSAGES.endDate },
    ]);
  });

  it('shows a schedule problem before saving only once its field is filled', () => {
    const v = driverForm({ total_amount: null });
    expect(scheduleProblemShown(contractSchedule('DRIVER', v, 'XAF'), v)).toBeNull();
    const short = driverForm({ end_date: '2028-03-31' });
    expect(scheduleProblemShown(contractSchedule('DRIVER', short, 'XAF'), short)).toBe(CONTRACT_MESSAGES.totalNotReached);
  });
});

describe('Contract form: the preview', () => {
  it("counts 7 monthly instalments, month ends clamped, the last one the remainder", () => {
    const p = schedulePreview(contractSchedule('DRIVER', driverForm(), 'XAF'), 'XAF')!;
    expect(p).toMatchObject({ count: 7, total: 1_000_000, remainder: 100_000 });
    expect(p.first).toMatchObject({ seq: 1, dueDate: '2028-01-31', amount: 150_000 });
    expect(p.lines.map((l) => l.dueDate)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
    expect(p.last).toMatchObject({ seq: 7, dueDate: '2028-07-31', amount: 100_000 });
  });

  it('reads cents in a currency that has them', () => {
    const p = schedulePreview(contractSchedule('DRIVER', driverForm({ total_amount: 100.5, frequency_amount: 40.25 }), 'EUR'), 'EUR')!;
    expect(p).toMatchObject({ count: 3, total: 100.5, remainder: 20 });
  });

  it('pays a partner every week up to the end, without a remainder', () => {
    const p = schedulePreview(contractSchedule('PARTNER', partnerForm(), 'XAF'), 'XAF')!;
    expect(p).toMatchObject({ count: 5, total: 250_000, remainder: null });
    expect(p.last.dueDate).toBe('2028-02-29');
  });
});

describe('Contract form: the body sent', () => {
  it("sends a driver's contract as the server's schema reads it", () => {
    const body = contractCreateBody('DRIVER', driverForm({ contract_type_id: '3', clauses: '  Assurance à la charge du chauffeur ', description: '' }));
    expect(body).toEqual({
      vehicle_id: VEHICLE,
      driver_id: DRIVER,
      total_amount: 1_000_000,
      frequency_amount: 150_000,
      payment_frequency: 'monthly',
      start_date: '2028-01-31',
      start_time: undefined,
      end_date: undefined,
      contract_type_id: 3,
      clauses: 'Assurance à la charge du chauffeur',
      description: undefined,
    });
    expect(ZDriverContractCreate.safeParse(body).success).toBe(true);
  });

  it("sends a partner's contract with its owner and end, the hour only when hourly", () => {
    const body = contractCreateBody('PARTNER', partnerForm({ payment_frequency: 'hourly', start_time: '07:30', total_amount: 200_000 }));
    expect(body).toMatchObject({ vehicle_owner_id: OWNER, end_date: '2028-02-29', start_time: '07:30', total_amount: 200_000, payment_frequency: 'hourly' });
    expect('driver_id' in body).toBe(false);
    expect(ZPartnerContractCreate.safeParse(body).success).toBe(true);
  });

  const contract = (status: TContractDetail['contract_status']) =>
    ({
      contract_status: status,
      contract_type: 'DRIVER',
      vehicle: { id: VEHICLE, registration_number: 'LT-123-AB', label: null },
      driver: { id: DRIVER, name: 'Awa Ndiaye', phone: null },
      vehicle_owner: null,
      vehicle_contract_type: { id: 2, name: 'Location-vente' },
      total_amount: 1_000_000,
      frequency_amount: 150_000,
      payment_frequency: 'monthly',
      start_date: '2028-01-31',
      start_time: null,
      end_date: '2028-07-31',
      clauses: 'Clause',
      description: null,
      instalments: [],
    }) as unknown as TContractDetail;

  it("loads a contract back into the form, without the end a driver's schedule came to", () => {
    expect(contractDefaults({ contract: contract('ACTIVE'), today: '2028-03-01' })).toEqual({ ...driverForm(), contract_type_id: '2', clauses: 'Clause' });
  });

  it("loads a partner's end, and its total only when it caps the payments", () => {
    const partner = { ...contract('PENDING'), contract_type: 'PARTNER', driver: null, vehicle_owner: { id: OWNER, name: 'Ebongue Simon', phone: null } } as TContractDetail;
    // Seven months at 150,000 pay 1,050,000: a stored 1,050,000 is the schedule's sum, a stored 1,000,000 a cap.
    expect(contractDefaults({ contract: { ...partner, total_amount: 1_050_000 }, today: null, currency: 'XAF' })).toMatchObject({
      vehicle_owner_id: OWNER,
      total_amount: null,
      end_date: '2028-07-31',
    });
    expect(contractDefaults({ contract: partner, today: null, currency: 'XAF' }).total_amount).toBe(1_000_000);
  });

  it('lets an active contract change only its amounts, frequency, end, clauses and description', () => {
    const active = contract('ACTIVE');
    expect(isEditable('vehicle_id', active)).toBe(false);
    expect(isEditable('start_date', active)).toBe(false);
    expect(isEditable('frequency_amount', active)).toBe(true);
    expect(isEditable('vehicle_id', contract('PENDING'))).toBe(true);
    expect(isEditable('clauses', contract('CANCELLED'))).toBe(false);
    const v = { ...contractDefaults({ contract: active, today: null }), frequency_amount: 200_000, description: '' };
    expect(contractUpdateBody('DRIVER', v, active)).toEqual({
      total_amount: 1_000_000,
      frequency_amount: 200_000,
      payment_frequency: 'monthly',
      clauses: 'Clause',
      description: '',
    });
    expect(contractUpdateBody('DRIVER', { ...v, payment_frequency: 'hourly', start_time: '09:00' }, active)).toMatchObject({ payment_frequency: 'hourly', start_time: '09:00' });
    expect(contractUpdateBody('DRIVER', v, contract('PENDING'))).toMatchObject({ vehicle_id: VEHICLE, driver_id: DRIVER, start_date: '2028-01-31', contract_type_id: 2 });
  });
});
