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

const connectionLost = () => new ApiError(0, 'NETWORK', MSG.connectionLost);

/** The error of a refused request: the server's { error: { code, message } }, or HTTP_<status> and
 *  the unexpected-error text when the body says nothing readable. */
function refusal(status: number, data: unknown, retryAfter: string | null): ApiError {
  const err = (data as { error?: { code?: string; message?: string } } | null)?.error;
  return new ApiError(
    status,
    err?.code ?? 'HTTP_' + status,
    err?.message ?? MSG.unexpected,
    retryAfterSeconds(retryAfter),
  );
}

/** Every fetch of the client: the session's cookie; a lost connection or a refusal throws ApiError. */
async function send(path: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw connectionLost();
  }
  if (!res.ok) throw refusal(res.status, await res.json().catch(() => null), res.headers.get('retry-after'));
  return res;
}

/** The JSON reply of an accepted request (null when the body is not JSON). */
const jsonOf = (res: Response): Promise<unknown> => res.json().catch(() => null);

export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  const res = await send(path, {
    method,
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init,
  });
  if (res.status === 204) return undefined as T;
  return (await jsonOf(res)) as T;
}

/** POSTs a file or a form and reads the JSON reply: a File or Blob goes as its bytes
 *  (application/octet-stream), a FormData as multipart (the browser sets its boundary). */
export async function apiUpload<T>(path: string, body: Blob | FormData): Promise<T> {
  const res = await send(path, {
    method: 'POST',
    headers:
      body instanceof FormData
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
    body,
  });
  return (await jsonOf(res)) as T;
}

/** As apiUpload for a form, reporting the upload's progress (0–1) as it goes: XMLHttpRequest, since
 *  fetch reports none. */
export function apiUploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(connectionLost());
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(refusal(xhr.status, data, xhr.getResponseHeader('retry-after')));
    };
    xhr.send(form);
  });
}

/** GETs a file the server writes: the accepted Response, to read as bytes with its headers. */
export const apiFile = (path: string): Promise<Response> =>
  send(path, { headers: { Accept: 'application/octet-stream' } });

export const apiGet = <T>(path: string, init?: RequestInit) => api<T>('GET', path, undefined, init);
export const apiPost = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const apiPatch = <T>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const apiDelete = <T>(path: string, body?: unknown) => api<T>('DELETE', path, body);
