// The announcements tab's mutations (shared announcements resource): create / edit / delete, each
// refreshing the list (the list itself: lib/use-paged-admin-list).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementCreateBody, AnnouncementUpdateBody } from '@zan/core';
import {
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from '../../../lib/resources/announcements.ts';
import { keys } from '../../../lib/resources/keys.ts';

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
