// Offline by choice for screens: the running or last download job and the 'keep offline' action.
// Read with useOffline(); SyncProvider supplies it for the signed-in user.
import { createContext, useContext } from 'react';
import type { OfflineTarget } from '../local/offline-keep.ts';
import type { OfflineJob } from './offline-keeper.ts';

export type OfflineApi = {
  job: OfflineJob | null;
  /** Records the choice and downloads the target's topics (queued behind a running job). */
  keep: (target: OfflineTarget) => Promise<OfflineJob | null>;
  /** Stops keeping the target offline; what is already here stays. */
  unkeep: (target: OfflineTarget) => Promise<void>;
  dismiss: () => void;
};

const NONE: OfflineApi = {
  job: null,
  keep: async () => null,
  unkeep: async () => undefined,
  dismiss: () => undefined,
};
export const OfflineContext = createContext<OfflineApi>(NONE);

export const useOffline = (): OfflineApi => useContext(OfflineContext);
