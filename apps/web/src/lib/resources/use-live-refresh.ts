// Admin screens follow other admins' edits: a live 'content' event (any content or announcement
// write in the caller's sight) marks every admin query stale, so open lists refetch.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '../session/index.ts';
import { keys } from './keys.ts';

export function useLiveAdminRefresh(): void {
  const qc = useQueryClient();
  useEffect(() => onLiveEvent('content', () => void qc.invalidateQueries({ queryKey: keys.admin })), [qc]);
}
