// A SyncApi for the real web sync engine that reaches the real server through app.inject (or any
// injector), with the faults a phone on a train meets: offline, a dropped request or response, and
// topic downloads held back until released.
import type { FastifyInstance } from 'fastify';
import type { SyncApi } from '../../../web/src/sync/sync-api.ts';
import { ApiError } from '../../../web/src/lib/api.ts';

export type Injector = Pick<FastifyInstance, 'inject'>;
export type Fault = 'drop-request' | 'drop-response' | 'server-error';

/** What one device's network does; the model flips these between steps. */
export class Network {
  online = true;
  cookie = '';
  /** Faults to apply to the next requests (first in, first used), whatever the path. */
  faults: Fault[] = [];
  /** When set, topic downloads wait on it after the server answered (a slow download). */
  holdTopics: Promise<void> | null = null;
  /** When set, content pulls wait on it before reaching the server (a sync that starts late). */
  holdContent: Promise<void> | null = null;
  requests = 0;
}

const offline = () => new ApiError(0, 'NETWORK', 'offline');

export function injectApi(servers: () => Injector, net: Network): SyncApi {
  async function call<T>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    hold?: () => Promise<void> | null,
    holdBefore?: () => Promise<void> | null,
  ): Promise<T> {
    const before = holdBefore?.();
    if (before) await before;
    if (!net.online) throw offline();
    net.requests++;
    const fault = net.faults.shift();
    if (fault === 'drop-request') throw offline();
    if (fault === 'server-error') throw new ApiError(500, 'INTERNAL', 'injected server error');
    const res = await servers().inject({
      method,
      url,
      headers: { cookie: net.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const wait = hold?.();
    if (wait) await wait;
    if (fault === 'drop-response' || !net.online) throw offline();
    const data = res.body ? (JSON.parse(res.body) as unknown) : undefined;
    if (res.statusCode >= 400) {
      const err = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ApiError(res.statusCode, err?.code ?? `HTTP_${res.statusCode}`, err?.message ?? res.body);
    }
    return data as T;
  }
  const q = (params: Record<string, string | number | undefined>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
    return s.toString();
  };
  return {
    contentPage: ({ cursor, visibleSet, limit }) =>
      call(
        'GET',
        `/api/sync/content?${q({ cursor, visibleSet, limit })}`,
        undefined,
        undefined,
        () => net.holdContent,
      ),
    topicContent: (topicId) =>
      call('GET', `/api/sync/topics/${encodeURIComponent(topicId)}`, undefined, () => net.holdTopics),
    topicVersions: (topicIds) => call('POST', '/api/sync/topics/versions', { topicIds }),
    announcements: (cursor, visibleSet) =>
      call('GET', `/api/sync/announcements?${q({ cursor, visibleSet })}`),
    pushProgress: (deviceId, ops) => call('POST', '/api/sync/progress', { deviceId, ops }),
    pullProgress: (since) => call('GET', `/api/sync/progress?${q({ since })}`),
  };
}
