// The topics screens' server state (shared topics / modules resources): the parent options and
// create / edit / archive, each refreshing what shows topics (the list: lib/use-paged-admin-list).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TopicCreateBody, TopicUpdateBody } from '@zan/core';
import { keys } from '../../../lib/resources/keys.ts';
import { contentOptionsQuery } from '../../../lib/resources/modules.ts';
import { archiveTopic, createTopic, updateTopic } from '../../../lib/resources/topics.ts';

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
