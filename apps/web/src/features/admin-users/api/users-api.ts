// Server calls of the users tab (online only): one group's page, role changes, deletion, and the
// colleges for the scope selectors.
import type { College, CollegeListResponse, Role, SetRoleBody, UserListItem, UserListResponse, UserResponse } from '@zan/core';
import { apiDelete, apiGet, apiPost } from '../../../lib/api.ts';

export const usersQueryKey = ['admin', 'users'] as const;
export const collegesQueryKey = ['admin', 'colleges'] as const;

export type UserPageParams = { role: Role; search: string; cursor?: string };

export function fetchUserPage({ role, search, cursor }: UserPageParams, signal?: AbortSignal): Promise<UserListResponse> {
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

export const fetchColleges = async (): Promise<College[]> => (await apiGet<CollegeListResponse>('/api/colleges')).colleges;
