// The users resource (admin, online only): one group's page, role changes, deletion — the client and
// its query options, shared by every screen that lists or changes users.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Role, SetRoleBody, UserListItem, UserListResponse, UserResponse } from '@zan/core';
import { apiDelete, apiGet, apiPost } from '../api.ts';
import { keys } from './keys.ts';

type UserPageParams = { role: Role; search: string; cursor?: string | undefined };

function fetchUserPage(
  { role, search, cursor }: UserPageParams,
  signal?: AbortSignal,
): Promise<UserListResponse> {
  const q = new URLSearchParams({ role });
  if (search) q.set('search', search);
  if (cursor) q.set('cursor', cursor);
  return apiGet<UserListResponse>(`/api/users?${q.toString()}`, signal ? { signal } : undefined);
}

export const setUserRole = async (uid: string, body: SetRoleBody): Promise<UserListItem> =>
  (await apiPost<UserResponse>(`/api/users/${encodeURIComponent(uid)}/role`, body)).user;

export const deleteUser = async (uid: string, confirmEmail: string): Promise<void> => {
  await apiDelete(`/api/users/${encodeURIComponent(uid)}`, { confirmEmail });
};

/** One users-tab group (Superadmins / Admins / Users), 15 per page by email. */
export const userGroupQuery = (role: Role, search: string) =>
  infiniteQueryOptions({
    queryKey: keys.userGroup(role, search),
    queryFn: ({ pageParam, signal }) => fetchUserPage({ role, search, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: UserListResponse) => last.nextCursor ?? undefined,
  });
