// The topics resource (admin, online only): searchTopics (topic, subject or module name), a subject's
// topics, one topic, create, edit, archive.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdminTopic,
  TopicCreateBody,
  TopicListResponse,
  TopicResponse,
  TopicUpdateBody,
} from '@zan/core';
import { apiGet, apiPatch, apiPost } from '../api.ts';
import { keys } from './keys.ts';
import { cursorPaging, enc, qs } from './paging.ts';

export type TopicListParams = { search: string; subjectId?: string | undefined };

export const fetchTopicPage = (p: TopicListParams, cursor: string | undefined, signal?: AbortSignal) =>
  apiGet<TopicListResponse>(
    `/api/admin/topics${qs({ subjectId: p.subjectId, search: p.search, cursor })}`,
    signal ? { signal } : undefined,
  );
export const fetchTopic = async (id: string): Promise<AdminTopic> =>
  (await apiGet<TopicResponse>(`/api/admin/topics/${enc(id)}`)).topic;
export const createTopic = async (body: TopicCreateBody): Promise<AdminTopic> =>
  (await apiPost<TopicResponse>('/api/admin/topics', body)).topic;
export const updateTopic = async (id: string, body: TopicUpdateBody): Promise<AdminTopic> =>
  (await apiPatch<TopicResponse>(`/api/admin/topics/${enc(id)}`, body)).topic;
export const archiveTopic = async (id: string): Promise<void> => {
  await apiPost(`/api/admin/topics/${enc(id)}/archive`);
};

export const topicListQuery = (p: TopicListParams) =>
  infiniteQueryOptions({
    queryKey: keys.topicList(p),
    queryFn: ({ pageParam, signal }) => fetchTopicPage(p, pageParam, signal),
    ...cursorPaging,
  });

export const topicQuery = (id: string) =>
  queryOptions({ queryKey: keys.topic(id), queryFn: () => fetchTopic(id) });
