// The modules tabs' mutations (shared modules resource): create / edit / archive / permanent delete,
// each refreshing every module-derived list (the list itself: lib/use-paged-admin-list).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModuleCreateBody, ModuleUpdateBody } from '@zan/core';
import { keys } from '../../../lib/resources/keys.ts';
import {
  archiveModule,
  createModule,
  deleteGlobalModule,
  updateModule,
} from '../../../lib/resources/modules.ts';

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
