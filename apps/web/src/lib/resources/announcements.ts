// The announcements resource (admin, online only): list / search by title, create, edit, delete (a
// soft archive on the server, worded as permanent on screen).
import { infiniteQueryOptions } from '@tanstack/react-query';
import type {
  AdminAnnouncement,
  AnnouncementCreateBody,
  AnnouncementListResponse,
  AnnouncementResponse,
  AnnouncementUpdateBody,
} from '@zan/core';
import { apiGet, apiPatch, apiPost } from '../api.ts';
import { keys } from './keys.ts';
import { cursorPaging, enc, qs } from './paging.ts';

const fetchAnnouncementPage = (search: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiGet<AnnouncementListResponse>(
    `/api/admin/announcements${qs({ search, cursor })}`,
    signal ? { signal } : undefined,
  );
export const createAnnouncement = async (body: AnnouncementCreateBody): Promise<AdminAnnouncement> =>
  (await apiPost<AnnouncementResponse>('/api/admin/announcements', body)).announcement;
export const updateAnnouncement = async (
  id: string,
  body: AnnouncementUpdateBody,
): Promise<AdminAnnouncement> =>
  (await apiPatch<AnnouncementResponse>(`/api/admin/announcements/${enc(id)}`, body)).announcement;
/** The tab's Delete: a soft archive on the server. */
export const deleteAnnouncement = async (id: string): Promise<void> => {
  await apiPost(`/api/admin/announcements/${enc(id)}/archive`);
};

export const announcementListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: keys.announcementList({ search }),
    queryFn: ({ pageParam, signal }) => fetchAnnouncementPage(search, pageParam, signal),
    ...cursorPaging,
  });
