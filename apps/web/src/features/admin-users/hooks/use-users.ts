// The users tab's server state, from the shared users / colleges resources: one group paged with a
// cursor, the colleges for the scope selectors, and the role / delete mutations (each refreshes every
// group: a user may change group).
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Role, SetRoleBody } from '@zan/core';
import { collegeOptionsQuery } from '../../../lib/resources/colleges.ts';
import { keys } from '../../../lib/resources/keys.ts';
import { deleteUser, setUserRole, userGroupQuery } from '../../../lib/resources/users.ts';

export function useUserGroup(role: Role, search: string, enabled = true) {
  return useInfiniteQuery({
    ...userGroupQuery(role, search),
    placeholderData: keepPreviousData,
    enabled,
    retry: 1,
  });
}

export function useCollegeOptions(enabled: boolean) {
  return useQuery({ ...collegeOptionsQuery(), enabled, retry: 1 });
}

export function useUserMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.users() });
  const setRole = useMutation({
    mutationFn: ({ uid, body }: { uid: string; body: SetRoleBody }) => setUserRole(uid, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ uid, confirmEmail }: { uid: string; confirmEmail: string }) =>
      deleteUser(uid, confirmEmail),
    onSuccess: refresh,
  });
  return { setRole, remove };
}
