// The subjects screens' server state (shared subjects / modules resources): the parent-module options
// and create / edit / archive, each refreshing what shows subjects (the list: lib/use-paged-admin-list).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubjectCreateBody, SubjectUpdateBody } from '@zan/core';
import { keys } from '../../../lib/resources/keys.ts';
import { contentOptionsQuery } from '../../../lib/resources/modules.ts';
import { archiveSubject, createSubject, updateSubject } from '../../../lib/resources/subjects.ts';

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
