// The live 'progress' event after a commit that changed a user's progress (ARCHITECTURE §5): told by the
// progress upload (features/progress) and a scheduler settings change (features/scheduler), both on the
// user's progress clock, so every device of theirs pulls. Built once in app.ts.
import type { EventBus } from '../platform/events.ts';

/** Told after a commit that changed the user's progress (wired to a live 'progress' event). */
export type ProgressNotifier = (userId: string, data: { version: number; deviceId: string }) => Promise<void>;

/** The write has committed: a lost event must not fail it (other devices also pull on their own). */
export const progressNotifier =
  (
    events: Pick<EventBus, 'publish'>,
    log: { warn(obj: Record<string, unknown>, msg: string): void },
  ): ProgressNotifier =>
  (userId, data) =>
    events
      .publish(userId, 'progress', data)
      .catch((err: unknown) => log.warn({ err }, 'could not publish progress event'));
