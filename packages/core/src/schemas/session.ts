// Session API contract (Zan's wrapper around better-auth, mounted under /api/session).
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { text } from './common.ts';
import { emailSchema, passwordSchema, userProfileSchema } from './users.ts';

/** Returned by sign-up, sign-in and GET /api/session/me. */
export const sessionResponseSchema = z.object({
  profile: userProfileSchema,
  sessionId: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: text().min(1, { message: MSG.invalidCredentials }).max(128),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({
  email: text().trim().min(1, { message: MSG.forgotNeedsEmail }).pipe(emailSchema),
});
export const resetPasswordBodySchema = z.strictObject({
  token: text().min(1).max(500),
  newPassword: passwordSchema,
});

export const sessionStatusParamsSchema = z.strictObject({ sessionId: text().min(1).max(100) });

/**
 * GET /api/session/status/:sessionId — lets a device whose requests now answer 401 learn why:
 * 'replaced' (signed in on another device), 'ended' (signed out / expired), 'unknown'.
 */
export const sessionStatusSchema = z.object({ state: z.enum(['active', 'replaced', 'ended', 'unknown']) });
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** Server-Sent Events on GET /api/events (ARCHITECTURE §5 live events). */
/** 'resync': the server may have missed events for this stream (its LISTEN connection reconnected). */
/** 'job' (issue 32): a job of the user changed (started, progressed, ended, or one before it in its queue did). */
export type LiveEvent = 'profile' | 'session-replaced' | 'content' | 'image' | 'progress' | 'resync' | 'job';
/** The data of a 'job' event: which job; the client asks its own route for the job as it stands. */
export type JobEvent = { readonly id: string; readonly kind: string };
/** The kinds of job a client follows (the server's job runner runs them under these names). */
export const JOB_KINDS = {
  ankiImport: 'anki-import',
  ankiProgress: 'anki-progress',
  optimize: 'optimize',
} as const;

/** One message of the dev outbox (GET /api/dev/mailbox answers an array of these, newest first). */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
