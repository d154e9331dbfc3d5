// The sync engine and its React face. Screens use useSync(); the shell mounts SyncButton and SyncStatus.
export { createSyncEngine, type EngineState, type SyncEngine, type SyncOutcome } from './engine.ts';
export { SyncButton, SyncStatus } from './sync-button.tsx';
export { useSync, type SyncApiForUi } from './use-sync.ts';
export { SyncProvider } from './sync-provider.tsx';
export type { TopicSyncResult } from './topic-sync.ts';
export { useOffline, type OfflineApi } from './use-offline.ts';
export type { OfflineJob } from './offline-keeper.ts';
export {
  KeepOfflineButton,
  OFFLINE_MARK,
  OFFLINE_REASON,
  OfflineMark,
  OfflineProgress,
  StorageEstimate,
  UnkeepOfflineButton,
  jobCovers,
} from './offline-ui.tsx';
export { useOfflineOverview } from './use-offline-overview.ts';
export { KeepModulesToggle } from './keep-modules-toggle.tsx';
export { isFullyOffline, isKept, type OfflineOverview, type OfflineTarget } from '../local/offline-keep.ts';
