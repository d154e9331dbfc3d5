// The sync endpoints of ARCHITECTURE §5 (contract: packages/core/src/schemas/sync.ts), through the one
// HTTP client. Errors arrive as ApiError; status 0 means the server was not reached.
import {
  SYNC_PAGE_SIZE,
  type AnnouncementsPullResponse,
  type ContentPullResponse,
  type ProgressOp,
  type ProgressPullResponse,
  type QuestionStatsResponse,
  type SchedulerSettings,
  type SchedulerSettingsResponse,
  type TopicContentResponse,
} from '@zan/core';
import { api, apiGet, apiPost } from '../lib/api.ts';

type ContentQuery = { cursor: string; visibleSet?: string | undefined; limit?: number };
type ProgressPushResult = {
  accepted: string[];
  rejected?: { opId: string; reason: string }[];
  serverTime: number;
};

export type SyncApi = {
  contentPage(q: ContentQuery): Promise<ContentPullResponse>;
  topicContent(topicId: string): Promise<TopicContentResponse>;
  topicVersions(topicIds: string[]): Promise<{ versions: Record<string, number> }>;
  announcements(cursor: string, visibleSet?: string): Promise<AnnouncementsPullResponse>;
  pushProgress(deviceId: string, ops: ProgressOp[]): Promise<ProgressPushResult>;
  pullProgress(since: number): Promise<ProgressPullResponse>;
  /** Sends the scheduler settings changed here (issue 18; they come back with the progress pull). */
  putSchedulerSettings?(settings: SchedulerSettings): Promise<SchedulerSettingsResponse>;
  /** The peer totals of these topics' questions (issue 19; sync/question-stats-sync.ts). */
  questionStats?(topicIds: string[]): Promise<QuestionStatsResponse>;
};

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
};

export const httpSyncApi: SyncApi = {
  contentPage: ({ cursor, visibleSet, limit = SYNC_PAGE_SIZE }) =>
    apiGet(`/api/sync/content?${query({ cursor, visibleSet, limit })}`),
  topicContent: (topicId) => apiGet(`/api/sync/topics/${encodeURIComponent(topicId)}`),
  topicVersions: (topicIds) => apiPost('/api/sync/topics/versions', { topicIds }),
  announcements: (cursor, visibleSet) => apiGet(`/api/sync/announcements?${query({ cursor, visibleSet })}`),
  pushProgress: (deviceId, ops) => apiPost('/api/sync/progress', { deviceId, ops }),
  pullProgress: (since) => apiGet(`/api/sync/progress?${query({ since })}`),
  putSchedulerSettings: (settings) => api('PUT', '/api/sync/scheduler-settings', settings),
  questionStats: (topicIds) => apiPost('/api/sync/question-stats', { topicIds }),
};
