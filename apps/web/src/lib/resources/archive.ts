// The archive resource (superadmin): archived modules / subjects / topics (10 per page, newest first),
// what a permanent delete would remove, restore, and the permanent delete itself.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  ArchiveImpactResponse,
  ArchiveKind,
  ArchiveListResponse,
  PermanentDeleteResponse,
} from '@zan/core';
import { apiDelete, apiGet, apiPost } from '../api.ts';
import { keys } from './keys.ts';
import { cursorPaging, enc, qs } from './paging.ts';

const path = (kind: ArchiveKind, id: string) => `/api/admin/archive/${kind}/${enc(id)}`;

const fetchArchivePage = (kind: ArchiveKind, cursor: string | undefined, signal?: AbortSignal) =>
  apiGet<ArchiveListResponse>(`/api/admin/archive/${kind}${qs({ cursor })}`, signal ? { signal } : undefined);
const fetchArchiveImpact = (kind: ArchiveKind, id: string) => apiGet<ArchiveImpactResponse>(path(kind, id));
export const restoreArchived = async (kind: ArchiveKind, id: string): Promise<void> => {
  await apiPost(`${path(kind, id)}/restore`);
};
export const deleteArchived = (kind: ArchiveKind, id: string) =>
  apiDelete<PermanentDeleteResponse>(path(kind, id));

export const archiveListQuery = (kind: ArchiveKind) =>
  infiniteQueryOptions({
    queryKey: keys.archiveList(kind),
    queryFn: ({ pageParam, signal }) => fetchArchivePage(kind, pageParam, signal),
    ...cursorPaging,
  });

export const archiveImpactQuery = (kind: ArchiveKind, id: string) =>
  queryOptions({ queryKey: keys.archiveImpact(kind, id), queryFn: () => fetchArchiveImpact(kind, id) });
