// Paid-module access of one user (shared grants resource): what they own, what the caller may grant,
// and grant / revoke (each answers the new lists, written straight into the cache).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../lib/resources/keys.ts';
import { grantModule, revokeModule, userModulesQuery } from '../../../lib/resources/grants.ts';

export function useUserModules(uid: string) {
  return useQuery({ ...userModulesQuery(uid), retry: 1 });
}

export function useGrantMutations(uid: string) {
  const qc = useQueryClient();
  const onSuccess = (data: Awaited<ReturnType<typeof grantModule>>) =>
    qc.setQueryData(keys.userGrants(uid), data);
  return {
    grant: useMutation({ mutationFn: (moduleId: string) => grantModule(uid, moduleId), onSuccess }),
    revoke: useMutation({ mutationFn: (moduleId: string) => revokeModule(uid, moduleId), onSuccess }),
  };
}
