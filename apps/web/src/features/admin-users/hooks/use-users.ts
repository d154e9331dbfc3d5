// One users-tab group (Superadmins / Admins / Users) paged with a cursor, the colleges for the scope
// selectors, and the role / delete mutations (each refreshes every group: a user may change group).
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, SetRoleBody } from '@zan/core';
import { collegesQueryKey, deleteUser, fetchColleges, fetchUserPage, setUserRole, usersQueryKey } from '../api/users-api.ts';

export function useUserGroup(role: Role, search: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...usersQueryKey, role, search],
    queryFn: ({ pageParam, signal }) => fetchUserPage({ role, search, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
    retry: 1,
  });
}

export function useCollegeOptions(enabled: boolean) {
  return useQuery({
    queryKey: collegesQueryKey,
    queryFn: fetchColleges,
    select: (list) => [...list].sort((a, b) => a.name.localeCompare(b.name)),
    enabled,
    retry: 1,
  });
}

export function useUserMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: usersQueryKey });
  const setRole = useMutation({
    mutationFn: ({ uid, body }: { uid: string; body: SetRoleBody }) => setUserRole(uid, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ uid, confirmEmail }: { uid: string; confirmEmail: string }) => deleteUser(uid, confirmEmail),
    onSuccess: refresh,
  });
  return { setRole, remove };
}
