// The subjects screens' server state (shared subjects / modules resources): a list (of one module or
// all), the parent-module options, and create / edit / archive, each refreshing what shows subjects.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SubjectCreateBody, SubjectUpdateBody } from '@zan/core';
import { keys } from '../../../lib/resources/keys.ts';
import { contentOptionsQuery } from '../../../lib/resources/modules.ts';
import {
  archiveSubject,
  createSubject,
  subjectListQuery,
  updateSubject,
  type SubjectListParams,
} from '../../../lib/resources/subjects.ts';

export function useSubjectList(params: SubjectListParams) {
  return useInfiniteQuery({ ...subjectListQuery(params), placeholderData: keepPreviousData, retry: 1 });
}

export const useContentOptions = () => useQuery({ ...contentOptionsQuery(), retry: 1 });

export function useSubjectMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all(
      [keys.subjects(), keys.options(), keys.topics(), keys.archive()].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  return {
    create: useMutation({ mutationFn: (body: SubjectCreateBody) => createSubject(body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SubjectUpdateBody }) => updateSubject(id, body),
      onSuccess: refresh,
    }),
    archive: useMutation({ mutationFn: (id: string) => archiveSubject(id), onSuccess: refresh }),
  };
}
