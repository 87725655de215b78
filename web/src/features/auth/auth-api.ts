import type {
  TForgotPassword,
  TForgotPasswordVerifyOtp,
  TLogin,
  TLoginAnswer,
  TLoginType,
  TPinVerified,
  TProfileSummary,
  TResendOtp,
  TResetGrant,
  TResetPassword,
  TSentCode,
  TSession,
  TUpdatePin,
  TUser,
  TVerifyOtp,
} from '@flotte/contract';
import { api } from '../../api/client.ts';

/** The sign-in and session calls of spec 000 section 7, paths letter for letter. */

export const authApi = {
  login: (body: TLogin) => api.post<TLoginAnswer>('/login', body),
  verifyOtp: (body: TVerifyOtp) => api.post<TSession>('/login-verify-otp', body),
  resendOtp: (body: TResendOtp) => api.post<TSentCode>('/resent-otp', body),
  forgotPassword: (body: TForgotPassword) => api.post<TSentCode>('/forgot-password', body),
  forgotPasswordVerifyOtp: (body: TForgotPasswordVerifyOtp) =>
    api.post<TResetGrant>('/forgot-password-verify-otp', body),
  resetPassword: (body: TResetPassword) => api.post<unknown>('/reset-password', body),
  logout: () => api.post<unknown>('/logout', {}),
  user: (signal?: AbortSignal) => api.get<TUser>('/user', undefined, signal),
  profiles: (type: TLoginType, signal?: AbortSignal) =>
    api.get<TProfileSummary[]>('/user/profiles', { type }, signal),
  updatePin: (body: TUpdatePin) => api.post<unknown>('/update-pin-code', body),
  verifyPin: (code: string) => api.post<TPinVerified>('/verify-pin-code', { code }),
};
