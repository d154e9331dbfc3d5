// Admin screens follow other admins' edits: a live 'content' event (any content or announcement
// write in the caller's sight) marks every admin query stale, so open lists refetch; a live 'image'
// event (an image uploaded, optimised or deleted) does the same for the image lists.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '../session/index.ts';
import { keys } from './keys.ts';

export function useLiveAdminRefresh(): void {
  const qc = useQueryClient();
  useEffect(() => onLiveEvent('content', () => void qc.invalidateQueries({ queryKey: keys.admin })), [qc]);
  useEffect(
    () => onLiveEvent('image', () => void qc.invalidateQueries({ queryKey: keys.allImages() })),
    [qc],
  );
}
