import type {
  TDriverLogin,
  TDriverMe,
  TDriverNotifications,
  TDriverOwed,
  TDriverPaid,
  TDriverPayInput,
  TDriverPlanning,
  TDriverResendOtp,
  TDriverSalaries,
  TDriverToday,
  TDriverVerifyOtp,
  TSentCode,
  TSession,
} from '@flotte/contract';
import type { TTransactionValidation } from '@flotte/contract/payins';
import { api, IDEMPOTENT } from '../../api/client.ts';

/** An operator of mobile money, as GET /driver/me/operators answers it. */
export interface DriverOperator {
  id: number;
  name: string;
  image: string | null;
  country_iso_code: string;
}

/** The driver's sign-in (server/src/modules/driver-space/README.md): his phone, a code by SMS. */
export const driverAuthApi = {
  login: (body: TDriverLogin) => api.post<TSentCode>('/auth/driver/login', body),
  resendOtp: (body: TDriverResendOtp) => api.post<TSentCode>('/auth/driver/resend-otp', body),
  verifyOtp: (body: TDriverVerifyOtp) => api.post<TSession>('/auth/driver/verify-otp', body),
};

/** His own space: everything is about the signed-in driver himself. */
export const driverApi = {
  me: (signal?: AbortSignal) => api.get<TDriverMe>('/driver/me', undefined, signal),
  today: (signal?: AbortSignal) => api.get<TDriverToday>('/driver/me/today', undefined, signal),
  planning: (days: number, signal?: AbortSignal) => api.get<TDriverPlanning>('/driver/me/planning', { days }, signal),
  owed: (page: number, signal?: AbortSignal) => api.get<TDriverOwed>('/driver/me/owed', { page }, signal),
  paid: (page: number, signal?: AbortSignal) => api.get<TDriverPaid>('/driver/me/paid', { page }, signal),
  salary: (signal?: AbortSignal) => api.get<TDriverSalaries>('/driver/me/salary', undefined, signal),
  notifications: (signal?: AbortSignal) => api.get<TDriverNotifications>('/driver/me/notifications', undefined, signal),
  markRead: (ids?: string[]) => api.post<{ marked: number }>('/driver/me/notifications/read', ids ? { ids } : {}),
  operators: (signal?: AbortSignal) => api.get<DriverOperator[]>('/driver/me/operators', undefined, signal),
  pay: (body: TDriverPayInput) => api.post<{ validation: TTransactionValidation }>('/driver/me/pay', body, IDEMPOTENT),
  validated: (id: string) => api.post<TTransactionValidation>(`/driver/me/payin/${id}/validated`, {}, IDEMPOTENT),
  cancel: (id: string) => api.post<TTransactionValidation>(`/driver/me/payin/${id}/cancel`, {}, IDEMPOTENT),
};

export const driverKeys = {
  all: ['driver-space'] as const,
  me: () => [...driverKeys.all, 'me'] as const,
  today: () => [...driverKeys.all, 'today'] as const,
  planning: (days: number) => [...driverKeys.all, 'planning', days] as const,
  owed: (page: number) => [...driverKeys.all, 'owed', page] as const,
  paid: (page: number) => [...driverKeys.all, 'paid', page] as const,
  salary: () => [...driverKeys.all, 'salary'] as const,
  notifications: () => [...driverKeys.all, 'notifications'] as const,
  operators: () => [...driverKeys.all, 'operators'] as const,
};
