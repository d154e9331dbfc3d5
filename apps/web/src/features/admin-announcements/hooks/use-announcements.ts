// The announcements tab's server state (shared announcements resource): the searched list, 15 per
// page, and create / edit / delete, each refreshing the list.
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementCreateBody, AnnouncementUpdateBody } from '@zan/core';
import {
  announcementListQuery,
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from '../../../lib/resources/announcements.ts';
import { keys } from '../../../lib/resources/keys.ts';

export function useAnnouncementList(search: string) {
  return useInfiniteQuery({ ...announcementListQuery(search), placeholderData: keepPreviousData, retry: 1 });
}

export function useAnnouncementMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.announcements() });
  return {
    create: useMutation({
      mutationFn: (body: AnnouncementCreateBody) => createAnnouncement(body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AnnouncementUpdateBody }) =>
        updateAnnouncement(id, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteAnnouncement(id), onSuccess: refresh }),
  };
}
