// Calls to the session API (/api/session, ARCHITECTURE §7). Errors arrive as ApiError.
import type { SessionResponse, SessionStatus, SignUpBody } from '@zan/core';
import { apiGet, apiPost } from '../api.ts';

export const sessionApi = {
  me: () => apiGet<SessionResponse>('/api/session/me'),
  signIn: (email: string, password: string) =>
    apiPost<SessionResponse>('/api/session/sign-in', { email, password }),
  signUp: (body: SignUpBody) => apiPost<SessionResponse>('/api/session/sign-up', body),
  signOut: () => apiPost<unknown>('/api/session/sign-out'),
  status: (sessionId: string) =>
    apiGet<SessionStatus>(`/api/session/status/${encodeURIComponent(sessionId)}`),
  resendVerification: () => apiPost<unknown>('/api/session/resend-verification'),
  forgotPassword: (email: string) => apiPost<unknown>('/api/session/forgot-password', { email }),
  resetPassword: (token: string, newPassword: string) =>
    apiPost<unknown>('/api/session/reset-password', { token, newPassword }),
};
