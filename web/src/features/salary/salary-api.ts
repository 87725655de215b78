import type { TSalaryCalculation, TSalaryPaymentInput, TSalaryPaymentResult } from '@flotte/contract/salary';
import { api, IDEMPOTENT } from '../../api/client.ts';

/** Driver salary (spec 001 section 7 'Driver salary'): the read needs MANAGE_DRIVER_VEHICLE, paying is the owner's. */
export const salaryApi = {
  calculate: (q: { driver_id: string; start_date: string; end_date: string }, signal?: AbortSignal) =>
    api.get<TSalaryCalculation>('/park/calculate-salary', q, signal),
  pay: (body: TSalaryPaymentInput) => api.post<TSalaryPaymentResult>('/park/paid-salary', body, IDEMPOTENT),
};
