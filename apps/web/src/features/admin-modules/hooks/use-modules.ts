// The modules tabs' server state (shared modules resource): a searched list paged 15 at a time, and
// the create / edit / archive / permanent-delete mutations, each refreshing every module-derived list.
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuleCreateBody, ModuleUpdateBody } from '@zan/core';
import { keys } from '../../../lib/resources/keys.ts';
import {
  archiveModule,
  createModule,
  deleteGlobalModule,
  moduleListQuery,
  updateModule,
  type ModuleListParams,
} from '../../../lib/resources/modules.ts';

export function useModuleList(params: ModuleListParams) {
  return useInfiniteQuery({ ...moduleListQuery(params), placeholderData: keepPreviousData, retry: 1 });
}

export function useModuleMutations() {
  const qc = useQueryClient();
  // A module change shows in module lists, the parent options, subjects and topics (their module name).
  const refresh = () =>
    Promise.all(
      [keys.modules(), keys.options(), keys.subjects(), keys.topics(), keys.archive()].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  return {
    create: useMutation({ mutationFn: (body: ModuleCreateBody) => createModule(body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ModuleUpdateBody }) => updateModule(id, body),
      onSuccess: refresh,
    }),
    archive: useMutation({ mutationFn: (id: string) => archiveModule(id), onSuccess: refresh }),
    deleteGlobal: useMutation({ mutationFn: (id: string) => deleteGlobalModule(id), onSuccess: refresh }),
  };
}
