// The paid-module grants resource (users tab): what a user owns and what the caller may grant them,
// grant (PUT) and revoke (DELETE); both answer the new lists.
import { queryOptions } from '@tanstack/react-query';
import type { UserModulesResponse } from '@zan/core';
import { api, apiGet } from '../api.ts';
import { keys } from './keys.ts';
import { enc } from './paging.ts';

const path = (uid: string) => `/api/admin/users/${enc(uid)}/modules`;

const fetchUserModules = (uid: string) => apiGet<UserModulesResponse>(path(uid));
export const grantModule = (uid: string, moduleId: string) =>
  api<UserModulesResponse>('PUT', `${path(uid)}/${enc(moduleId)}`, {});
export const revokeModule = (uid: string, moduleId: string) =>
  api<UserModulesResponse>('DELETE', `${path(uid)}/${enc(moduleId)}`);

export const userModulesQuery = (uid: string) =>
  queryOptions({ queryKey: keys.userGrants(uid), queryFn: () => fetchUserModules(uid) });
