// Live count of the progress changes waiting for upload and of those the server refused (set aside on
// this device), for the Troubleshooting section; undefined while the first read runs.
import { useLiveQuery } from 'dexie-react-hooks';
import { getUserDb } from '../../../local/db.ts';
import { outboxState } from '../../../local/outbox.ts';

export function useOutboxState(userId: string): { waiting: number; rejected: number } | undefined {
  return useLiveQuery(() => outboxState(getUserDb(userId)), [userId]);
}
