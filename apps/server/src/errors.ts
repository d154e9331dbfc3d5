// AppError: the one error type services throw; the error plugin turns it into { error: { code, message } }.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Response headers the answer carries (e.g. Retry-After on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A body that failed its schema: the first issue's own message, or a plain one for zod's generic texts. */
export const validationMessage = (first: string | undefined): string =>
  first && !first.startsWith('Invalid input') ? first : 'Invalid request.';

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'You must be signed in.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
/** The 403 message when a rule has none of its own. */
export const NOT_PERMITTED = 'You do not have permission to do this.';
export const forbidden = (message = NOT_PERMITTED, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
/** 429 with Retry-After: the caller may try again in `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'RATE_LIMITED') =>
  new AppError(429, code, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
