// The one HTTP client for the web app: JSON in and out, cookies included, errors as ApiError carrying
// the server's { error: { code, message } } (whose message is the spec's text where one exists).
import { MSG } from '@zan/core';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** From a refusal's Retry-After header (a 429): when the server will take the request again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** True when the request never reached the server (offline, DNS, connection refused). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Retry-After as seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', MSG.connectionLost);
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? 'HTTP_' + res.status,
      err?.message ?? MSG.unexpected,
      retryAfterSeconds(res.headers.get('retry-after')),
    );
  }
  return data as T;
}

export const apiGet = <T>(path: string, init?: RequestInit) => api<T>('GET', path, undefined, init);
export const apiPost = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const apiPatch = <T>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const apiDelete = <T>(path: string, body?: unknown) => api<T>('DELETE', path, body);
