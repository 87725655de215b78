import type { TSentCode, TSession } from '@flotte/contract';
import type { TRegister, TRegisterResend, TRegisterVerify, TSignupOptions } from '@flotte/contract/signup';
import { api } from '../../api/client.ts';

/** Sign-up of a new fleet owner (issue 16): options, the form, its code. All public. */
export const signupApi = {
  options: (signal?: AbortSignal) => api.get<TSignupOptions>('/register', undefined, signal),
  register: (body: TRegister) => api.post<TSentCode>('/register', body),
  verifyOtp: (body: TRegisterVerify) => api.post<TSession>('/register/verify-otp', body),
  resendOtp: (body: TRegisterResend) => api.post<TSentCode>('/register/resend-otp', body),
};
