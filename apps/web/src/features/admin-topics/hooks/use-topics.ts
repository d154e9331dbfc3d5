// The topics screens' server state (shared topics / modules resources): searchTopics paged 15 at a
// time, the parent options, and create / edit / archive, each refreshing what shows topics.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { TopicCreateBody, TopicUpdateBody } from '@zan/core';
import { keys } from '../../../lib/resources/keys.ts';
import { contentOptionsQuery } from '../../../lib/resources/modules.ts';
import {
  archiveTopic,
  createTopic,
  topicListQuery,
  updateTopic,
  type TopicListParams,
} from '../../../lib/resources/topics.ts';

export function useTopicList(params: TopicListParams) {
  return useInfiniteQuery({ ...topicListQuery(params), placeholderData: keepPreviousData, retry: 1 });
}

export const useContentOptions = () => useQuery({ ...contentOptionsQuery(), retry: 1 });

export function useTopicMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([keys.topics(), keys.archive()].map((queryKey) => qc.invalidateQueries({ queryKey })));
  return {
    create: useMutation({ mutationFn: (body: TopicCreateBody) => createTopic(body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TopicUpdateBody }) => updateTopic(id, body),
      onSuccess: refresh,
    }),
    archive: useMutation({ mutationFn: (id: string) => archiveTopic(id), onSuccess: refresh }),
  };
}
