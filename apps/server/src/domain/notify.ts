// The live 'content' and 'image' events after a content write commits (ARCHITECTURE §5): sent to
// every user who may hold the changed rows — students and admins of the colleges, and superadmins.
import type { EventBus } from '../platform/events.ts';
import type { DbOrTx } from '../db/client.ts';
import { usersOfColleges } from './content-write-repository.ts';

/** Above this many affected users one broadcast replaces per-user events (clients ignore what is not theirs). */
const BROADCAST_ABOVE = 200;

/**
 * After a content write commits: a live 'content' event ({ version }) to every user who may hold
 * the changed content — students and admins of the colleges, and superadmins. A lost event only
 * delays the client's next delta sync, so failures are logged by the caller, never thrown at it.
 */
export async function notifyContentChanged(
  events: Pick<EventBus, 'publish'>,
  db: DbOrTx,
  change: { collegeIds: readonly string[] | 'all'; version: number; stream?: 'content' | 'announcements' },
): Promise<void> {
  // Content: { version }; announcements: { announcements: version } (the client's delta sync pulls both).
  const data =
    change.stream === 'announcements' ? { announcements: change.version } : { version: change.version };
  if (change.collegeIds === 'all') return events.publish('*', 'content', data);
  await publishToColleges(events, db, change.collegeIds, 'content', data);
}

/**
 * After image rows changed (upload, optimisation, delete): a live 'image' event ({ imageId }) per
 * image to the users of its college and superadmins — admin image lists refetch, devices may refresh.
 */
export async function notifyImagesChanged(
  events: Pick<EventBus, 'publish'>,
  db: DbOrTx,
  images: readonly { id: string; collegeId: string }[],
): Promise<void> {
  for (const img of images)
    await publishToColleges(events, db, [img.collegeId], 'image', { imageId: img.id });
}

/** `event` to every user of these colleges and every superadmin (one broadcast above the limit). */
async function publishToColleges(
  events: Pick<EventBus, 'publish'>,
  db: DbOrTx,
  collegeIds: readonly string[],
  event: 'content' | 'image',
  data: Record<string, unknown>,
): Promise<void> {
  const colleges = [...new Set(collegeIds)];
  if (!colleges.length) return;
  const users = await usersOfColleges(db, colleges, BROADCAST_ABOVE + 1);
  if (users.length > BROADCAST_ABOVE) return events.publish('*', event, data);
  await Promise.all(users.map((id) => events.publish(id, event, data)));
}
